import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { AgGridReact } from 'ag-grid-react';
import type { ColDef, IServerSideDatasource, IServerSideGetRowsParams } from 'ag-grid-community';
import { useSession } from '../../lib/session';
import { Breadcrumb } from '../../components/Breadcrumb';
import { registerGridModules, gridTheme } from './agGrid';
import { toColDefs, type ApiColumn } from './columns';
import { buildCondition, rowCountOf, type Condition, type SsrmRequest } from './condition';
import { GridTooltip, ImageCell, UrlCell } from './cells';
import { BLOCK_LOAD_DEBOUNCE_MS, PAGE_SIZES } from './TabularReport';
import { ExportDialog } from '../../components/ExportDialog';
import {
  getAssortmentColumns,
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
const LOCALE_TEXT = { applyFilter: 'Apply Filter', clearFilter: 'Clear Filter', noRowsToShow: 'no row showing' };

/**
 * GridReport is the server-side grid of the reports that are not tabular reports (the assortment
 * reports, the real-time view): the tabular screen's column definitions, condition, tooltips and
 * cells, paged like it (blocks of 100, pages of 30), without its modes, labels or saving.
 */
function GridReport(p: {
  columns: () => Promise<ApiColumn[]>;
  block: (c: Condition) => Promise<GridBlock>;
  startExport: (c: Condition) => Promise<{ exportReportName: string }>;
  /** sortable and filterable: the columns' own sort and filter menus (the server's conditions allow them). */
  sortable: boolean;
  filterable: boolean;
  reportType: string;
}) {
  const { account } = useSession();
  const [cols, setCols] = useState<ApiColumn[] | null>(null);
  const [exporting, setExporting] = useState(false);
  // The condition of the last block: the export takes the grid's sort and filters from it.
  const last = useRef<Condition | null>(null);
  const { columns, block, sortable, filterable, reportType, startExport } = p;
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
        block(condition).then(
          (b) => params.success({ rowData: b.rows, rowCount: rowCountOf(b.lastRow) }),
          () => params.fail(),
        );
      },
    }),
    [block, screen],
  );
  return (
    <>
      <div className="toolbar">
        <button onClick={() => setExporting(true)} disabled={!cols}>
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
          localeText={LOCALE_TEXT}
          serverSideDatasource={datasource}
          animateRows={false}
        />
      )}
    </div>
    </>
  );
}

/** The assortment reports by report type (README "Assortment reports"). */
export const ASSORTMENT_REPORTS: Record<string, string> = {
  assortment: 'Assortment by competitor',
  assortment_by_brand: 'Assortment by brand',
  assortment_by_category: 'Assortment by category',
  assortment_products: 'Assortment of my products',
};

/** /pricing/assortment/{type}: one assortment report. */
export function AssortmentReport({ type }: { type: string }) {
  const title = ASSORTMENT_REPORTS[type] ?? type;
  const columns = useCallback(() => getAssortmentColumns(type), [type]);
  const block = useCallback((c: Condition) => getAssortmentData(type, c), [type]);
  const startExport = useCallback((c: Condition) => startAssortmentExport(type, c), [type]);
  return (
    <div className="page tabular">
      <Breadcrumb items={[{ label: 'Reports', to: '/pricing/reports' }, { label: title }]} />
      <h1>{title}</h1>
      <GridReport key={type} columns={columns} block={block} startExport={startExport} sortable filterable={type === 'assortment_products'} reportType={type} />
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
  const startExport = useCallback(() => startRealTimeExport(chosen), [chosen]);
  const toggle = (id: number) => setChosen((cs) => (cs.includes(id) ? cs.filter((x) => x !== id) : [...cs, id].sort((a, b) => a - b)));
  return (
    <div className="page tabular">
      <Breadcrumb items={[{ label: 'Reports', to: '/pricing/reports' }, { label: 'Real-time view' }]} />
      <h1>Real-time view</h1>
      <fieldset className="competitor-choice" aria-label="Competitors">
        <legend>Competitors (none chosen: all)</legend>
        {scans.map((s) => (
          <label key={s.id} title={s.last_scan ? 'Last scan ' + new Date(s.last_scan).toLocaleString() : 'No scans'}>
            <input type="checkbox" checked={chosen.includes(s.id)} onChange={() => toggle(s.id)} /> {s.name} ({s.scans_last_day} in the last 24 h)
          </label>
        ))}
      </fieldset>
      <div className="row-count" role="status">
        {count === undefined ? '' : count + ' latest scans'}
      </div>
      <GridReport key={chosen.join(',')} columns={columns} block={block} startExport={startExport} sortable={false} filterable={false} reportType="real_time" />
    </div>
  );
}
