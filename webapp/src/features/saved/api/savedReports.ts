import { api } from '../../../lib/api';
import type { Handwritten } from '../../../api/route';
import type { SavedReportSummary } from '../../../api/types';

/** The saved reports page's calls (api/CONTRACT.md "Saved reports"); failures are told in snackbars. */

export type Schedule = { report_id: number; scheduled_days: string; user_ids: number[]; email_ids: string[] };

type GetAllSaveReports = Handwritten<'/saveReport/getAllSaveReports', 'get', { answer: { reports: SavedReportSummary[] } }>;
type RemoveSaveReport = Handwritten<'/saveReport/removeSaveReport', 'post', { body: { reportId: number }; answer: { ok: boolean; message: string } }>;
type UpdateScheduledReport = Handwritten<'/saveReport/updateScheduledReport', 'post', { body: { updateScheduledReport: Schedule }; answer: { report: SavedReportSummary } }>;
type RemoveScheduledReport = Handwritten<'/saveReport/removeScheduledReport', 'post', { body: { report_id: number }; answer: { report: SavedReportSummary } }>;

export const getAllSaveReports = () => api.get<GetAllSaveReports>('/saveReport/getAllSaveReports');

export const removeSaveReport = (reportId: number) => api.post<RemoveSaveReport>('/saveReport/removeSaveReport', { reportId }, { quiet: true });

export const updateScheduledReport = (s: Schedule) => api.post<UpdateScheduledReport>('/saveReport/updateScheduledReport', { updateScheduledReport: s }, { quiet: true });

export const removeScheduledReport = (reportId: number) => api.post<RemoveScheduledReport>('/saveReport/removeScheduledReport', { report_id: reportId }, { quiet: true });
