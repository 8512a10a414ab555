import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { AgGridReact } from 'ag-grid-react';
import type { ColDef, GridApi, IServerSideDatasource, IServerSideGetRowsParams, NewValueParams, RowSelectionOptions } from 'ag-grid-community';
import { Breadcrumb } from '../../components/Breadcrumb';
import { BrandFilter, CategoryFilter, RadioFilter } from '../../components/grid/filters';
import { filterChips } from '../../components/grid/chips';
import { FilterChipBar } from '../../components/grid/FilterChipBar';
import { UploadDialog, csvDataHref } from '../../components/UploadDialog';
import { GridTooltip } from '../../components/grid/GridTooltip';
import { useSession } from '../../lib/session';
import { has } from '../../lib/permissions';
import { PermName, Resource } from '../../api/permissions.gen';
import { ApiError } from '../../lib/api';
import type { ResultRow } from './api/results';
import {
  APPROVAL_CSV_COLUMNS,
  APPROVAL_CSV_EXAMPLE,
  decide,
  getApprovalColumns,
  getApprovalCount,
  getApprovalRows,
  updateComment,
  uploadApprovalCsv,
} from './api/approval';
import { registerGridModules, gridLocaleText, gridTheme } from './agGrid';
import { resultColDefs } from './resultColumns';
import { normaliseResultFilters, resultCondition } from './resultCondition';
import { acceptComment, commentEditable, decideBody, isPending, selectedCount, type Selection } from './approvalSelection';
import { ApprovalGroups } from './ApprovalGroups';
import { APPROVAL_GROUP_BY, type ResultMode } from './resultGroups';

registerGridModules();

const DEFAULT_COL_DEF: ColDef = { filter: true };
const SIDE_BAR = { toolPanels: ['columns', 'filters'] };
const NO_SELECTION: Selection = { selectAll: false, toggledNodes: [] };

/**
 * Manual Approval (/new/repricing/approval): the latest real run's approval records as a
 * server-side grid with the shared filters, chips and count. Only Pending rows are selectable;
 * Approve selected / Reject selected decide the ticked rows, or after the header's select-all every
 * Pending record of the grid's filter (resolved on the server). The bizfin comment is editable on
 * Pending rows with the mandated-brands update permission, which deciding also needs. The approval
 * CSV goes through the shared upload dialog.
 */
