// The filter chips are shared with the dynamic pricer's grids (src/components/grid).
export { filterChips, listValues, CHIP_VALUES, type Chip } from '../../components/grid/chips';
