import { api } from '../lib/api';
import type { Route } from './route';

/**
 * Match feedback (docs/reports.md#match-feedback): flag a competitor offer as a wrong match (from the
 * grid's competitor tooltip), take the flag back or resolve it, list the flags, the data team's CSV.
 */

type FlagMatch = Route<'/match_feedback/flagMatch', 'post'>;
type UnflagMatch = Route<'/match_feedback/unflagMatch', 'post'>;
type ResolveMatch = Route<'/match_feedback/resolveMatch', 'post'>;
type GetFlags = Route<'/match_feedback/getFlags', 'get'>;

export type MatchFlag = NonNullable<GetFlags['answer']['flags']>[number];
export type FlagStatus = '' | 'open' | 'resolved';

export const flagMatch = (body: FlagMatch['body']) => api.post<FlagMatch>('/match_feedback/flagMatch', body, { quiet: [400, 404] });

export const unflagMatch = (productId: string, competitorId: number) =>
  api.post<UnflagMatch>('/match_feedback/unflagMatch', { productId, competitorId }, { quiet: [404] });

export const resolveMatch = (productId: string, competitorId: number) =>
  api.post<ResolveMatch>('/match_feedback/resolveMatch', { productId, competitorId }, { quiet: [404] });

/** getFlags lists the account's flags, open first (none: an empty list). */
export const getFlags = (status: FlagStatus): Promise<MatchFlag[]> =>
  api.get<GetFlags>('/match_feedback/getFlags' + (status ? '?status=' + status : '')).then((r) => r.flags ?? []);

/** exportCsvUrl is the CSV download of the flags (open by default, or all). */
export const exportCsvUrl = (status: FlagStatus) => '/api/match_feedback/exportCsv?status=' + (status || 'all');
