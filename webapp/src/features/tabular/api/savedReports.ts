import { api } from '../../../lib/api';
import type { Route } from '../../../api/route';

/** The report screen's saved-report calls (docs/api-contract.md "Saved reports"). */

type GetSaveReport = Route<'/saveReport/getSaveReport', 'post'>;
type UpdateSaveReport = Route<'/saveReport/updateSaveReport', 'post'>;
type InsertSaveReport = Route<'/saveReport/insertSaveReport', 'post'>;
type InsertSaveReportForCopyLink = Route<'/saveReport/insertSaveReportForCopyLink', 'post'>;

/** ReportFields is what the screen shows (gridState.reportState): a save's body without its name and folder. */
export type ReportFields = Omit<InsertSaveReport['body'], 'report_name' | 'folder_id'>;

/** getSaveReport opens a saved report or a share link; 404 is the caller's (not found / no longer available). */
export const getSaveReport = (id: string, share: boolean) =>
  api.post<GetSaveReport>('/saveReport/getSaveReport', { id: share ? id : Number(id), isShareLink: share }, { quiet: [404] });

/** updateSaveReport saves the screen over a saved report; the caller says so in a snackbar. */
export const updateSaveReport = (body: UpdateSaveReport['body']) => api.post<UpdateSaveReport>('/saveReport/updateSaveReport', body, { quiet: true });

/** insertSaveReport is Save As; a 400 (bad name) is shown in the dialog. */
export const insertSaveReport = (body: InsertSaveReport['body']) => api.post<InsertSaveReport>('/saveReport/insertSaveReport', body, { quiet: [400] });

/** insertSaveReportForCopyLink makes a share link of the screen. */
export const insertSaveReportForCopyLink = (body: InsertSaveReportForCopyLink['body']) =>
  api.post<InsertSaveReportForCopyLink>('/saveReport/insertSaveReportForCopyLink', body);
