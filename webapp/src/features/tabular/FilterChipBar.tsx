// The chip bar is shared with the dynamic pricer's grids (src/components/grid).
export { FilterChipBar } from '../../components/grid/FilterChipBar';
