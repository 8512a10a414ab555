import { api } from '../../../lib/api';
import type { Route } from '../../../api/route';
import { summary } from '../../../api/savedReports';
import type { SavedReportSummary } from '../../../api/types';

/** The saved reports page's calls (docs/api-contract.md "Saved reports"); failures are told in snackbars. */

type RemoveSaveReport = Route<'/saveReport/removeSaveReport', 'post'>;
type UpdateScheduledReport = Route<'/saveReport/updateScheduledReport', 'post'>;
type RemoveScheduledReport = Route<'/saveReport/removeScheduledReport', 'post'>;

/** Schedule is what the schedule dialog sends: the report, its weekdays and its recipients. */
export type Schedule = { report_id: number; scheduled_days: string; user_ids: number[]; email_ids: string[] };

export { getAllSaveReports } from '../../../api/savedReports';

export const removeSaveReport = (reportId: number) => api.post<RemoveSaveReport>('/saveReport/removeSaveReport', { reportId }, { quiet: true });

/** updateScheduledReport schedules a report and answers it as saved. */
export const updateScheduledReport = (s: Schedule): Promise<SavedReportSummary> =>
  api.post<UpdateScheduledReport>('/saveReport/updateScheduledReport', { updateScheduledReport: s }, { quiet: true }).then((r) => summary(r.report));

/** removeScheduledReport stops a report's e-mails and answers it as saved. */
export const removeScheduledReport = (reportId: number): Promise<SavedReportSummary> =>
  api.post<RemoveScheduledReport>('/saveReport/removeScheduledReport', { report_id: reportId }, { quiet: true }).then((r) => summary(r.report));
