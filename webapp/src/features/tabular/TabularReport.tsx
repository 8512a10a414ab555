import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { AgGridReact } from 'ag-grid-react';
import type {
  ColDef,
  ColumnRowGroupChangedEvent,
  GetRowIdParams,
  GridApi,
  GridReadyEvent,
  IServerSideDatasource,
  IServerSideGetRowsParams,
  SetFilterValuesFuncParams,
} from 'ag-grid-community';
import { api as http, ApiError } from '../../lib/api';
import { navigate } from '../../lib/router';
import { useUI } from '../../store/ui';
import { useSession } from '../../lib/session';
import { Perm } from '../../lib/permissions';
import type { Label } from '../../api/types';
import { Breadcrumb } from '../../components/Breadcrumb';
import { NotFound } from '../../components/ErrorPage';
import { groupLevelOf, LEVELS, predefinedByHref } from '../../lib/reports';
import type { SavedReport } from '../../api/types';
import { AddLabelDialog, AlertDialog, SaveAsDialog, ShareDialog } from '../../components/dialogs/ReportDialogs';
import { MSG } from '../../lib/validation';
import { registerGridModules, gridTheme } from './agGrid';
import { colIdOf, toColDefs, visibleIn, type ApiColumn, type GridMode } from './columns';
import { buildCondition, rowCountOf, rowIdOf, type Condition, type ScreenState } from './condition';
import { filterChips } from './chips';
import { BrandFilter, CategoryFilter, RadioFilter } from './filters';
import { labelChips, labelIds, labelNames } from './labels';
import { LabelMenu } from './LabelMenu';
import { loadSetValues } from './setValues';
import { GridTooltip, ImageCell, LabelsCell, UrlCell, type LabelChip } from './cells';
import type { CustomCellRendererProps } from 'ag-grid-react';
import { GraphView } from './GraphView';
import { useTabular } from './store';
import { GROUP_COLUMNS, initialGrid, prefetchFirstBlock, takePrefetched, withGroupColumns, type InitialGrid } from './initial';
import { fetchBlock, mark, prefetchCount, takeColumns, takeCount } from './prefetch';

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
const AUTO_GROUP_COL_DEF: ColDef = { headerName: 'Group', minWidth: 260, pinned: 'left' };
const ROW_SELECTION = { mode: 'multiRow', headerCheckbox: false, checkboxes: true, groupSelects: 'self', enableClickSelection: false } as const;
const SIDE_BAR = {
  toolPanels: [
    { id: 'columns', labelDefault: 'Columns', labelKey: 'columns', iconKey: 'columns', toolPanel: 'agColumnsToolPanel', toolPanelParams: { suppressPivotMode: true, suppressValues: true, suppressPivots: true } },
    { id: 'filters', labelDefault: 'Filters', labelKey: 'filters', iconKey: 'filter', toolPanel: 'agFiltersToolPanel' },
  ],
};
const COMPONENTS = { radioFilter: RadioFilter, categoryFilter: CategoryFilter, brandFilter: BrandFilter, urlCell: UrlCell, imageCell: ImageCell };
const getRowId = (p: GetRowIdParams) => {
  const groups = p.api.getRowGroupColumns();
  return rowIdOf(p.data, p.parentKeys, p.level < groups.length ? groups[p.level]?.getColDef().field : undefined);
};
const LOCALE_TEXT = { applyFilter: 'Apply Filter', clearFilter: 'Clear Filter', noRowsToShow: 'no row showing', columns: 'Columns', filters: 'Filters' };

type LoadedReport = {
  reportType: string;
  title: string;
  saved?: SavedReport;
  /** the API's columns */
  columns: ApiColumn[];
  /** the API's columns and the screen's own group columns */
  allColumns: ApiColumn[];
  init: InitialGrid;
  screen: ScreenState;
};


