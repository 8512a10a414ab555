import { useMemo, useState, type ReactNode } from 'react';
import { AgGridReact, type AgGridReactProps } from 'ag-grid-react';
import type { ColDef } from 'ag-grid-community';
import { Breadcrumb } from '../../components/Breadcrumb';
import { BrandFilter, CategoryFilter, RadioFilter } from '../../components/grid/filters';
import { FilterChipBar } from '../../components/grid/FilterChipBar';
import { GridTooltip } from '../../components/grid/GridTooltip';
import { registerGridModules, gridLocaleText, gridTheme } from './agGrid';
import type { ResultsCount, ResultsGridState } from './useResultsGrid';

registerGridModules();

const DEFAULT_COL_DEF: ColDef = { filter: true };
const SIDE_BAR = { toolPanels: ['columns', 'filters'] };
const MODES = ['table', 'group', 'graph'] as const;

/**
 * ResultsGrid draws a pricer results grid (useResultsGrid's state): the page head, the search,
 * the count, the run, the mode switch and group-by, the filter chips, then the server-side grid
 * (or the group and graph modes). A screen passes what it alone has: its toolbar buttons, a
 * notice line, its group view, a side panel, cell components and grid options (approval: the
 * selection and the comment editor).
 */
export function ResultsGrid({
  grid,
  title,
  className,
  groupByOptions,
  countText,
  runLabel = 'Run',
  emptyText,
  toolbar,
  tableToolbar,
  notice,
  groups,
  aside,
  components,
  gridOptions,
  children,
}: {
  grid: ResultsGridState;
  title: string;
  className?: string;
  groupByOptions: { id: string; label: string }[];
  countText: (c: ResultsCount) => string;
  runLabel?: string;
  /** What the screen says when no run has finished (no grid is shown then). */
  emptyText: string;
  /** Buttons at the toolbar's end, in every mode. */
  toolbar?: ReactNode;
  /** Buttons at the toolbar's end in table mode only. */
  tableToolbar?: ReactNode;
  notice?: ReactNode;
  groups: (mode: 'group' | 'graph', groupBy: string, cond: Record<string, unknown>) => ReactNode;
  aside?: ReactNode;
  components?: Record<string, unknown>;
  gridOptions?: Partial<AgGridReactProps>;
  children?: ReactNode;
}) {
  const [search, setSearch] = useState('');
  const allComponents = useMemo(
    () => ({ radioFilter: RadioFilter, categoryFilter: CategoryFilter, brandFilter: BrandFilter, gridTooltip: GridTooltip, ...components }),
    [components],
  );
  const { runId, mode, count, chips } = grid;
  const noRun = runId === null;
  return (
    <div className={'page tabular pricer-results' + (className ? ' ' + className : '')}>
      <Breadcrumb items={[{ label: title }]} />
      <div className="page-head">
        <h1>{title}</h1>
      </div>
      <div className="toolbar">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            grid.search(search);
          }}
        >
          <input aria-label="Search products" placeholder="Search..." value={search} onChange={(e) => setSearch(e.target.value)} />
        </form>
        <span className="row-count" aria-label="Row count">
          {count && !noRun ? countText(count) : ''}
        </span>
        {runId != null && (
          <span className="muted">
            {runLabel} #{runId}
          </span>
        )}
        <div className="mode-switch" role="group" aria-label="Mode">
          {MODES.map((m) => (
            <button key={m} className="btn" aria-pressed={mode === m} disabled={m !== 'table' && runId == null} onClick={() => grid.chooseMode(m)}>
              {m[0].toUpperCase() + m.slice(1)}
            </button>
          ))}
        </div>
        {mode !== 'table' && (
          <label>
            Group by{' '}
            <select value={grid.groupBy} onChange={(e) => grid.setGroupBy(e.target.value)}>
              {groupByOptions.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.label}
                </option>
              ))}
            </select>
          </label>
        )}
        {toolbar}
        {mode === 'table' && tableToolbar}
      </div>
      {notice}
      {noRun && <div className="empty-state">{emptyText}</div>}
      <FilterChipBar
        chips={chips}
        onRemove={(colId) => {
          const api = grid.api();
          if (!api) return;
          const m = { ...api.getFilterModel() };
          delete m[colId];
          api.setFilterModel(m);
        }}
        onClearAll={() => grid.api()?.setFilterModel(null)}
      />
      {mode !== 'table' && runId != null && groups(mode, grid.groupBy, grid.modeCond)}
      {/* No grid to page before a run, and none under the group and graph modes: the notice above says why
          (the screenshot tour found "Page 0 of 0" beside it). */}
      <div className="results-body" hidden={mode !== 'table' || noRun}>
        <div className="grid-wrap">
          {grid.cols && (
            <AgGridReact
              theme={gridTheme}
              rowModelType="serverSide"
              columnDefs={grid.cols}
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
              components={allComponents}
              localeText={gridLocaleText}
              serverSideDatasource={grid.datasource}
              onGridReady={grid.onGridReady}
              onFilterChanged={grid.onFilterChanged}
              animateRows={false}
              {...gridOptions}
            />
          )}
        </div>
        {aside}
      </div>
      {children}
    </div>
  );
}
