import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { AgGridReact } from 'ag-grid-react';
import type { ColDef, FirstDataRenderedEvent, GridApi, GridReadyEvent, IServerSideDatasource, IServerSideGetRowsParams } from 'ag-grid-community';
import { useSession } from '../../lib/session';
import { ApiError } from '../../lib/api';
import { navigate } from '../../lib/router';
import { useUI } from '../../store/ui';
import { PermName } from '../../api/permissions.gen';
import type { SavedReport } from '../../api/types';
import { SaveAsDialog } from '../../components/dialogs/ReportDialogs';
import { getSaveReport, insertSaveReport, updateSaveReport, type ReportFields } from './api/savedReports';
import { Breadcrumb } from '../../components/Breadcrumb';
import { registerGridModules, gridLocaleText, gridTheme } from './agGrid';
import { toColDefs, type ApiColumn } from './columns';
import { buildCondition, rowCountOf, type Condition, type SsrmRequest } from './condition';
import { GridTooltip, ImageCell, UrlCell } from './cells';
import { BLOCK_LOAD_DEBOUNCE_MS, PAGE_SIZES } from './TabularReport';
import { ExportDialog } from '../../components/ExportDialog';
import {
  getAssortmentColumns,
  getAssortmentCount,
  getAssortmentData,
  getRealTimeColumns,
  getRealTimeCount,
  getRealTimeData,
  getScanSummary,
  startAssortmentExport,
  startRealTimeExport,
  type CompetitorScans,
  type GridBlock,
} from './api/assortment';

registerGridModules();

const DEFAULT_COL_DEF: ColDef = { filter: true, floatingFilter: false };
const COMPONENTS = { urlCell: UrlCell, imageCell: ImageCell };
const NO_REQUEST: SsrmRequest = { rowGroupCols: [], valueCols: [], groupKeys: [], filterModel: null, sortModel: [] };

/**
 * GridReport is the server-side grid of the reports that are not tabular reports (the assortment
 * reports, the real-time view): the tabular screen's column definitions, condition, tooltips and
 * cells, paged like it (blocks of 100, pages of 30), without its modes, labels or saving.
 */
function GridReport(p: {
  columns: () => Promise<ApiColumn[]>;
  block: (c: Condition) => Promise<GridBlock>;
  /**
   * count gives the rows the condition matches. Blocks say -1 until the last one, so
   * without it the pager says "of more"; with it "of N" and every page is reachable.
   */
  count?: (c: Condition) => Promise<number>;
  /**
   * fits the columns to their first rows' contents, then stretches them to the grid's width
   * if they are narrower (few columns: the real-time view; equal shares cut ids and names)
   */
  fitColumns?: boolean;
  startExport: (c: Condition) => Promise<{ exportReportName: string }>;
  /** sortable and filterable: the columns' own sort and filter menus (the server's conditions allow them). */
  sortable: boolean;
  filterable: boolean;
  reportType: string;
  /** a saved report's sort and filters, applied when the grid starts */
  initial?: Pick<SavedReport, 'ordering' | 'filters'>;
  /** gets the grid's API once it is ready (the saving of assortment reports reads its state) */
  onReady?: (api: GridApi) => void;
  /** gets the condition of each block asked, for the same reader */
  onCondition?: (c: Condition) => void;
}) {
  const { account } = useSession();
  const [cols, setCols] = useState<ApiColumn[] | null>(null);
  const [exporting, setExporting] = useState(false);
  // The condition of the last block: the export takes the grid's sort and filters from it.
  const last = useRef<Condition | null>(null);
  const counted = useRef(0);
  const { columns, block, count, fitColumns, sortable, filterable, reportType, startExport, initial, onReady, onCondition } = p;
  const onGridReady = useCallback(
    (e: GridReadyEvent) => {
      onReady?.(e.api);
      if (!initial) return;
      const ordering = (initial.ordering ?? []) as { colId: string; sort: 'asc' | 'desc' }[];
      if (ordering.length) e.api.applyColumnState({ state: ordering.map((o, i) => ({ colId: o.colId, sort: o.sort, sortIndex: i })), defaultState: { sort: null } });
      if (initial.filters && Object.keys(initial.filters).length) e.api.setFilterModel(initial.filters as Record<string, unknown>);
    },
    [onReady, initial],
  );
  const screen = useMemo(() => ({ reportType, search: '', weightBy: 'product', competitorIds: [], visibleColumns: [] }), [reportType]);
  useEffect(() => {
    let live = true;
    columns().then((c) => live && setCols(c), () => live && setCols([]));
    return () => {
      live = false;
    };
  }, [columns]);
  const colDefs = useMemo(
    () =>
      (cols ?? []).map((c, i) => {
        const d = toColDefs([c], { mode: 'table', currency: String(account.settings.currency_symbol ?? '$') })[0];
        if (d.tooltipComponentParams) d.tooltipComponent = GridTooltip;
        if (!sortable) d.sortable = false;
        if (!filterable) d.filter = false;
        return { ...d, hide: false, pinned: i === 0 ? ('left' as const) : undefined };
      }),
    [cols, account, sortable, filterable],
  );
  const datasource = useMemo<IServerSideDatasource>(
    () => ({
      getRows: (params: IServerSideGetRowsParams) => {
        const condition = buildCondition(params.request as SsrmRequest, screen);
        last.current = condition;
        onCondition?.(condition);
        block(condition).then(
          (b) => {
            params.success({ rowData: b.rows, rowCount: rowCountOf(b.lastRow) });
            // After the first block of a (re)load, the total for the pager; only the newest answer counts.
            if (!count || condition.startRow !== 0 || rowCountOf(b.lastRow) !== undefined) return;
            const mine = ++counted.current;
            count(condition).then(
              (n) => mine === counted.current && n > 0 && params.api.setRowCount(n, true),
              () => {},
            );
          },
          () => params.fail(),
        );
      },
    }),
    [block, count, screen, onCondition],
  );
  return (
    <>
      <div className="toolbar">
        <button className="btn" onClick={() => setExporting(true)} disabled={!cols}>
          Export
        </button>
      </div>
      {exporting && (
        <ExportDialog
          start={() => startExport(last.current ?? buildCondition(NO_REQUEST, screen))}
          onClose={() => setExporting(false)}
        />
      )}
    <div className="grid-wrap">
      {cols && (
        <AgGridReact
          theme={gridTheme}
          rowModelType="serverSide"
          columnDefs={colDefs}
          defaultColDef={DEFAULT_COL_DEF}
          cacheBlockSize={100}
          maxBlocksInCache={10}
          blockLoadDebounceMillis={BLOCK_LOAD_DEBOUNCE_MS}
          pagination
          paginationPageSize={30}
          paginationPageSizeSelector={PAGE_SIZES}
          getRowId={(r) => String(r.data.id)}
          tooltipShowDelay={300}
          tooltipInteraction
          components={COMPONENTS}
          localeText={gridLocaleText}
          serverSideDatasource={datasource}
          onGridReady={onGridReady}
          onFirstDataRendered={fitColumns ? fitToContents : undefined}
          animateRows={false}
        />
      )}
    </div>
    </>
  );
}

