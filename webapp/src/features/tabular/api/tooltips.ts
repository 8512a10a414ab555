import { api } from '../../../lib/api';
import type { Handwritten } from '../../../api/route';

/** The hover tooltips' calls (spec §2, api/grid/handlers.go): the product tooltip and the competitor prices. */
export type TooltipCall = '/tabular/getTooltipData' | '/tooltip/getCompetitorData';

/** The caller names the answer it reads (cells.tsx: ProductTip, CompetitorTip). */
type GetTooltip<T> = Handwritten<TooltipCall, 'post', { body: { productId: string }; answer: T }>;

export const getTooltip = <T>(call: TooltipCall, productId: string) => api.post<GetTooltip<T>>(call, { productId }, { quiet: true });
