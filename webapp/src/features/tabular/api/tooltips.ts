import { api } from '../../../lib/api';

/** The hover tooltips' calls (spec §2, api/grid/handlers.go): the product tooltip and the competitor prices. */
export type TooltipCall = '/tabular/getTooltipData' | '/tooltip/getCompetitorData';

export const getTooltip = <T>(call: TooltipCall, productId: string) => api.post<T>(call, { productId }, { quiet: true });
