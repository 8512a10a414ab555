/** The SSRM request fields the results grids read. */
export type ResultsRequest = {
  startRow?: number;
  endRow?: number;
  filterModel: Record<string, unknown> | null | object;
  sortModel: { colId: string; sort: 'asc' | 'desc' }[];
};

/**
 * resultCondition is the grid condition of one results block (docs/api-contract.md#the-grid-contract, docs/pricer.md): paging, filters
 * (the category filter as the engine's category_tree), sort and search, with "run" naming the
 * latest real run or the latest simulation. Pure: unit-tested.
 */
export function resultCondition(req: ResultsRequest, search: string, simulation: boolean) {
  const startRow = req.startRow ?? 0;
  return {
    run: simulation ? 'simulation' : 'latest',
    startRow,
    limit: Math.max(1, (req.endRow ?? startRow + 100) - startRow),
    filters: normaliseResultFilters(req.filterModel),
    sort: req.sortModel.map((s) => ({ colId: s.colId, sort: s.sort })),
    search,
  };
}

/** normaliseResultFilters sends the category column's tree filter as the engine's category_tree. */
export function normaliseResultFilters(fm: Record<string, unknown> | null | object | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(fm ?? {})) {
    if (v == null) continue;
    const m = v as { filterType?: string; paths?: string[][] };
    if (m.filterType === 'category') out.category_tree = { filterType: 'category', paths: m.paths ?? [] };
    else out[k] = v;
  }
  return out;
}

/**
 * exportCondition is the export's condition (repricing/exportDataToCsv): the grid's last condition
 * without paging, pinned to the run the grid shows, with its visible columns in grid order.
 */
export function exportCondition(cond: Record<string, unknown>, runId: number, visible: string[]) {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- paging is not the export's
  const { startRow, limit, ...rest } = cond;
  return { ...rest, run: runId, visible_columns: visible };
}

/** changeFilter is the filter of ?change=up (proposed raises) or down (reductions), as the insights panel counts them. */
export function changeFilter(change: string | null) {
  if (change !== 'up' && change !== 'down') return null;
  return { change_pct: { filterType: 'number', type: change === 'up' ? 'greaterThan' : 'lessThan', filter: 0 } };
}
