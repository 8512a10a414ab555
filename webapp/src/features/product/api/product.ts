import { api } from '../../../lib/api';
import type { Route } from '../../../api/route';

/** The product page's calls (docs/product.md §7): the product's row, and its competitors table (columns and rows). */

type GetProductDetails = Route<'/tabular/getProductDetailsById', 'post'>;
type GetCompetitorColumns = Route<'/competitor/getColumnsDef', 'get'>;
type GetCompetitorData = Route<'/competitor/getData', 'post'>;

export type CompetitorColumn = NonNullable<GetCompetitorColumns['answer']['columns']>[number];
export type CompetitorOffer = NonNullable<GetCompetitorData['answer']['rows']>[number];

/** getProduct reads the product's full row; a 404 (not in this account) is the caller's to show. */
export const getProduct = (id: string): Promise<Record<string, unknown>> =>
  api.post<GetProductDetails>('/tabular/getProductDetailsById', { productId: id }, { quiet: [404] }).then((r) => r.product as Record<string, unknown>);

export const getCompetitorColumns = (): Promise<CompetitorColumn[]> => api.get<GetCompetitorColumns>('/competitor/getColumnsDef').then((r) => r.columns ?? []);

export const getCompetitorOffers = (id: string): Promise<CompetitorOffer[]> =>
  api.post<GetCompetitorData>('/competitor/getData', { product_id: id }, { quiet: [404] }).then((r) => r.rows ?? []);
