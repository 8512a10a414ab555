import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { AgGridReact, type CustomCellRendererProps } from 'ag-grid-react';
import type { ColDef, GridApi, IServerSideDatasource, IServerSideGetRowsParams } from 'ag-grid-community';
import { Breadcrumb } from '../../components/Breadcrumb';
import { BrandFilter, CategoryFilter, RadioFilter } from '../../components/grid/filters';
import { filterChips } from '../../components/grid/chips';
import { FilterChipBar } from '../../components/grid/FilterChipBar';
import { ExportDialog } from '../../components/ExportDialog';
import { useSession } from '../../lib/session';
import { exportResults, getColumnsDef, getConditionsData, getCountOfRow, type ResultRow } from './api/results';
import { registerGridModules, gridLocaleText, gridTheme } from './agGrid';
import { codeWord, resultColDefs, formatResult } from './resultColumns';
import { changeFilter, exportCondition, resultCondition } from './resultCondition';
import { ResultGroups } from './ResultGroups';
import { GROUP_BY, type ResultMode } from './resultGroups';

registerGridModules();

const DEFAULT_COL_DEF: ColDef = { filter: true };
const SIDE_BAR = { toolPanels: ['columns', 'filters'] };

type Step = { kind: string; rule_id?: number; rule_name?: string; source?: string; source_value?: number; value?: number | null; text: string };

/**
 * Results and Simulation Results (/new/repricing/results, /new/repricing/simulation_results): the
 * latest complete run's (or simulation's) per-product results as a server-side grid with the
 * shared filters, chips and count, and "why this price" on every row (tooltip and a side panel
 * with the explanation's steps).
 */
export function Results({ simulation }: { simulation: boolean }) {
  const title = simulation ? 'Simulation Results' : 'Results';
  const { account } = useSession();
  const currency = String(account.settings.currency_symbol ?? '$');
  const [cols, setCols] = useState<ColDef[] | null>(null);
  const [headers, setHeaders] = useState<Record<string, string>>({});
  const [chips, setChips] = useState<ReturnType<typeof filterChips>>([]);
  const [count, setCount] = useState<{ count: number; pending?: number } | null>(null);
  const [runId, setRunId] = useState<number | null | undefined>(undefined);
  const [search, setSearch] = useState('');
  const [why, setWhy] = useState<ResultRow | null>(null);
  const [exporting, setExporting] = useState(false);
  const [mode, setMode] = useState<ResultMode>('table');
  // The grid's condition when group or graph mode was chosen: what those modes group.
  const [modeCond, setModeCond] = useState<Record<string, unknown>>({});
  const [groupBy, setGroupBy] = useState(GROUP_BY[0].id);
  const gridApi = useRef<GridApi | null>(null);
  const searchRef = useRef('');
  const lastCond = useRef<ReturnType<typeof resultCondition> | null>(null);
  // The grid's latest condition (its first block's, before any arrived): what the modes and the export read.
  const currentCond = () => lastCond.current ?? resultCondition({ filterModel: null, sortModel: [] }, searchRef.current, simulation);

  useEffect(() => {
    getColumnsDef().then((c) => {
      setHeaders(Object.fromEntries(c.map((x) => [x.colId, x.headerName])));
      setCols(resultColDefs(c, currency));
    }, () => setCols([]));
  }, [currency]);

  const datasource = useMemo<IServerSideDatasource>(
    () => ({
      getRows: (p: IServerSideGetRowsParams) => {
        const cond = resultCondition(p.request, searchRef.current, simulation);
        lastCond.current = cond;
        getConditionsData(cond)
          .then((b) => {
            p.success({ rowData: b.rows, rowCount: b.lastRow >= 0 ? b.lastRow : undefined });
            setRunId(b.runId);
            if (cond.startRow === 0) getCountOfRow(cond).then((c) => setCount({ count: c.count, pending: c.pending ?? undefined }), () => setCount(null));
          })
          .catch(() => (cond.startRow === 0 ? p.success({ rowData: [], rowCount: 0 }) : p.fail()));
      },
    }),
    [simulation],
  );
  const components = useMemo(
    () => ({ radioFilter: RadioFilter, categoryFilter: CategoryFilter, brandFilter: BrandFilter, whyCell: (p: CustomCellRendererProps) => <WhyCell {...p} onOpen={setWhy} /> }),
    [],
  );
  const headerOf = useCallback((id: string) => headers[id] ?? id, [headers]);

  return (
    <div className="page tabular pricer-results">
      <Breadcrumb items={[{ label: title }]} />
      <div className="page-head">
        <h1>{title}</h1>
      </div>
      <div className="toolbar">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            searchRef.current = search.trim();
            gridApi.current?.refreshServerSide({ purge: true });
          }}
        >
          <input aria-label="Search products" placeholder="Search..." value={search} onChange={(e) => setSearch(e.target.value)} />
        </form>
        <span className="row-count" aria-label="Row count">
          {count ? `${count.count.toLocaleString('en-US')} products` + (simulation || count.pending === undefined ? '' : `, ${count.pending.toLocaleString('en-US')} pending`) : ''}
        </span>
        {runId != null && <span className="muted">{simulation ? 'Simulation' : 'Run'} #{runId}</span>}
        <div className="mode-switch" role="group" aria-label="Mode">
          {(['table', 'group', 'graph'] as const).map((m) => (
            <button
              key={m}
              className="btn"
              aria-pressed={mode === m}
              disabled={m !== 'table' && runId == null}
              onClick={() => {
                setModeCond({ ...currentCond(), run: runId });
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
              {GROUP_BY.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.label}
                </option>
              ))}
            </select>
          </label>
        )}
        <button className="btn" onClick={() => setExporting(true)} disabled={runId == null}>
          Export
        </button>
      </div>
      {exporting && runId != null && (
        <ExportDialog
          start={() => exportResults(exportCondition(currentCond(), runId, visibleColumns(gridApi.current, headers)))}
          onClose={() => setExporting(false)}
        />
      )}
      {runId === null && <div className="empty-state">{simulation ? 'No simulation has finished yet.' : 'No run has finished yet.'}</div>}
      <FilterChipBar
        chips={chips}
        onRemove={(colId) => {
          const m = { ...gridApi.current!.getFilterModel() };
          delete m[colId];
          gridApi.current!.setFilterModel(m);
        }}
        onClearAll={() => gridApi.current?.setFilterModel(null)}
      />
      {mode !== 'table' && runId != null && (
        <ResultGroups mode={mode} groupBy={groupBy} cond={modeCond} currency={currency} />
      )}
      {/* No grid to page before a run: the notice above says why (the screenshot tour found "Page 0 of 0" beside it). */}
      <div className="results-body" hidden={mode !== 'table' || runId === null}>
        <div className="grid-wrap">
          {cols && (
            <AgGridReact
              theme={gridTheme}
              rowModelType="serverSide"
              columnDefs={cols}
              defaultColDef={DEFAULT_COL_DEF}
              cacheBlockSize={100}
              maxBlocksInCache={10}
              blockLoadDebounceMillis={50}
              pagination
              paginationPageSize={30}
              paginationPageSizeSelector={[30, 50, 100]}
              getRowId={(p) => String(p.data.id)}
              sideBar={SIDE_BAR}
              tooltipShowDelay={300}
              components={components}
              localeText={gridLocaleText}
              serverSideDatasource={datasource}
              onGridReady={(e) => {
                gridApi.current = e.api;
                // The insights panel's candidates open the results with their filter (?change=up|down).
                const f = changeFilter(new URLSearchParams(window.location.search).get('change'));
                if (f && !simulation) e.api.setFilterModel(f);
              }}
              onFilterChanged={() => setChips(filterChips(gridApi.current!.getFilterModel(), headerOf))}
              animateRows={false}
            />
          )}
        </div>
        {why && <WhyPanel row={why} currency={currency} onClose={() => setWhy(null)} />}
      </div>
    </div>
  );
}

