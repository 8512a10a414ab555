import { useCallback, useMemo, useRef, useState } from 'react';
import { AgGridReact } from 'ag-grid-react';
import type { ColDef, ColumnRowGroupChangedEvent, ColumnVisibleEvent, GetRowIdParams, GridApi, GridReadyEvent, IServerSideDatasource, IServerSideGetRowsParams } from 'ag-grid-community';
import { useSession } from '../../lib/session';
import { Link, useLocation } from '../../lib/router';
import { insightLabel } from '../../lib/insights';
import { PermName } from '../../api/permissions.gen';
import { NotFound } from '../../components/ErrorPage';
import { registerGridModules, gridLocaleText, gridTheme } from './agGrid';
import { colIdOf, type GridMode } from './columns';
import { buildCondition, rowCountOf, rowIdOf, type ScreenState } from './condition';
import { filterChips } from './chips';
import { BrandFilter, CategoryFilter, RadioFilter } from './filters';
import { GroupLeafCell, ImageCell, ProductNameCell, UrlCell } from './cells';
import { GraphView } from './GraphView';
import { useTabular } from './store';
import { GROUP_COLUMNS, takePrefetched } from './initial';
import { fetchBlock, mark } from './prefetch';
import { reportColDefs } from './reportColumns';
import { currentCondition, exportRequest, switchMode, visibleColIds } from './gridState';
import { searchInReport } from './api/grid';
import { useReport, type LoadedReport } from './useReport';
import { useRowCount } from './useRowCount';
import { useProductLabels } from './useProductLabels';
import { useReportSaving } from './useReportSaving';
import { ShareUnavailable } from '../../components/ShareUnavailable';
import { ReportHeader } from './ReportHeader';
import { ReportToolbar } from './ReportToolbar';
import { FilterChipBar } from './FilterChipBar';
import { SelectionBanner } from './SelectionBanner';
import { ReportDialogsHost, type ReportDialog } from './ReportDialogsHost';

registerGridModules();

/**
 * ag-grid waits this long before each block request. The specification says
 * 1000 ms, but ag-grid applies the debounce to the first load and to every
 * filter/sort reload too (ag-grid#3736), so 1000 ms alone would put first rows
 * past one second. 50 ms still merges the block requests of a quick run of page
 * changes; the e2e run and e2e/measure.mjs print the measured time to first rows.
 */
export const BLOCK_LOAD_DEBOUNCE_MS = 50;
export const PAGE_SIZES = [30, 50, 100];

// Grid options passed as props must keep their identity across renders: a new
// defaultColDef object makes ag-grid re-apply the column definitions and undo
// the column state of a mode switch.
const DEFAULT_COL_DEF: ColDef = { filter: true, floatingFilter: false };
// Group rows get ag-grid's group cell (chevron and key); the product rows of an opened
// group their name and id (GroupLeafCell).
const AUTO_GROUP_COL_DEF: ColDef = {
  headerName: 'Group',
  minWidth: 320,
  pinned: 'left',
  cellRendererSelector: (p) => (p.node.group ? { component: 'agGroupCellRenderer' } : { component: GroupLeafCell }),
};
const ROW_SELECTION = { mode: 'multiRow', headerCheckbox: false, checkboxes: true, groupSelects: 'self', enableClickSelection: false } as const;
const SIDE_BAR = {
  toolPanels: [
    { id: 'columns', labelDefault: 'Columns', labelKey: 'columns', iconKey: 'columns', toolPanel: 'agColumnsToolPanel', toolPanelParams: { suppressPivotMode: true, suppressValues: true, suppressPivots: true } },
    { id: 'filters', labelDefault: 'Filters', labelKey: 'filters', iconKey: 'filter', toolPanel: 'agFiltersToolPanel' },
  ],
};
const COMPONENTS = { radioFilter: RadioFilter, categoryFilter: CategoryFilter, brandFilter: BrandFilter, urlCell: UrlCell, imageCell: ImageCell, productNameCell: ProductNameCell };
const getRowId = (p: GetRowIdParams) => {
  const groups = p.api.getRowGroupColumns();
  return rowIdOf(p.data, p.parentKeys, p.level < groups.length ? groups[p.level]?.getColDef().field : undefined);
};

/** The report screen (docs/product.md §2, §4) of a predefined report, a saved report or a share link. */
export default function TabularReport({ id, share }: { id: string; share: boolean }) {
  const { account, can } = useSession();
  const q = useLocation().search.get('insight');
  const insight = insightLabel(q) ? (q as string) : undefined;
  const { state, report } = useReport(id, share, insight);
  if (state === 'notfound') return <NotFound />;
  if (state === 'unavailable') return <ShareUnavailable canCreate={can(PermName.CreateReport)} shareId={id} />;
  if (state === 'loading' || !report) return <div className="page-loading">Loading...</div>;
  return <ReportScreen key={(report.saved?.id ?? report.reportType) + (insight ? '?' + insight : '')} report={report} share={share} currency={String(account.settings.currency_symbol ?? '$')} />;
}

