import { themeQuartz } from 'ag-grid-community';

/** The grids' one look (report grid, trend table, product page). */
export const gridTheme = themeQuartz.withParams({ fontSize: 13, rowHeight: 40, headerHeight: 40, spacing: 6 });
