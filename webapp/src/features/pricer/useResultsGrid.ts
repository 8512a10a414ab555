import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ColDef, FilterModel, GridApi, GridReadyEvent, IServerSideDatasource, IServerSideGetRowsParams } from 'ag-grid-community';
import { filterChips } from '../../components/grid/chips';
import type { ResultColumn, ResultRow } from './api/results';
import { resultColDefs } from './resultColumns';
import type { ResultsRequest } from './resultCondition';
import type { ResultMode } from './resultGroups';

/** GridCondition is the condition of one block: paging, filters, sort and search, plus what the grid adds (its run). */
export type GridCondition = Record<string, unknown> & { startRow: number };

/** ResultsCount is the grid's count: its rows and, where the screen asks, how many are pending. */
export type ResultsCount = { count: number; pending?: number | null };

/**
 * ResultsSource is what tells the pricer's two result grids apart on the server side: the
 * results of a run (or simulation) and the approval records of the latest run. Each names its
 * calls and the conditions it sends; everything else (paging, count, chips, modes) is shared.
 * A screen keeps its source stable (a module constant or useMemo): a new one reloads the grid.
 */
export type ResultsSource = {
  columns: () => Promise<ResultColumn[]>;
  rows: (cond: GridCondition) => Promise<{ rows: ResultRow[]; lastRow: number; runId: number | null }>;
  count: (cond: GridCondition) => Promise<ResultsCount>;
  /** The condition of one SSRM block, with the search box's text. */
  condition: (req: ResultsRequest, search: string) => GridCondition;
  /** What group and graph modes group: the grid's latest condition and the run it shows. */
  groupCondition: (cond: GridCondition, runId: number | null | undefined) => Record<string, unknown>;
};

export type ResultsGridOptions = {
  currency: string;
  /** The first group-by column of group and graph modes. */
  groupBy: string;
  /** A screen's own touches to the shared column definitions (approval: the editable comment). */
  decorate?: (defs: ColDef[]) => ColDef[];
  /** Called with the grid whenever its rows are reloaded or its filter changes (approval: clear the selection). */
  onReset?: (api: GridApi) => void;
  /** A filter to open the grid with (the insights panel's ?change=up|down). */
  initialFilter?: FilterModel | null;
};

/**
 * useResultsGrid is the state and wiring of a pricer results grid (Results, Simulation
 * Results, Manual Approval): its columns from the source's getColumnsDef, the server-side
 * datasource (a block, then the count after the first block), the run it shows, the filter
 * chips, the search, and the table/group/graph mode with the condition the modes group. One
 * place, so that a fix reaches every grid; ResultsGrid draws it.
 */
export function useResultsGrid(source: ResultsSource, { currency, groupBy: firstGroupBy, decorate, onReset, initialFilter }: ResultsGridOptions) {
  const [cols, setCols] = useState<ColDef[] | null>(null);
  const [headers, setHeaders] = useState<Record<string, string>>({});
  const [chips, setChips] = useState<ReturnType<typeof filterChips>>([]);
  const [count, setCount] = useState<ResultsCount | null>(null);
  // undefined until the first block answers; null when no run has finished.
  const [runId, setRunId] = useState<number | null | undefined>(undefined);
  const [mode, setMode] = useState<ResultMode>('table');
  // The grid's condition when group or graph mode was chosen: what those modes group.
  const [modeCond, setModeCond] = useState<Record<string, unknown>>({});
  const [groupBy, setGroupBy] = useState(firstGroupBy);
  const apiRef = useRef<GridApi | null>(null);
  const searchRef = useRef('');
  const lastCond = useRef<GridCondition | null>(null);

  useEffect(() => {
    source.columns().then((c) => {
      setHeaders(Object.fromEntries(c.map((x) => [x.colId, x.headerName])));
      const defs = resultColDefs(c, currency);
      setCols(decorate ? decorate(defs) : defs);
    }, () => setCols([]));
  }, [source, currency, decorate]);

  const datasource = useMemo<IServerSideDatasource>(
    () => ({
      getRows: (p: IServerSideGetRowsParams) => {
        const cond = source.condition(p.request, searchRef.current);
        lastCond.current = cond;
        source
          .rows(cond)
          .then((b) => {
            p.success({ rowData: b.rows, rowCount: b.lastRow >= 0 ? b.lastRow : undefined });
            setRunId(b.runId);
            if (cond.startRow === 0) source.count(cond).then((c) => setCount({ count: c.count, pending: c.pending ?? undefined }), () => setCount(null));
          })
          .catch(() => (cond.startRow === 0 ? p.success({ rowData: [], rowCount: 0 }) : p.fail()));
      },
    }),
    [source],
  );

  /** currentCond is the grid's latest condition (its first block's, before any arrived): what the modes and an export read. */
  const currentCond = useCallback(
    (): GridCondition => lastCond.current ?? source.condition({ filterModel: null, sortModel: [] }, searchRef.current),
    [source],
  );

  /** refresh reloads the rows from the first block (after a search, a decision, an upload). */
  const refresh = useCallback(() => {
    const api = apiRef.current;
    if (!api) return;
    onReset?.(api);
    api.refreshServerSide({ purge: true });
  }, [onReset]);

  const search = useCallback(
    (text: string) => {
      searchRef.current = text.trim();
      refresh();
    },
    [refresh],
  );

  const chooseMode = (m: ResultMode) => {
    setModeCond(source.groupCondition(currentCond(), runId));
    setMode(m);
  };

  const headerOf = useCallback((id: string) => headers[id] ?? id, [headers]);
  const onGridReady = useCallback(
    (e: GridReadyEvent) => {
      apiRef.current = e.api;
      if (initialFilter) e.api.setFilterModel(initialFilter);
    },
    [initialFilter],
  );
  const onFilterChanged = useCallback(() => {
    const api = apiRef.current;
    if (!api) return;
    setChips(filterChips(api.getFilterModel(), headerOf));
    onReset?.(api);
  }, [headerOf, onReset]);

  return {
    cols,
    headers,
    chips,
    count,
    runId,
    mode,
    modeCond,
    groupBy,
    setGroupBy,
    chooseMode,
    /** The grid's API once it is ready. */
    api: () => apiRef.current,
    /** The search the grid's blocks carry. */
    searchText: () => searchRef.current,
    currentCond,
    refresh,
    search,
    datasource,
    onGridReady,
    onFilterChanged,
  };
}

export type ResultsGridState = ReturnType<typeof useResultsGrid>;
