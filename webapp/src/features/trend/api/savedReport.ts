import { api } from '../../../lib/api';
import type { Route } from '../../../api/route';

type GetSaveReport = Route<'/saveReport/getSaveReport', 'post'>;
type UpdateSaveReport = Route<'/saveReport/updateSaveReport', 'post'>;
type InsertSaveReport = Route<'/saveReport/insertSaveReport', 'post'>;
export type SavedTrend = GetSaveReport['answer'];

/** getSavedTrend opens a saved trend report (/trend/{name}/type/{id}) or a share link (/share/{id}); a 404 is the caller's. */
export const getSavedTrend = (id: string, share: boolean) =>
  api.post<GetSaveReport>('/saveReport/getSaveReport', { id: share ? id : Number(id), isShareLink: share }, { quiet: [404] });

/** updateSavedTrend is Save: the screen's state over the saved trend report; the caller says so in a snackbar. */
export const updateSavedTrend = (body: UpdateSaveReport['body']) => api.post<UpdateSaveReport>('/saveReport/updateSaveReport', body, { quiet: true });

/** insertSavedTrend is Save As; a 400 (bad name) is shown in the dialog. */
export const insertSavedTrend = (body: InsertSaveReport['body']) => api.post<InsertSaveReport>('/saveReport/insertSaveReport', body, { quiet: [400] });
