import { api } from '../lib/api';
import type { Route } from './route';

/** The hover tooltips' calls (docs/product.md §2, api/grid/handlers.go): the product tooltip and the competitor prices. */

type GetTooltipData = Route<'/tabular/getTooltipData', 'post'>;
type GetCompetitorData = Route<'/tooltip/getCompetitorData', 'post'>;

export type ProductTip = GetTooltipData['answer'];
export type CompetitorTip = NonNullable<GetCompetitorData['answer']['competitors']>[number];
/** CompetitorTips is a product's competitor offers (none: an empty list). */
export type CompetitorTips = Omit<GetCompetitorData['answer'], 'competitors'> & { competitors: CompetitorTip[] };

export const getProductTip = (productId: string) => api.post<GetTooltipData>('/tabular/getTooltipData', { productId }, { quiet: true });

export const getCompetitorTips = (productId: string): Promise<CompetitorTips> =>
  api.post<GetCompetitorData>('/tooltip/getCompetitorData', { productId }, { quiet: true }).then((r) => ({ ...r, competitors: r.competitors ?? [] }));
