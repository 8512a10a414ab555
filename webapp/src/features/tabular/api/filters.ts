import { api } from '../../../lib/api';
import type { Handwritten } from '../../../api/route';

/** The custom filters' lists (api/grid/handlers.go); a failure leaves a list empty. */

export type BrandsPage = { brands: string[]; hasMore: boolean };

type GetBrandsList = Handwritten<'/filters/getBrandsList', 'post', { body: { data: { offset: number; search: string } }; answer: BrandsPage }>;
type GetCategoryDropDownList = Handwritten<'/filters/getCategoryDropDownList', 'get', { answer: unknown }>;

export const getBrandsList = (offset: number, search: string) => api.post<GetBrandsList>('/filters/getBrandsList', { data: { offset, search } }, { quiet: true });

/** getCategoryDropDownList answers the category tree (read with toCategoryTree). */
export const getCategoryDropDownList = () => api.get<GetCategoryDropDownList>('/filters/getCategoryDropDownList', { quiet: true });
