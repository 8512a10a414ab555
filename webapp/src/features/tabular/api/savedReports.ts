import { api } from '../../../lib/api';
import type { SavedReport } from '../../../api/types';

/** The report screen's saved-report calls (api/CONTRACT.md "Saved reports"). */

/** getSaveReport opens a saved report or a share link; 404 is the caller's (not found / no longer available). */
export const getSaveReport = (id: string, share: boolean) =>
  api.post<{ report: SavedReport }>('/saveReport/getSaveReport', { id: share ? id : Number(id), isShareLink: share }, { quiet: [404] });

/** updateSaveReport saves the screen over a saved report; the caller says so in a snackbar. */
export const updateSaveReport = (body: Record<string, unknown>) => api.post<{ report: SavedReport }>('/saveReport/updateSaveReport', body, { quiet: true });

/** insertSaveReport is Save As; a 400 (bad name) is shown in the dialog. */
export const insertSaveReport = (body: Record<string, unknown>) => api.post<{ id: number }>('/saveReport/insertSaveReport', body, { quiet: [400] });

/** insertSaveReportForCopyLink makes a share link of the screen. */
export const insertSaveReportForCopyLink = (body: Record<string, unknown>) => api.post<{ id: string; url: string }>('/saveReport/insertSaveReportForCopyLink', body);
