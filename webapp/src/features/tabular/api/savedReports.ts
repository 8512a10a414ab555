import { api } from '../../../lib/api';
import type { Handwritten } from '../../../api/route';
import type { SavedReport } from '../../../api/types';

/** The report screen's saved-report calls (api/CONTRACT.md "Saved reports"). */

/** The report fields of a save: the screen's state (gridState.reportState) with the name and folder. */
type ReportFields = Record<string, unknown>;

type GetSaveReport = Handwritten<'/saveReport/getSaveReport', 'post', { body: { id: string | number; isShareLink: boolean }; answer: { report: SavedReport } }>;
type UpdateSaveReport = Handwritten<'/saveReport/updateSaveReport', 'post', { body: ReportFields; answer: { report: SavedReport } }>;
type InsertSaveReport = Handwritten<'/saveReport/insertSaveReport', 'post', { body: ReportFields; answer: { id: number } }>;
type InsertSaveReportForCopyLink = Handwritten<
  '/saveReport/insertSaveReportForCopyLink',
  'post',
  { body: { reportId?: number; condition: ReportFields }; answer: { id: string; url: string } }
>;

/** getSaveReport opens a saved report or a share link; 404 is the caller's (not found / no longer available). */
export const getSaveReport = (id: string, share: boolean) =>
  api.post<GetSaveReport>('/saveReport/getSaveReport', { id: share ? id : Number(id), isShareLink: share }, { quiet: [404] });

/** updateSaveReport saves the screen over a saved report; the caller says so in a snackbar. */
export const updateSaveReport = (body: ReportFields) => api.post<UpdateSaveReport>('/saveReport/updateSaveReport', body, { quiet: true });

/** insertSaveReport is Save As; a 400 (bad name) is shown in the dialog. */
export const insertSaveReport = (body: ReportFields) => api.post<InsertSaveReport>('/saveReport/insertSaveReport', body, { quiet: [400] });

/** insertSaveReportForCopyLink makes a share link of the screen. */
export const insertSaveReportForCopyLink = (body: InsertSaveReportForCopyLink['body']) =>
  api.post<InsertSaveReportForCopyLink>('/saveReport/insertSaveReportForCopyLink', body);
