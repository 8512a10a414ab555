import { api } from '../../../lib/api';

/** The custom filters' lists (api/grid/handlers.go); a failure leaves a list empty. */

export type BrandsPage = { brands: string[]; hasMore: boolean };

export const getBrandsList = (offset: number, search: string) => api.post<BrandsPage>('/filters/getBrandsList', { data: { offset, search } }, { quiet: true });

/** getCategoryDropDownList answers the category tree (read with toCategoryTree). */
export const getCategoryDropDownList = () => api.get<unknown>('/filters/getCategoryDropDownList', { quiet: true });