export function Approval() {
  const { account } = useSession();
  const currency = String(account.settings.currency_symbol ?? '$');
  const canDecide = has(account.userPermissions, PermName.MandatedBrands, Resource.DynamicPricer, 'update:any');
  const [cols, setCols] = useState<ColDef[] | null>(null);
  const [headers, setHeaders] = useState<Record<string, string>>({});
  const [chips, setChips] = useState<ReturnType<typeof filterChips>>([]);
  const [count, setCount] = useState<{ count: number; pending: number } | null>(null);
  const [runId, setRunId] = useState<number | null | undefined>(undefined);
  const [search, setSearch] = useState('');
  const [selection, setSelection] = useState<Selection>(NO_SELECTION);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);
  const gridApi = useRef<GridApi | null>(null);
  const searchRef = useRef('');
  // Group and graph modes read the grid's condition of the moment they were chosen.
  const [mode, setMode] = useState<ResultMode>('table');
  const [modeCond, setModeCond] = useState<Record<string, unknown>>({});
  const [groupBy, setGroupBy] = useState(APPROVAL_GROUP_BY[0].id);

  useEffect(() => {
    getApprovalColumns().then((c) => {
      setHeaders(Object.fromEntries(c.map((x) => [x.colId, x.headerName])));
      const defs = resultColDefs(c, currency).map((d) => {
        const col = c.find((x) => x.colId === d.colId);
        // Columns PostgreSQL adds (comment, who, when) are shown, not filtered or sorted.
        return col && !col.filter_type ? { ...d, filter: false, sortable: false } : d;
      });
      // The hover tooltips of the other grids: the product at its name, the competitor at its price and delta.
      for (const d of defs) {
        const id = String(d.colId ?? '');
        const tip = id === 'name' ? 'product' : id.startsWith('Price@') || id.startsWith('price_delta@') ? 'competitor' : null;
        if (!tip) continue;
        d.tooltipField = d.field;
        d.tooltipComponent = GridTooltip;
        d.tooltipComponentParams = { kind: tip, colId: id };
      }
      const comment = defs.find((d) => d.colId === 'bizfin_comment');
      if (comment) {
        comment.editable = (p) => commentEditable(p.data, canDecide);
        comment.cellClass = (p) => (commentEditable(p.data, canDecide) ? 'editable-cell' : '');
      }
      setCols(defs);
    }, () => setCols([]));
  }, [currency, canDecide]);

  const refresh = useCallback(() => {
    gridApi.current?.deselectAll();
    setSelection(NO_SELECTION);
    gridApi.current?.refreshServerSide({ purge: true });
  }, []);

  const datasource = useMemo<IServerSideDatasource>(
    () => ({
      getRows: (p: IServerSideGetRowsParams) => {
        const cond = { ...resultCondition(p.request, searchRef.current, false), run: undefined };
        getApprovalRows(cond)
          .then((b) => {
            p.success({ rowData: b.rows, rowCount: b.lastRow >= 0 ? b.lastRow : undefined });
            setRunId(b.runId);
            if (cond.startRow === 0) getApprovalCount(cond).then((c) => setCount({ count: c.count, pending: c.pending }), () => setCount(null));
          })
          .catch(() => (cond.startRow === 0 ? p.success({ rowData: [], rowCount: 0 }) : p.fail()));
      },
    }),
    [],
  );
  const components = useMemo(() => ({ radioFilter: RadioFilter, categoryFilter: CategoryFilter, brandFilter: BrandFilter }), []);
  const headerOf = useCallback((id: string) => headers[id] ?? id, [headers]);
  const rowSelection = useMemo<RowSelectionOptions | undefined>(
    () => (canDecide ? { mode: 'multiRow', headerCheckbox: true, isRowSelectable: (n) => isPending(n.data as ResultRow | undefined) } : undefined),
    [canDecide],
  );

  const onDecide = async (decision: 'approved' | 'rejected') => {
    if (!runId || !gridApi.current) return;
    const filters = normaliseResultFilters(gridApi.current.getFilterModel());
    setBusy(true);
    try {
      const r = await decide(decideBody(selection, runId, decision, { filters, search: searchRef.current }));
      setMessage(r.message);
      refresh();
    } catch {
      // the global handler shows the failure
    } finally {
      setBusy(false);
    }
  };

  const onCommentChanged = (e: NewValueParams<ResultRow>) => {
    const text = String(e.newValue ?? '');
    if (!runId || !e.data || text === String(e.oldValue ?? '')) return;
    if (!acceptComment(text)) {
      e.node?.setDataValue('bizfin_comment', e.oldValue);
      return;
    }
    updateComment(runId, String(e.data.id), text).then(
      () => setMessage('Bizfin comment saved'),
      (err) => {
        e.node?.setDataValue('bizfin_comment', e.oldValue);
        if (err instanceof ApiError) setMessage(err.message);
      },
    );
  };

  const n = selectedCount(selection, count?.pending ?? 0);
  return (
    <div className="page tabular pricer-results approval">
      <Breadcrumb items={[{ label: 'Manual Approval' }]} />
      <div className="page-head">
        <h1>Manual Approval</h1>
      </div>
      <div className="toolbar">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            searchRef.current = search.trim();
            refresh();
          }}
        >
          <input aria-label="Search products" placeholder="Search..." value={search} onChange={(e) => setSearch(e.target.value)} />
        </form>
        <span className="row-count" aria-label="Row count">
          {count ? `${count.count.toLocaleString('en-US')} records, ${count.pending.toLocaleString('en-US')} pending` : ''}
        </span>
        {runId != null && <span className="muted">Run #{runId}</span>}
        <div className="mode-switch" role="group" aria-label="Mode">
          {(['table', 'group', 'graph'] as const).map((m) => (
            <button
              key={m}
              className="btn"
              aria-pressed={mode === m}
              disabled={m !== 'table' && runId == null}
              onClick={() => {
                const filters = gridApi.current ? normaliseResultFilters(gridApi.current.getFilterModel()) : {};
                setModeCond({ filters, search: searchRef.current });
                setMode(m);
              }}
            >
              {m[0].toUpperCase() + m.slice(1)}
            </button>
          ))}
        </div>
        {mode !== 'table' && (
          <label>
            Group by{' '}
            <select value={groupBy} onChange={(e) => setGroupBy(e.target.value)}>
              {APPROVAL_GROUP_BY.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.label}
                </option>
              ))}
            </select>
          </label>
        )}
        {canDecide && mode === 'table' && (
          <>
            <button className="btn btn-primary" disabled={busy || n === 0} onClick={() => void onDecide('approved')}>
              Approve selected{n ? ` (${n.toLocaleString('en-US')})` : ''}
            </button>
            <button className="btn" disabled={busy || n === 0} onClick={() => void onDecide('rejected')}>
              Reject selected{n ? ` (${n.toLocaleString('en-US')})` : ''}
            </button>
            <button className="btn" disabled={!runId} onClick={() => setUploading(true)}>
              Upload approval CSV
            </button>
          </>
        )}
      </div>
      {message && (
        <div className="notice-line" role="status">
          {message}
        </div>
      )}
      {runId === null && <div className="empty-state">No run has finished yet.</div>}
      <FilterChipBar
        chips={chips}
        onRemove={(colId) => {
          const m = { ...gridApi.current!.getFilterModel() };
          delete m[colId];
          gridApi.current!.setFilterModel(m);
        }}
        onClearAll={() => gridApi.current?.setFilterModel(null)}
      />
      {mode !== 'table' && runId != null && <ApprovalGroups mode={mode} groupBy={groupBy} cond={modeCond} currency={currency} />}
      {/* No grid to page before a run: the notice above says why (the screenshot tour found "Page 0 of 0" beside it). */}
      <div className="results-body" hidden={mode !== 'table' || runId === null}>
        <div className="grid-wrap">
          {cols && (
            <AgGridReact
              theme={gridTheme}
              rowModelType="serverSide"
              tooltipShowDelay={300}
              columnDefs={cols}
              defaultColDef={DEFAULT_COL_DEF}
              cacheBlockSize={100}
              maxBlocksInCache={10}
              blockLoadDebounceMillis={50}
              pagination
              paginationPageSize={30}
              paginationPageSizeSelector={[30, 50, 100]}
              getRowId={(p) => String(p.data.id)}
              rowSelection={rowSelection}
              sideBar={SIDE_BAR}
              components={components}
              localeText={gridLocaleText}
              serverSideDatasource={datasource}
              singleClickEdit
              stopEditingWhenCellsLoseFocus
              onGridReady={(e) => (gridApi.current = e.api)}
              onFilterChanged={() => {
                setChips(filterChips(gridApi.current!.getFilterModel(), headerOf));
                gridApi.current?.deselectAll();
                setSelection(NO_SELECTION);
              }}
              onSelectionChanged={(e) => setSelection(e.api.getServerSideSelectionState() as Selection)}
              onCellValueChanged={(e) => e.colDef.colId === 'bizfin_comment' && onCommentChanged(e)}
              animateRows={false}
            />
          )}
        </div>
      </div>
      {uploading && (
        <UploadDialog
          title="Upload approval CSV"
          columns={APPROVAL_CSV_COLUMNS}
          example={{ href: csvDataHref(APPROVAL_CSV_EXAMPLE), download: 'approval_example.csv', label: 'Download an example CSV' }}
          upload={uploadApprovalCsv}
          onClose={(changed) => {
            setUploading(false);
            if (changed) {
              setMessage('The approval CSV was applied');
              refresh();
            }
          }}
        />
      )}
    </div>
  );
}
