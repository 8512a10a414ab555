import { themeQuartz } from 'ag-grid-community';

/** The grids' one look (report grid, trend table, product page). */
export const gridTheme = themeQuartz.withParams({ fontSize: 13, rowHeight: 40, headerHeight: 40, spacing: 6 });

/** The grids' words where ag-grid's differ from the specification's (the filter buttons, the empty grid). */
export const gridLocaleText = { applyFilter: 'Apply Filter', clearFilter: 'Clear Filter', noRowsToShow: 'no row showing', columns: 'Columns', filters: 'Filters' };
