import { useMemo } from 'react';
import { AgGridReact } from 'ag-grid-react';
import { ClientSideRowModelModule, type ColDef } from 'ag-grid-community';
import { formatValue } from '../lib/format';
import { gridTheme } from './gridTheme';
import { UrlCell } from './UrlCell';
import { registerGridModules } from './agGrid';

registerGridModules([ClientSideRowModelModule]);

/** A column of a DataTable: the API's column definition fields it reads (docs/product.md §3). */
export type TableColumn = { field: string; headerName: string; format_type?: string };

/**
 * DataTable is an ag-grid table of rows already in the browser (the trend table,
 * the product page's competitors): sortable, values written by format_type. Loaded
 * on demand through Table.tsx so that ag-grid stays out of the first bundle.
 */
export default function DataTable({ columns, rows, currency = '$', label }: { columns: TableColumn[]; rows: Record<string, unknown>[]; currency?: string; label: string }) {
  const defs = useMemo<ColDef[]>(
    () =>
      columns.map((c) => ({
        colId: c.field,
        field: c.field,
        headerName: c.headerName,
        headerTooltip: c.headerName,
        sortable: true,
        resizable: true,
        minWidth: 100,
        flex: 1,
        type: ['currency', 'percent', 'number'].includes(c.format_type ?? '') ? 'rightAligned' : undefined,
        valueFormatter: (p) => formatValue(c.format_type, p.value, currency),
        cellRenderer: c.format_type === 'url' ? UrlCell : undefined,
      })),
    [columns, currency],
  );
  return (
    <div className="data-table" role="region" aria-label={label} style={{ height: Math.min(480, 48 + 41 * Math.max(rows.length, 3)) }}>
      <AgGridReact theme={gridTheme} columnDefs={defs} rowData={rows} domLayout="normal" suppressCellFocus />
    </div>
  );
}