/**
 * fitToContents sizes each column to its header and first rows, then, when they leave room,
 * stretches them to fill the grid's width (sizeColumnsToFit never makes one narrower than its
 * contents here: it only runs when every column already fits).
 */
function fitToContents(e: FirstDataRenderedEvent) {
  e.api.autoSizeAllColumns();
  const used = e.api.getColumns()?.reduce((w, c) => w + c.getActualWidth(), 0) ?? 0;
  const { left, right } = e.api.getHorizontalPixelRange();
  if (used > 0 && used < right - left) e.api.sizeColumnsToFit();
}

/** The assortment reports by report type (docs/reports.md#assortment-reports). */
export const ASSORTMENT_REPORTS: Record<string, string> = {
  assortment: 'Assortment by competitor',
  assortment_by_brand: 'Assortment by brand',
  assortment_by_category: 'Assortment by category',
  assortment_products: 'Assortment of my products',
};

/** The address of an assortment report, saved (with its id) or not. */
export const assortmentPath = (type: string, id?: number) => '/pricing/assortment/' + type + (id ? '/type/' + id : '');

/**
 * /pricing/assortment/{type} and, saved, /pricing/assortment/{type}/type/{id}: one assortment
 * report, saved like a tabular report (Save over the saved one, Save As a new one) with its
 * sort, filters and condition.
 */