export default function TabularReport({ id, share }: { id: string; share: boolean }) {
  const { account, can } = useSession();
  const [report, setReport] = useState<LoadedReport | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'unavailable' | 'notfound'>('loading');
  const reset = useTabular((s) => s.reset);

  useEffect(() => {
    let cancelled = false;
    (async () => {
      setState('loading');
      let saved: SavedReport | undefined;
      let reportType = id;
      if (share || /^\d+$/.test(id)) {
        try {
          const r = await http.post<{ report: SavedReport }>('/saveReport/getSaveReport', { id: share ? id : Number(id), isShareLink: share }, { quiet: [404] });
          saved = r.report;
          reportType = saved.report_type;
        } catch (e) {
          if (cancelled) return;
          if (e instanceof ApiError && e.status === 404) setState(share ? 'unavailable' : 'notfound');
          return;
        }
      } else if (!predefinedByHref(id)) {
        setState('notfound');
        return;
      }
      const askColumns = () =>
        http.post<{ columns: ApiColumn[] }>('/tabular/getColumnsDef', {
          reportId: share ? id : saved ? saved.id : id,
          report_type: reportType,
          isShareLink: share,
        });
      // A predefined report's columns may already be on their way (prefetchReport, started with the page).
      const early = !share && !saved ? takeColumns(id) : undefined;
      const cols = early ? await early.catch(askColumns) : await askColumns();
      if (cancelled) return;
      const cond = (saved?.condition ?? {}) as Partial<Condition>;
      const level = saved ? savedGroupLevel(saved) : groupLevelOf(reportType);
      const mode = saved?.chart ? 'graph' : level ? 'group' : 'table';
      const weightBy = saved?.distribution_weights_cf || cond.weightBy || 'product';
      const search = cond.search ?? '';
      reset({ mode, groupLevel: level ?? '', weightBy, search });
      const apiColumns = cols.columns ?? [];
      const allColumns = withGroupColumns(apiColumns);
      const init = initialGrid(allColumns, new Set(apiColumns.map(colIdOf)), saved, mode, level ?? '');
      const screen: ScreenState = { reportType, reportId: saved?.id, search, weightBy, competitorIds: [], visibleColumns: init.visible };
      // The first block is asked for while ag-grid is still being built (the grid takes it
      // when its first request is the same condition).
      const first = prefetchFirstBlock(init, screen, fetchBlock);
      // The count goes out as soon as the first block is in, not once the grid has been built.
      first.block
        .then((b) => {
          if (first.condition.group.length > 0 || rowCountOf(b.lastRow) === undefined) prefetchCount(first.condition);
        })
        .catch(() => {});
      setReport({
        reportType,
        title: saved?.report_name || saved?.page_title || predefinedByHref(reportType)?.name || reportType,
        saved,
        columns: apiColumns,
        allColumns,
        init,
        screen,
      });
      setState('ready');
    })().catch(() => {});
    return () => {
      cancelled = true;
    };
  }, [id, share, reset]);

  if (state === 'notfound') return <NotFound />;
  if (state === 'unavailable') return <ShareUnavailable canCreate={can(Perm.CreateReport)} />;
  if (state === 'loading' || !report) return <div className="page-loading">Loading...</div>;
  return <ReportScreen key={report.saved?.id ?? report.reportType} report={report} share={share} currency={String(account.settings?.currency_symbol ?? '$')} />;
}

function savedGroupLevel(r: SavedReport): string | undefined {
  const g = (Array.isArray(r.group_mode) ? r.group_mode : []) as unknown[];
  const first = g[0];
  const colId = typeof first === 'string' ? first : (first as { id?: string } | undefined)?.id;
  if (!colId) return groupLevelOf(r.report_type);
  return Object.entries(GROUP_COLUMNS).find(([, c]) => c === colId)?.[0] ?? (colId in GROUP_COLUMNS ? colId : undefined);
}

/** The shared-report-removed state (spec §2): the message and a Save As offer. */
function ShareUnavailable({ canCreate }: { canCreate: boolean }) {
  return (
    <div className="page">
      <Breadcrumb items={[{ label: 'Reports', to: '/pricing/reports' }, { label: 'Shared report' }]} />
      <div className="unavailable" role="alert">
        <h2>This share report is no longer available</h2>
        {canCreate ? (
          <p>
            You can still start from <a href="/pricing/type/all_my_products">All my products</a> and use Save As to keep your own copy. Save As on a
            shared report stays available until the link expires: two months after the report is 30 days old.
          </p>
        ) : (
          <p>Ask the person who shared it for a new link. Save As needs the create report permission.</p>
        )}
      </div>
    </div>
  );
}

