import { api } from '../../../lib/api';
import type { Route } from '../../../api/route';
import type { components } from '../../../api/schema';
import type { SavedReportSummary } from '../../../api/types';

/** The saved reports page's calls (docs/api-contract.md "Saved reports"); failures are told in snackbars. */

type GetAllSaveReports = Route<'/saveReport/getAllSaveReports', 'get'>;
type RemoveSaveReport = Route<'/saveReport/removeSaveReport', 'post'>;
type UpdateScheduledReport = Route<'/saveReport/updateScheduledReport', 'post'>;
type RemoveScheduledReport = Route<'/saveReport/removeScheduledReport', 'post'>;

/** Schedule is what the schedule dialog sends: the report, its weekdays and its recipients. */
export type Schedule = { report_id: number; scheduled_days: string; user_ids: number[]; email_ids: string[] };

/** summary gives a report's recipients as lists (the document's null: none); a whole report keeps its other fields. */
const summary = (r: components['schemas']['AppstateReportSummary']): SavedReportSummary => ({
  ...r,
  email_ids: r.email_ids ?? [],
  user_ids: r.user_ids ?? [],
});

/** getAllSaveReports lists the saved reports (none: an empty list). */
export const getAllSaveReports = (): Promise<SavedReportSummary[]> =>
  api.get<GetAllSaveReports>('/saveReport/getAllSaveReports').then((r) => (r.reports ?? []).map(summary));

export const removeSaveReport = (reportId: number) => api.post<RemoveSaveReport>('/saveReport/removeSaveReport', { reportId }, { quiet: true });

/** updateScheduledReport schedules a report and answers it as saved. */
export const updateScheduledReport = (s: Schedule): Promise<SavedReportSummary> =>
  api.post<UpdateScheduledReport>('/saveReport/updateScheduledReport', { updateScheduledReport: s }, { quiet: true }).then((r) => summary(r.report));

/** removeScheduledReport stops a report's e-mails and answers it as saved. */
export const removeScheduledReport = (reportId: number): Promise<SavedReportSummary> =>
  api.post<RemoveScheduledReport>('/saveReport/removeScheduledReport', { report_id: reportId }, { quiet: true }).then((r) => summary(r.report));