export function AssortmentReport({ type, id }: { type: string; id?: string }) {
  const { can } = useSession();
  const snack = useUI((s) => s.snack);
  const [saved, setSaved] = useState<SavedReport | null | undefined>(id ? undefined : null);
  const [savingAs, setSavingAs] = useState(false);
  const gridApi = useRef<GridApi | null>(null);
  const last = useRef<Condition | null>(null);
  useEffect(() => {
    if (!id) return;
    let live = true;
    getSaveReport(id, false).then(
      (r) => live && setSaved(r.report.report_type === type ? r.report : null),
      () => live && setSaved(null),
    );
    return () => {
      live = false;
    };
  }, [id, type]);
  const title = saved?.report_name ?? ASSORTMENT_REPORTS[type] ?? type;
  const columns = useCallback(() => getAssortmentColumns(type), [type]);
  const block = useCallback((c: Condition) => getAssortmentData(type, c), [type]);
  const startExport = useCallback((c: Condition) => startAssortmentExport(type, c), [type]);
  const count = useCallback((c: Condition) => getAssortmentCount(type, c), [type]);
  const onReady = useCallback((a: GridApi) => {
    gridApi.current = a;
  }, []);
  const onCondition = useCallback((c: Condition) => {
    last.current = c;
  }, []);
  const body = (): ReportFields => {
    const cs = gridApi.current?.getColumnState() ?? [];
    return {
      report_type: type,
      report_path: assortmentPath(type),
      page_title: ASSORTMENT_REPORTS[type] ?? type,
      filters: gridApi.current?.getFilterModel() ?? {},
      ordering: cs
        .filter((c) => c.sort)
        .sort((x, y) => (x.sortIndex ?? 0) - (y.sortIndex ?? 0))
        .map((c) => ({ colId: c.colId, sort: c.sort })),
      visible_columns: cs.filter((c) => !c.hide).map((c) => c.colId),
      columns_index: cs.map((c) => ({ colId: c.colId, pinned: c.pinned ?? null, width: c.width })),
      group_mode: [],
      distribution_weights_cf: 'product',
      chart: false,
      selected_rows: [],
      condition: last.current ?? {},
    } as ReportFields;
  };
  const save = async () => {
    if (!saved) return;
    try {
      const r = await updateSaveReport({ id: saved.id, report_name: saved.report_name, folder_id: saved.folder_id, ...body() });
      setSaved(r.report);
      snack('Your report has been saved');
    } catch {
      snack('report update fail');
    }
  };
  const saveAs = async (name: string, folderId: number) => {
    let r: { id: number };
    try {
      r = await insertSaveReport({ ...body(), report_name: name, folder_id: folderId });
    } catch (e) {
      if (e instanceof ApiError && e.status === 400) throw e;
      snack('create a new report fail');
      return;
    }
    setSavingAs(false);
    snack('report save successfully');
    navigate(assortmentPath(type, r.id));
  };
  if (saved === undefined) return <div className="page-loading">Loading...</div>;
  if (id && saved === null) return <div className="page">This Page Could Not Be Found</div>;
  return (
    <div className="page tabular">
      <Breadcrumb
        items={[{ label: 'Reports', to: '/pricing/reports' }, ...(saved ? [{ label: 'Saved reports', to: '/saved_reports' }] : []), { label: title }]}
      />
      <div className="page-head">
        <h1>{title}</h1>
        <div className="head-actions">
          {saved && can(PermName.EditReport) && (
            <button className="btn" onClick={() => void save()}>
              Save
            </button>
          )}
          {can(PermName.CreateReport) && (
            <button className="btn" onClick={() => setSavingAs(true)}>
              Save As
            </button>
          )}
        </div>
      </div>
      {savingAs && (
        <SaveAsDialog initialName={saved ? saved.report_name : ''} folderId={saved?.folder_id ?? -1} onSave={saveAs} onClose={() => setSavingAs(false)} />
      )}
      <GridReport
        key={type + (saved?.id ?? '')}
        columns={columns}
        block={block}
        count={count}
        startExport={startExport}
        sortable
        filterable={type === 'assortment_products'}
        reportType={type}
        initial={saved ?? undefined}
        onReady={onReady}
        onCondition={onCondition}
      />
    </div>
  );
}

/** /pricing/real_time: the latest scans of the chosen competitors, newest first. */
export function RealTimeView() {
  const [scans, setScans] = useState<CompetitorScans[]>([]);
  const [chosen, setChosen] = useState<number[]>([]);
  const [count, setCount] = useState<number | undefined>();
  useEffect(() => {
    getScanSummary().then(setScans, () => setScans([]));
  }, []);
  useEffect(() => {
    getRealTimeCount(chosen).then(setCount, () => setCount(undefined));
  }, [chosen]);
  const columns = useCallback(() => getRealTimeColumns(chosen), [chosen]);
  const block = useCallback((c: Condition) => getRealTimeData(chosen, c.startRow), [chosen]);
  const total = useCallback(() => getRealTimeCount(chosen), [chosen]);
  const startExport = useCallback(() => startRealTimeExport(chosen), [chosen]);
  const toggle = (id: number) => setChosen((cs) => (cs.includes(id) ? cs.filter((x) => x !== id) : [...cs, id].sort((a, b) => a - b)));
  return (
    <div className="page tabular">
      <Breadcrumb items={[{ label: 'Reports', to: '/pricing/reports' }, { label: 'Real-time view' }]} />
      <h1>Real-time view</h1>
      <fieldset className="competitor-choice" aria-label="Competitors">
        <legend>Competitors (none chosen: all)</legend>
        {scans.map((s) => (
          <label key={s.id} className="check" title={s.last_scan ? 'Last scan ' + new Date(s.last_scan).toLocaleString() : 'No scans'}>
            <input type="checkbox" checked={chosen.includes(s.id)} onChange={() => toggle(s.id)} />
            <span className="competitor-choice-name">{s.name}</span>
            <span className="muted">{s.scans_last_day.toLocaleString('en-US')} in the last 24 h</span>
          </label>
        ))}
      </fieldset>
      <div className="row-count" role="status">
        {count === undefined ? '' : count.toLocaleString('en-US') + ' latest scans'}
      </div>
      <GridReport
        key={chosen.join(',')}
        columns={columns}
        block={block}
        count={total}
        fitColumns
        startExport={startExport}
        sortable={false}
        filterable={false}
        reportType="real_time"
      />
    </div>
  );
}