function ReportScreen({ report, share, currency }: { report: LoadedReport; share: boolean; currency: string }) {
  const { account, can } = useSession();
  useState(() => mark('screen'));
  const mode = useTabular((s) => s.mode);
  const groupLevel = useTabular((s) => s.groupLevel);
  const setBanner = useTabular((s) => s.setBanner);
  const gridApi = useRef<GridApi | null>(null);
  const screen = useRef<ScreenState>({ ...report.screen });
  const [chips, setChips] = useState<ReturnType<typeof filterChips>>([]);
  const [dialog, setDialog] = useState<ReportDialog | null>(null);
  // The group rows graph mode shows: those selected when it was switched on.
  const [graphRows, setGraphRows] = useState<Record<string, unknown>[]>([]);
  // The side bar comes once the first rows are shown: its filters panel builds a filter
  // group for every column (130 of them) when the grid is created, about 100 ms of the
  // main thread that the first rows otherwise wait for.
  const [sideBar, setSideBar] = useState<typeof SIDE_BAR | undefined>(undefined);
  const showSideBar = useCallback(() => setSideBar(SIDE_BAR), []);
  const known = useMemo(() => new Set(report.columns.map(colIdOf)), [report.columns]);
  const headerOf = useCallback((colId: string) => report.columns.find((c) => colIdOf(c) === colId)?.headerName ?? colId, [report.columns]);
  const columns = report.allColumns;
  const canLabel = can(PermName.EditLabel) || can(PermName.EditCILabel);

  const { count, refresh: refreshCount } = useRowCount(gridApi, screen);
  const { labels, labelsRef, removeLabel, assignLabel, createLabel } = useProductLabels(gridApi, screen, account.labels);
  const { saved, save, saveAs, createShareLink } = useReportSaving(gridApi, screen, report, share, known);
  const readOnly = share || !!saved?.read_only;
  const isPredefined = !saved || !!saved.constantReport;

  // Column definitions are built once per report: later mode switches change column state, not definitions.
  const [colDefs] = useState<ColDef[]>(() =>
    reportColDefs(columns, { mode: mode === 'table' ? 'table' : 'group', currency, labels: labelsRef, onRemoveLabel: canLabel ? removeLabel : undefined }),
  );

  const datasource = useMemo<IServerSideDatasource>(
    () => ({
      getRows: (p: IServerSideGetRowsParams) => {
        const condition = buildCondition(p.request as never, screen.current);
        mark('getRows');
        (takePrefetched(condition) ?? fetchBlock(condition))
          .then((r) => {
            mark('block');
            p.success({ rowData: r.rows, rowCount: rowCountOf(r.lastRow) });
            // The count follows the first block of a (re)load instead of racing it for
            // the database: the rows are what the user waits for.
            if (condition.startRow === 0 && condition.groupIds.length === 0) refreshCount(condition.group.length === 0 ? rowCountOf(r.lastRow) : undefined);
          })
          // A failed first block shows the no-rows overlay (docs/product.md §8); a later one is retried by ag-grid.
          .catch(() => (condition.startRow === 0 ? p.success({ rowData: [], rowCount: 0 }) : p.fail()));
      },
    }),
    [refreshCount],
  );

  const onGridReady = useCallback(
    (e: GridReadyEvent) => {
      gridApi.current = e.api;
      mark('gridReady');
      // Also when no rows ever come (a failed first block).
      window.setTimeout(showSideBar, 2000);
      // The browser benchmarks (e2e/measure.mjs) drive paging through the element.
      const wrap = document.querySelector('.grid-wrap') as (HTMLElement & { gridApi?: GridApi }) | null;
      if (wrap) wrap.gridApi = e.api;
      screen.current.visibleColumns = visibleColIds(e.api, known);
      setChips(filterChips(e.api.getFilterModel(), headerOf));
    },
    [headerOf, known, showSideBar],
  );

  const onFilterChanged = useCallback(() => {
    setChips(filterChips(gridApi.current!.getFilterModel(), headerOf));
    setBanner('none');
  }, [headerOf, setBanner]);

  // The rows carry only the visible columns (the condition's visible_columns): a column
  // the user switches on (Columns panel, column menu) needs its values fetched. Mode
  // switches change columns through the API and reload by themselves.
  const onColumnVisible = useCallback(
    (e: ColumnVisibleEvent) => {
      const before = new Set(screen.current.visibleColumns);
      screen.current.visibleColumns = visibleColIds(e.api, known);
      if (e.source !== 'api' && screen.current.visibleColumns.some((c) => !before.has(c))) e.api.refreshServerSide({ purge: false });
    },
    [known],
  );

  const toMode = (m: GridMode, level?: string) => {
    if (!gridApi.current) return;
    const rows = switchMode(gridApi.current, columns, known, screen.current, m, level);
    if (rows) setGraphRows(rows);
  };

  const onRowGroupChanged = useCallback(
    (e: ColumnRowGroupChangedEvent) => {
      // Removing all row groups returns to table mode (docs/product.md §4).
      if (e.api.getRowGroupColumns().length === 0 && useTabular.getState().mode !== 'table') switchMode(e.api, columns, known, screen.current, 'table');
    },
    [columns, known],
  );

  const setWeight = (w: string) => {
    useTabular.getState().setWeightBy(w);
    screen.current.weightBy = w;
    gridApi.current?.refreshServerSide({ purge: true });
  };

  // Suggestions are searched within what the grid shows (filters, insight), not the whole catalogue.
  const suggest = useCallback(
    (text: string) => (gridApi.current ? searchInReport(text, currentCondition(gridApi.current, screen.current)) : Promise.resolve({ count: 0, rows: [] })),
    [],
  );

  const applySearch = (text: string) => {
    useTabular.getState().setSearch(text);
    screen.current.search = text.trim();
    gridApi.current?.refreshServerSide({ purge: true });
  };

  // Select-all: the rows on the page first, then optionally every row of the report.
  const selectPage = (on: boolean) => {
    const a = gridApi.current!;
    if (!on) {
      a.deselectAll();
      setBanner('none');
      return;
    }
    const size = a.paginationGetPageSize();
    const first = a.paginationGetCurrentPage() * size;
    const nodes: Parameters<GridApi['setNodesSelected']>[0]['nodes'] = [];
    a.forEachNode((n) => {
      if (!n.group && n.rowIndex != null && n.rowIndex >= first && n.rowIndex < first + size && n.data) nodes.push(n);
    });
    a.setNodesSelected({ nodes, newValue: true });
    setBanner('page', nodes.length);
  };

  return (
    <div className="page tabular">
      <ReportHeader title={report.title} inSaved={!!saved} canSave={!isPredefined && !readOnly} can={can} onSave={save} onOpen={setDialog} />
      <ReportToolbar
        count={count}
        customFields={account.custom_fields}
        labels={labels}
        canLabel={canLabel}
        onMode={toMode}
        onWeight={setWeight}
        onSearch={applySearch}
        suggest={suggest}
        onSelectPage={selectPage}
        onPickLabel={(l) => void assignLabel(l)}
        onAddLabel={() => setDialog('label')}
      />
      {report.screen.insight ? (
        <div className="notice insight-notice" role="status">
          Pricing insight: {insightLabel(report.screen.insight)} · <Link to={window.location.pathname}>Show all products</Link>
        </div>
      ) : null}
      <FilterChipBar
        chips={chips}
        onRemove={(colId) => {
          const a = gridApi.current!;
          const m = { ...a.getFilterModel() };
          delete m[colId];
          a.setFilterModel(m);
        }}
        onClearAll={() => gridApi.current?.setFilterModel(null)}
      />
      <SelectionBanner
        count={count}
        onSelectReport={() => {
          gridApi.current!.setServerSideSelectionState({ selectAll: true, toggledNodes: [] });
          setBanner('report');
        }}
        onCancel={() => {
          gridApi.current!.deselectAll();
          setBanner('none');
        }}
      />
      {mode === 'graph' && <GraphView rows={graphRows} groupField={GROUP_COLUMNS[groupLevel] ?? 'super_category'} />}
      <div className="grid-wrap" style={{ display: mode === 'graph' ? 'none' : undefined }}>
        <AgGridReact
          theme={gridTheme}
          rowModelType="serverSide"
          columnDefs={colDefs}
          defaultColDef={DEFAULT_COL_DEF}
          autoGroupColumnDef={AUTO_GROUP_COL_DEF}
          cacheBlockSize={100}
          maxBlocksInCache={10}
          blockLoadDebounceMillis={BLOCK_LOAD_DEBOUNCE_MS}
          pagination
          paginationPageSize={30}
          paginationPageSizeSelector={PAGE_SIZES}
          rowSelection={ROW_SELECTION}
          getRowId={getRowId}
          sideBar={sideBar}
          tooltipShowDelay={300}
          tooltipInteraction
          components={COMPONENTS}
          initialState={report.init.state}
          localeText={gridLocaleText}
          serverSideDatasource={datasource}
          onGridReady={onGridReady}
          onFirstDataRendered={() => {
            mark('firstRows');
            // After the rows have been painted: building the side bar is a long task.
            if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(showSideBar, { timeout: 500 });
            else window.setTimeout(showSideBar, 200);
          }}
          onFilterChanged={onFilterChanged}
          onColumnRowGroupChanged={onRowGroupChanged}
          onColumnVisible={onColumnVisible}
          onSortChanged={() => setBanner('none')}
          animateRows={false}
        />
      </div>
      <ReportDialogsHost
        dialog={dialog}
        onClose={() => setDialog(null)}
        saved={saved}
        share={share}
        title={report.title}
        competitors={Object.values(account.competitors)}
        saveAs={saveAs}
        createShareLink={createShareLink}
        createLabel={createLabel}
        exportRequest={() => exportRequest(gridApi.current!, screen.current)}
      />
    </div>
  );
}
