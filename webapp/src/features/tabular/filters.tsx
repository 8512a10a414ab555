// The custom filters are shared with the dynamic pricer's grids (src/components/grid).
export { BrandFilter, CategoryFilter, RadioFilter, toCategoryTree, BRAND_PAGE, SEARCH_DEBOUNCE_MS } from '../../components/grid/filters';
