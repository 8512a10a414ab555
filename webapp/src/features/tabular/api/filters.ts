// The filter lists are shared with the dynamic pricer's grids (src/api/filters.ts).
export { getBrandsList, getCategoryDropDownList, type BrandsPage } from '../../../api/filters';
