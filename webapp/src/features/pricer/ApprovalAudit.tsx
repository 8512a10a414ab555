import { useMemo, useState } from 'react';
import { AgGridReact } from 'ag-grid-react';
import type { ColDef, IServerSideDatasource, IServerSideGetRowsParams, ValueFormatterParams } from 'ag-grid-community';
import { Breadcrumb } from '../../components/Breadcrumb';
import { useSession } from '../../lib/session';
import { getAuditData, type AuditFilters } from './api/approval';
import { registerGridModules, gridLocaleText, gridTheme } from './agGrid';
import { formatResult } from './resultColumns';

registerGridModules();


/**
 * Manual Approval Audit Log (/new/repricing/manual_approval_audit): every decision on an approval
 * record — who, when, product, old and new price, the decision, the bizfin comment, and whether it
 * was taken on the approval screen or by the approval CSV — newest first, sortable by one column.
 */
export function ApprovalAudit() {
  const { account } = useSession();
  const currency = String(account.settings.currency_symbol ?? '$');
  // No decision at all (the first page, unfiltered, is empty): words instead of an empty grid
  // paging "Page 0 of 0". A filter that matches nothing keeps the grid, to change the filter.
  const [none, setNone] = useState(false);
  const cols = useMemo<ColDef[]>(() => {
    const money = (p: ValueFormatterParams) => formatResult('currency', p.value, currency);
    // Column filters (server-side, /approval/getAuditData `filters`): text the product, the user
    // or the comment contains; sets of decisions and sources; a day or range of days (UTC).
    const text = { filter: 'agTextColumnFilter', filterParams: { filterOptions: ['contains'], maxNumConditions: 1, buttons: ['apply', 'reset'] } };
    const set = (values: string[]) => ({ filter: 'agSetColumnFilter', filterParams: { values, buttons: ['apply', 'reset'] } });
    const dates = { filter: 'agDateColumnFilter', filterParams: { filterOptions: ['equals', 'greaterThan', 'lessThan', 'inRange'], maxNumConditions: 1, buttons: ['apply', 'reset'] } };
    return [
      { colId: 'decided_at', field: 'decided_at', headerName: 'When', width: 190, ...dates, valueFormatter: (p) => (p.value ? new Date(String(p.value)).toLocaleString() : '') },
      { colId: 'decided_by', field: 'decided_by', headerName: 'Who', width: 200, ...text },
      { colId: 'product_id', field: 'product_id', headerName: 'Product', width: 160, ...text },
      { colId: 'run_id', field: 'run_id', headerName: 'Run', width: 90 },
      { colId: 'old_price', field: 'old_price', headerName: 'Old price', width: 120, type: 'rightAligned', valueFormatter: money },
      { colId: 'new_price', field: 'new_price', headerName: 'New price', width: 120, type: 'rightAligned', valueFormatter: money },
      { colId: 'decision', field: 'decision', headerName: 'Decision', width: 130, ...set(['approved', 'rejected']) },
      { colId: 'bizfin_comment', field: 'bizfin_comment', headerName: 'Bizfin comment', width: 240, sortable: false, ...text },
      { colId: 'source', field: 'source', headerName: 'Source', width: 130, ...set(['screen', 'csv']), valueFormatter: (p) => (p.value === 'csv' ? 'CSV upload' : 'Screen') },
    ];
  }, [currency]);
  const datasource = useMemo<IServerSideDatasource>(
    () => ({
      getRows: (p: IServerSideGetRowsParams) => {
        const start = p.request.startRow ?? 0;
        const sort = p.request.sortModel.slice(0, 1).map((s) => ({ colId: s.colId, sort: s.sort }));
        getAuditData(start, Math.max(1, (p.request.endRow ?? start + 100) - start), sort, p.request.filterModel as AuditFilters).then(
          (b) => {
            p.success({ rowData: b.rows ?? [], rowCount: b.lastRow });
            if (start === 0 && b.lastRow === 0 && Object.keys(p.request.filterModel ?? {}).length === 0) setNone(true);
          },
          () => (start === 0 ? p.success({ rowData: [], rowCount: 0 }) : p.fail()),
        );
      },
    }),
    [],
  );
  return (
    <div className="page tabular approval-audit">
      <Breadcrumb items={[{ label: 'Manual Approval Audit Log' }]} />
      <h1>Manual Approval Audit Log</h1>
      {none ? (
        <div className="empty-state">No decisions yet. Each approval or rejection on Manual Approval, or by its CSV upload, is listed here.</div>
      ) : (
        <div className="grid-wrap" aria-label="Manual approval audit">
          <AgGridReact
            theme={gridTheme}
            rowModelType="serverSide"
            columnDefs={cols}
            cacheBlockSize={100}
            maxBlocksInCache={10}
            pagination
            paginationPageSize={30}
            // The page sizes of the other grids: ag-grid's own list (20, 50, 100) lacks 30, and its selector showed blank.
            paginationPageSizeSelector={[30, 50, 100]}
            getRowId={(p) => String(p.data.id)}
            localeText={gridLocaleText}
            serverSideDatasource={datasource}
            animateRows={false}
          />
        </div>
      )}
    </div>
  );
}
