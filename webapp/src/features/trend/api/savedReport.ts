import { api } from '../../../lib/api';
import type { Route } from '../../../api/route';

type GetSaveReport = Route<'/saveReport/getSaveReport', 'post'>;
export type SavedTrend = GetSaveReport['answer'];

/** getSavedTrend opens a saved trend report (/trend/{name}/type/{id}) or a share link (/share/{id}); a 404 is the caller's. */
export const getSavedTrend = (id: string, share: boolean) =>
  api.post<GetSaveReport>('/saveReport/getSaveReport', { id: share ? id : Number(id), isShareLink: share }, { quiet: [404] });
