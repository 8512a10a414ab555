import { api } from '../../../lib/api';
import type { SavedReportSummary } from '../../../api/types';

/** The saved reports page's calls (api/CONTRACT.md "Saved reports"); failures are told in snackbars. */

export const getAllSaveReports = () => api.get<{ reports: SavedReportSummary[] }>('/saveReport/getAllSaveReports');

export const removeSaveReport = (reportId: number) => api.post('/saveReport/removeSaveReport', { reportId }, { quiet: true });

export const updateScheduledReport = (s: { report_id: number; scheduled_days: string; user_ids: number[]; email_ids: string[] }) =>
  api.post<{ report: SavedReportSummary }>('/saveReport/updateScheduledReport', { updateScheduledReport: s }, { quiet: true });

export const removeScheduledReport = (reportId: number) => api.post<{ report: SavedReportSummary }>('/saveReport/removeScheduledReport', { report_id: reportId }, { quiet: true });
