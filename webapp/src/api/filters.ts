import { api } from '../lib/api';
import type { Route } from './route';

/** The custom filters' lists (api/grid/handlers.go); a failure leaves a list empty. */

type GetBrandsList = Route<'/filters/getBrandsList', 'post'>;
type GetCategoryDropDownList = Route<'/filters/getCategoryDropDownList', 'get'>;

/** BrandsPage is a page of brand names (none: an empty list). */
export type BrandsPage = Omit<GetBrandsList['answer'], 'brands'> & { brands: string[] };

export const getBrandsList = (offset: number, search: string): Promise<BrandsPage> =>
  api.post<GetBrandsList>('/filters/getBrandsList', { data: { offset, search } }, { quiet: true }).then((r) => ({ ...r, brands: r.brands ?? [] }));

/** getCategoryDropDownList answers the category tree (read with toCategoryTree). */
export const getCategoryDropDownList = () => api.get<GetCategoryDropDownList>('/filters/getCategoryDropDownList', { quiet: true });