/** visibleColumns are the result columns the grid shows, in its order (the file's columns). */
function visibleColumns(api: GridApi | null, headers: Record<string, string>): string[] {
  return (api?.getAllDisplayedColumns() ?? []).map((c) => c.getColId()).filter((id) => id in headers);
}

/** WhyCell shows the explanation sentence and opens the panel with its steps. */
function WhyCell(p: CustomCellRendererProps & { onOpen: (r: ResultRow) => void }) {
  if (!p.data) return null;
  return (
    <button className="btn btn-link why-cell" aria-label={'Why this price ' + String(p.data.id)} onClick={() => p.onOpen(p.data as ResultRow)}>
      {String(p.value ?? '')}
    </button>
  );
}

/** WhyPanel is "why this price": the sentence, then each step (rule, source value, bound, guardrail, rounding). */
function WhyPanel({ row, currency, onClose }: { row: ResultRow; currency: string; onClose: () => void }) {
  const steps = (Array.isArray(row.steps) ? row.steps : []) as Step[];
  return (
    <aside className="why-panel" role="complementary" aria-label="Why this price">
      <div className="page-head">
        <h2>Why this price</h2>
        <button className="btn btn-link" onClick={onClose} aria-label="Close why this price">
          ×
        </button>
      </div>
      <p className="muted">
        {String(row.name ?? '')} ({String(row.id)})
      </p>
      <dl className="facts">
        <dt>Current price</dt>
        <dd>{formatResult('currency', row.price, currency)}</dd>
        <dt>Recommended price</dt>
        <dd>{formatResult('currency', row.recommended_price, currency)}</dd>
        <dt>Change</dt>
        <dd>{formatResult('percent', row.change_pct, currency)}</dd>
        <dt>Status</dt>
        <dd>{codeWord('status', row.status)}</dd>
      </dl>
      <p className="why-sentence">{String(row.explanation ?? '')}</p>
      <ol className="why-steps">
        {steps.map((s, i) => (
          <li key={i} data-kind={s.kind}>
            {s.text}
          </li>
        ))}
      </ol>
    </aside>
  );
}