function ReportScreen({ report, share, currency }: { report: LoadedReport; share: boolean; currency: string }) {
  const { account, can } = useSession();
  const snack = useUI((s) => s.snack);
  const t = useTabular();
  const firstRender = useRef(true);
  if (firstRender.current) {
    firstRender.current = false;
    mark('screen');
  }
  const gridApi = useRef<GridApi | null>(null);
  const screen = useRef<ScreenState>({ ...report.screen });
  const [chips, setChips] = useState<ReturnType<typeof filterChips>>([]);
  const [count, setCount] = useState<number | null>(null);
  const [dialog, setDialog] = useState<'saveAs' | 'share' | 'label' | 'alert' | null>(null);
  const [labels, setLabels] = useState<Label[]>(account.labels ?? []);
  const labelsRef = useRef(labels);
  labelsRef.current = labels;
  const [saved, setSaved] = useState<SavedReport | undefined>(report.saved);
  const [searchDraft, setSearchDraft] = useState(t.search);
  // The side bar comes once the first rows are shown: its filters panel builds a filter
  // group for every column (130 of them) when the grid is created, about 100 ms of the
  // main thread that the first rows otherwise wait for.
  const [sideBar, setSideBar] = useState<typeof SIDE_BAR | undefined>(undefined);
  const showSideBar = useCallback(() => setSideBar(SIDE_BAR), []);
  const readOnly = share || !!saved?.read_only;
  const known = useMemo(() => new Set(report.columns.map(colIdOf)), [report.columns]);
  const headerOf = useCallback((colId: string) => report.columns.find((c) => colIdOf(c) === colId)?.headerName ?? colId, [report.columns]);

  const columns = report.allColumns;

  // Removing a label from a product shows at once and comes back if the server refuses.
  const removeLabel = async (p: CustomCellRendererProps, chip: LabelChip) => {
    const node = p.node;
    const before = { ...node.data };
    const ids = labelIds(before).filter((x) => x !== chip.id);
    const names = labelNames(before, labelsRef.current).filter((x) => x !== chip.name);
    node.setData({ ...before, labels: ids.join(','), labelsNames: names.join(',') });
    try {
      const r = await http.post<{ ok?: boolean }>('/labels/removeLabelFromProduct', { productsId: String(before.id), labelName: chip.name }, { quiet: [400, 403, 404, 409] });
      if (!r || r.ok === false) throw new Error('refused');
    } catch (e) {
      node.setData(before);
      if (e instanceof ApiError) useUI.getState().showDialog({ title: 'Message', message: e.message, buttons: ['ok'] });
    }
  };

  const colDefs = useMemo<ColDef[]>(() => {
    const defs = toColDefs(columns, { mode: t.mode === 'table' ? 'table' : 'group', currency });
    for (const d of defs) {
      if (Object.values(GROUP_COLUMNS).includes(d.colId!)) d.enableRowGroup = true;
      if (d.colId === 'vertical_brand') d.hide = true;
      if (d.filter === 'agSetColumnFilter') {
        const source = (d.filterParams as { source?: string }).source ?? '';
        d.filterParams = { ...(d.filterParams as object), values: (p: SetFilterValuesFuncParams) => void loadSetValues(source, labelsRef.current).then((v) => p.success(v)) };
      }
      if (d.filter === 'radioFilter') d.filterParams = { ...(d.filterParams as object) };
      if (d.tooltipComponentParams) d.tooltipComponent = GridTooltip;
      // labels holds label ids; people read the names (labelsNames, or the account's list).
      if (d.colId === 'labels') {
        d.valueFormatter = (p) => labelNames(p.data ?? {}, labelsRef.current).join(', ');
        d.cellRenderer = LabelsCell;
        d.cellRendererParams = {
          chipsOf: (data: Record<string, unknown>) => labelChips(data, labelsRef.current),
          onRemove: can(Perm.EditLabel) || can(Perm.EditCILabel) ? removeLabel : undefined,
        };
      }
    }
    return defs;
    // Column definitions are built once per report: later mode switches change column state, not definitions.
  }, [columns, currency]);

  const datasource = useMemo<IServerSideDatasource>(
    () => ({
      getRows: (p: IServerSideGetRowsParams) => {
        const condition = buildCondition(p.request as never, screen.current);
        mark('getRows');
        (takePrefetched(condition) ?? fetchBlock(condition))
          .then((r) => {
            mark('block');
            p.success({ rowData: r.rows ?? [], rowCount: rowCountOf(r.lastRow) });
            // The count follows the first block of a (re)load instead of racing it for
            // the database: the rows are what the user waits for.
            if (condition.startRow === 0 && condition.groupIds.length === 0) countRef.current(condition.group.length === 0 ? rowCountOf(r.lastRow) : undefined);
          })
          // A failed first block shows the no-rows overlay (spec §8); a later one is retried by ag-grid.
          .catch(() => (condition.startRow === 0 ? p.success({ rowData: [], rowCount: 0 }) : p.fail()));
      },
    }),
    [],
  );

  const initialState = report.init.state;

  const countSeq = useRef(0);
  const refreshCount = useCallback((known?: number) => {
    const a = gridApi.current;
    if (!a) return;
    if (known !== undefined) {
      countSeq.current++;
      return setCount(known);
    }
    const condition = currentCondition(a, screen.current);
    const seq = ++countSeq.current;
    (takeCount(condition) ?? http.post<{ count: number }>('/tabular/getCountOfRow', { condition }, { quiet: true }))
      .then((r) => {
        if (seq !== countSeq.current) return; // a newer filter asked again
        setCount(r.count);
        // Blocks say -1 until the last one; the count lets the pager show every page
        // (and jump to the last) in table mode.
        if (condition.group.length === 0 && gridApi.current === a && r.count > 0) a.setRowCount(r.count, true);
      })
      .catch(() => setCount(null));
  }, []);

  const countRef = useRef(refreshCount);
  countRef.current = refreshCount;

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
    const a = gridApi.current!;
    setChips(filterChips(a.getFilterModel(), headerOf));
    t.setBanner('none');
  }, [headerOf, t]);

  const onRowGroupChanged = useCallback(
    (e: ColumnRowGroupChangedEvent) => {
      // Removing all row groups returns to table mode (spec §4).
      const groups = e.api.getRowGroupColumns();
      if (groups.length === 0 && useTabular.getState().mode !== 'table') switchMode('table');
    },
    [],
  );

  const switchMode = (mode: GridMode, level?: string) => {
    const a = gridApi.current;
    if (!a) return;
    const cur = useTabular.getState();
    if (mode === 'graph') {
      const rows: Record<string, unknown>[] = [];
      a.forEachNode((n) => {
        if (n.group && n.isSelected() && n.data) rows.push(n.data);
      });
      t.setGraphRows(rows);
      t.setMode('graph');
      return;
    }
    if (mode === 'group') {
      const lv = level || cur.groupLevel || 'super_category';
      t.setGroupLevel(lv);
      t.setMode('group');
      if (cur.mode === 'graph' && !level) return; // back from graph: the grid is unchanged
      a.applyColumnState({
        state: columns.map((c) => ({ colId: colIdOf(c), hide: !visibleIn(c, 'group') || colIdOf(c) === 'vertical_brand', rowGroup: colIdOf(c) === GROUP_COLUMNS[lv] })),
        applyOrder: false,
      });
      a.deselectAll();
      t.setBanner('none');
    } else {
      t.setMode('table');
      a.applyColumnState({
        state: columns.map((c) => ({ colId: colIdOf(c), hide: !visibleIn(c, 'table') || colIdOf(c) === 'vertical_brand', rowGroup: false })),
      });
      a.deselectAll();
    }
    screen.current.visibleColumns = visibleColIds(a, known);
  };

  const setWeight = (w: string) => {
    t.setWeightBy(w);
    screen.current.weightBy = w;
    gridApi.current?.refreshServerSide({ purge: true });
  };

  const applySearch = () => {
    t.setSearch(searchDraft);
    screen.current.search = searchDraft.trim();
    gridApi.current?.refreshServerSide({ purge: true });
  };

  // Select-all: the rows on the page first, then optionally every row of the report.
  const selectPage = (on: boolean) => {
    const a = gridApi.current!;
    if (!on) {
      a.deselectAll();
      t.setBanner('none');
      return;
    }
    const size = a.paginationGetPageSize();
    const first = a.paginationGetCurrentPage() * size;
    const nodes: Parameters<GridApi['setNodesSelected']>[0]['nodes'] = [];
    a.forEachNode((n) => {
      if (!n.group && n.rowIndex != null && n.rowIndex >= first && n.rowIndex < first + size && n.data) nodes.push(n);
    });
    a.setNodesSelected({ nodes, newValue: true });
    t.setBanner('page', nodes.length);
  };
  const selectReport = () => {
    gridApi.current!.setServerSideSelectionState({ selectAll: true, toggledNodes: [] });
    t.setBanner('report');
  };
  const cancelSelectAll = () => {
    gridApi.current!.deselectAll();
    t.setBanner('none');
  };

  // Labels: applied to the rows at once, rolled back when the server refuses (spec §4).
  const assignLabel = async (label: Label) => {
    const a = gridApi.current!;
    const sel = a.getServerSideSelectionState() as { selectAll: boolean; toggledNodes: string[] } | null;
    if (!sel || (!sel.selectAll && sel.toggledNodes.length === 0)) {
      useUI.getState().showDialog({ title: 'Message', message: MSG.chooseProduct, buttons: ['ok'] });
      return;
    }
    const touched: { node: import('ag-grid-community').IRowNode; before: Record<string, unknown> }[] = [];
    a.forEachNode((n) => {
      if (n.group || !n.data || !n.isSelected()) return;
      const before = { ...n.data };
      const ids = labelIds(n.data);
      if (!ids.includes(String(label.id))) {
        touched.push({ node: n, before });
        n.setData({ ...n.data, labels: [...ids, String(label.id)].join(','), labelsNames: [...labelNames(n.data, labels), label.name].join(',') });
      }
    });
    try {
      const r = await http.post<{ ok?: boolean }>(
        '/labels/insertProductLabels',
        {
          productsIds: sel.selectAll ? [] : sel.toggledNodes,
          labelId: label.id,
          selectAllRows: sel.selectAll,
          toggled: sel.selectAll ? sel.toggledNodes : [],
          condition: currentCondition(a, screen.current),
        },
        { quiet: [400, 403, 409] },
      );
      if (!r || r.ok === false) throw new Error('refused');
      snack('label add successfully');
    } catch (e) {
      for (const t of touched) t.node.setData(t.before);
      if (e instanceof ApiError) useUI.getState().showDialog({ title: 'Message', message: e.message, buttons: ['ok'] });
    }
  };

  const createLabel = async (name: string, color: string) => {
    const a = gridApi.current!;
    const sel = a.getServerSideSelectionState() as { selectAll: boolean; toggledNodes: string[] } | null;
    const r = await http.post<{ label: Label } | string>(
      '/labels/insertNewLabelsForProduct',
      {
        name,
        color,
        productsIds: sel && !sel.selectAll ? sel.toggledNodes : [],
        selectAllRows: !!sel?.selectAll,
        condition: currentCondition(a, screen.current),
      },
      { quiet: [400, 409] },
    );
    // A string result is a message to show (spec §8).
    if (typeof r === 'string') {
      useUI.getState().showDialog({ title: 'Message', message: r, buttons: ['ok'] });
      return;
    }
    setLabels((ls) => [...ls, r.label]);
    setDialog(null);
    a.refreshServerSide({ purge: false });
    snack('label add successfully');
  };

  const reportState = (): Record<string, unknown> => {
    const a = gridApi.current!;
    const cs = a.getColumnState();
    return {
      report_type: report.reportType,
      report_path: '/pricing/type',
      page_title: report.saved?.page_title || predefinedByHref(report.reportType)?.name || '',
      filters: a.getFilterModel(),
      ordering: cs.filter((c) => c.sort).sort((x, y) => (x.sortIndex ?? 0) - (y.sortIndex ?? 0)).map((c) => ({ colId: c.colId, sort: c.sort })),
      visible_columns: cs.filter((c) => !c.hide && !c.colId.startsWith('ag-Grid-')).map((c) => c.colId),
      columns_index: cs.filter((c) => !c.colId.startsWith('ag-Grid-')).map((c) => ({ colId: c.colId, pinned: c.pinned ?? null, width: c.width })),
      group_mode: a.getRowGroupColumns().map((c) => c.getColId()),
      distribution_weights_cf: screen.current.weightBy,
      chart: useTabular.getState().mode === 'graph',
      selected_rows: [],
      condition: currentCondition(a, screen.current),
    };
  };

  const save = async () => {
    if (!saved) return;
    try {
      const r = await http.post<{ report: SavedReport }>('/saveReport/updateSaveReport', { id: saved.id, report_name: saved.report_name, folder_id: saved.folder_id, ...reportState() }, { quiet: true });
      setSaved(r.report);
      snack('Your report has been saved');
    } catch {
      snack('report update fail');
    }
  };

  const saveAs = async (name: string, folderId: number) => {
    let r: { id: number };
    try {
      r = await http.post<{ id: number }>('/saveReport/insertSaveReport', { ...reportState(), report_name: name, folder_id: folderId }, { quiet: [400] });
    } catch (e) {
      if (e instanceof ApiError && e.status === 400) throw e;
      snack('create a new report fail');
      setDialog(null);
      return;
    }
    setDialog(null);
    snack('report save successfully', { label: 'View report', to: '/pricing/type/' + r.id });
    // Saving a shared report moves the user to the /type/ path (spec §4).
    if (share) navigate('/pricing/type/' + r.id);
  };

  const createShareLink = async () => {
    const a = gridApi.current!;
    const r = await http.post<{ id: string; url: string }>('/saveReport/insertSaveReportForCopyLink', {
      ...(saved && !share ? { reportId: saved.id } : {}),
      condition: { ...reportState(), graphMode: useTabular.getState().mode === 'graph', show_columns: visibleColIds(a, known) },
    });
    return window.location.origin + (r.url || '/pricing/share/' + r.id);
  };

  const isPredefined = !saved || !!saved.constantReport;
  const competitors = Object.values(account.competitors ?? {});
  const levelCol = GROUP_COLUMNS[t.groupLevel] ?? 'super_category';

  return (
    <div className="page tabular">
      <Breadcrumb items={[{ label: 'Reports', to: '/pricing/reports' }, ...(saved ? [{ label: 'Saved reports', to: '/saved_reports' }] : []), { label: report.title }]} />
      <div className="page-head">
        <h1>{report.title}</h1>
        <div className="head-actions">
          {!isPredefined && !readOnly && can(Perm.EditReport) && (
            <button className="btn" onClick={save}>
              Save
            </button>
          )}
          {can(Perm.CreateReport) && (
            <button className="btn" onClick={() => setDialog('saveAs')}>
              Save As
            </button>
          )}
          {can(Perm.CreateReport) && (
            <button className="btn" onClick={() => setDialog('share')}>
              Share
            </button>
          )}
          {can(Perm.EditAlerts) && (
            <button className="btn" onClick={() => setDialog('alert')}>
              Alert
            </button>
          )}
        </div>
      </div>
      <div className="toolbar">
        <div className="segmented" role="group" aria-label="Mode">
          <button className={t.mode === 'table' ? 'active' : ''} aria-pressed={t.mode === 'table'} onClick={() => switchMode('table')}>
            Table
          </button>
          <button className={t.mode === 'group' ? 'active' : ''} aria-pressed={t.mode === 'group'} onClick={() => switchMode('group')}>
            Group
          </button>
          <button className={t.mode === 'graph' ? 'active' : ''} aria-pressed={t.mode === 'graph'} disabled={t.mode === 'table'} onClick={() => switchMode('graph')}>
            Graph
          </button>
        </div>
        {t.mode !== 'table' && (
          <label>
            Group by{' '}
            <select aria-label="Group by" value={t.groupLevel} onChange={(e) => switchMode('group', e.target.value)}>
              {LEVELS.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name}
                </option>
              ))}
            </select>
          </label>
        )}
        <label>
          Weigh by{' '}
          <select aria-label="Weigh by" value={t.weightBy} onChange={(e) => setWeight(e.target.value)}>
            <option value="product">Product</option>
            {(account.custom_fields ?? []).map((c) => (
              <option key={c.logical_name} value={c.logical_name}>
                {c.display_name}
              </option>
            ))}
          </select>
        </label>
        <form
          className="search"
          onSubmit={(e) => {
            e.preventDefault();
            applySearch();
          }}
        >
          <input type="search" placeholder="Search in report" aria-label="Search in report" value={searchDraft} onChange={(e) => setSearchDraft(e.target.value)} />
        </form>
        {t.mode === 'table' && (
          <label className="check">
            <input type="checkbox" aria-label="Select all on page" checked={t.banner !== 'none'} onChange={(e) => selectPage(e.target.checked)} />
            Select all on page
          </label>
        )}
        {t.mode === 'table' && (can(Perm.EditLabel) || can(Perm.EditCILabel)) && (
          <LabelMenu labels={labels} onPick={(l) => void assignLabel(l)} onAdd={() => setDialog('label')} />
        )}
        <span className="row-count" aria-live="polite">
          {count !== null ? `${count.toLocaleString('en-US')} ${t.mode === 'table' ? 'products' : 'rows'}` : ''}
        </span>
      </div>
      {chips.length > 0 && (
        <div className="chip-bar" aria-label="Active filters">
          {chips.map((c) => (
            <span key={c.colId} className="chip">
              <strong>{c.label}:</strong> {c.text}
              <button
                aria-label={'Remove filter ' + c.label}
                onClick={() => {
                  const a = gridApi.current!;
                  const m = { ...a.getFilterModel() };
                  delete m[c.colId];
                  a.setFilterModel(m);
                }}
              >
                ×
              </button>
            </span>
          ))}
          <button className="btn btn-link" onClick={() => gridApi.current?.setFilterModel(null)}>
            Clear all
          </button>
        </div>
      )}
      {t.banner === 'page' && count !== null && (
        <div className="banner" role="status">
          All {t.pageSelected} products on this page are selected.{' '}
          <button className="btn btn-link" onClick={selectReport}>
            Select all {count.toLocaleString('en-US')} products in the report
          </button>
          <button className="btn btn-link" aria-label="Close" onClick={() => t.setBanner('none')}>
            ×
          </button>
        </div>
      )}
      {t.banner === 'report' && (
        <div className="banner" role="status">
          All {count?.toLocaleString('en-US') ?? ''} products in the report are selected.{' '}
          <button className="btn btn-link" onClick={cancelSelectAll}>
            Cancel
          </button>
          <button className="btn btn-link" aria-label="Close" onClick={() => t.setBanner('none')}>
            ×
          </button>
        </div>
      )}
      {t.mode === 'graph' && <GraphView rows={t.graphRows} groupField={levelCol} />}
      <div className="grid-wrap" style={{ display: t.mode === 'graph' ? 'none' : undefined }}>
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
          initialState={initialState}
          localeText={LOCALE_TEXT}
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
          onColumnVisible={(e) => (screen.current.visibleColumns = visibleColIds(e.api, known))}
          onSortChanged={() => t.setBanner('none')}
          animateRows={false}
        />
      </div>
      {dialog === 'saveAs' && <SaveAsDialog initialName={saved && !share ? saved.report_name + ' copy' : report.title} folderId={saved && !share ? saved.folder_id : -1} onSave={saveAs} onClose={() => setDialog(null)} />}
      {dialog === 'share' && (
        <ShareDialog
          saved={!!saved}
          createLink={createShareLink}
          onCopied={() => snack('the link has been copied!')}
          onSent={() => {
            setDialog(null);
            snack('Share link was sent successfully');
          }}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'label' && <AddLabelDialog onSave={createLabel} onClose={() => setDialog(null)} />}
      {dialog === 'alert' && (
        <AlertDialog
          reportId={saved?.id}
          competitors={competitors}
          onClose={() => setDialog(null)}
          onDone={() => {
            setDialog(null);
            snack('The report has been update');
          }}
        />
      )}
    </div>
  );
}

/** visibleColIds lists the shown columns the API knows (not the grid's own or the group-only ones). */
function visibleColIds(a: GridApi, known?: Set<string>): string[] {
  return a
    .getColumnState()
    .filter((c) => !c.hide && !c.colId.startsWith('ag-Grid-') && (!known || known.has(c.colId)))
    .map((c) => c.colId);
}

/** currentCondition is the condition the grid shows now, without paging (save, share, labels, count). */
function currentCondition(a: GridApi, s: ScreenState): Condition {
  const cs = a.getColumnState();
  return buildCondition(
    {
      startRow: 0,
      endRow: 100,
      rowGroupCols: a.getRowGroupColumns().map((c) => ({ id: c.getColId(), field: c.getColDef().field })),
      valueCols: [],
      groupKeys: [],
      filterModel: a.getFilterModel(),
      sortModel: cs
        .filter((c) => c.sort)
        .sort((x, y) => (x.sortIndex ?? 0) - (y.sortIndex ?? 0))
        .map((c) => ({ colId: c.colId, sort: c.sort as 'asc' | 'desc' })),
    },
    s,
  );
}

