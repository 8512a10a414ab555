/**
 * The grid condition of docs/api-contract.md#the-grid-contract, built from ag-grid's SSRM request plus the
 * screen's own state. Pure, so the mapping is unit-tested without a browser.
 */

export type SsrmRequest = {
  startRow?: number;
  endRow?: number;
  rowGroupCols: { id: string; field?: string; displayName?: string }[];
  valueCols: { id: string; field?: string; aggFunc?: string }[];
  groupKeys: string[];
  filterModel: Record<string, unknown> | null | object;
  sortModel: { colId: string; sort: 'asc' | 'desc' }[];
};

export type ScreenState = {
  reportType: string;
  reportId?: number;
  search: string;
  weightBy: string; // 'product' or a custom field
  competitorIds: number[];
  visibleColumns: string[];
  /** an insight of the pricing insights panel whose products the report lists (?insight=). */
  insight?: string;
};

export type Condition = {
  report_type: string;
  id?: number;
  startRow: number;
  limit: number;
  filters: Record<string, unknown>;
  sort: { colId: string; sort: 'asc' | 'desc' }[];
  search: string;
  group: { id: string; field: string }[];
  groupIds: string[];
  visible_columns: string[];
  weightBy: string;
  competitorId: number[];
  valueCols: { id: string; field: string; aggFunc?: string }[];
  selected_rows?: string[];
};

export const BLOCK_SIZE = 100;

/** AG-grid's group auto column sorts stand for the group field of the level. */
const AUTO_GROUP = /^ag-Grid-AutoColumn/;

/** The spec allows at most two sort columns while grouping (docs/product.md §5). */
export const MAX_GROUP_SORTS = 2;

export function normaliseFilters(fm: Record<string, unknown> | null | object | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(fm ?? {})) {
    if (v == null) continue;
    const m = v as { filterType?: string; paths?: string[][] };
    // The multi-level category filter lives on the category column in the grid and
    // travels as the engine's category_tree filter.
    if (m.filterType === 'category') {
      out['category_tree'] = { filterType: 'category', paths: m.paths ?? [] };
      continue;
    }
    out[k] = v;
  }
  return out;
}

export function buildCondition(req: SsrmRequest, s: ScreenState): Condition {
  const startRow = req.startRow ?? 0;
  const limit = Math.max(1, (req.endRow ?? startRow + BLOCK_SIZE) - startRow);
  const grouping = req.rowGroupCols.length > 0;
  let sort = req.sortModel.map((m) => ({
    colId: AUTO_GROUP.test(m.colId) ? req.rowGroupCols[Math.min(req.groupKeys.length, req.rowGroupCols.length - 1)]?.id ?? m.colId : m.colId,
    sort: m.sort,
  }));
  if (grouping) sort = sort.slice(0, MAX_GROUP_SORTS);
  return {
    report_type: s.reportType,
    ...(s.reportId ? { id: s.reportId } : {}),
    startRow,
    limit,
    filters: s.insight ? { ...normaliseFilters(req.filterModel), insight: { filterType: 'radio', value: s.insight } } : normaliseFilters(req.filterModel),
    sort,
    search: s.search,
    group: req.rowGroupCols.map((c) => ({ id: c.id, field: c.field ?? c.id })),
    groupIds: req.groupKeys.map(String),
    visible_columns: s.visibleColumns,
    weightBy: s.weightBy,
    competitorId: s.competitorIds,
    valueCols: req.valueCols.map((c) => ({ id: c.id, field: c.field ?? c.id, ...(c.aggFunc ? { aggFunc: c.aggFunc } : {}) })),
  };
}

/** rowCountOf turns the API's lastRow (-1 = not at the end yet) into ag-grid's rowCount. */
export function rowCountOf(lastRow: number | undefined | null): number | undefined {
  return lastRow === undefined || lastRow === null || lastRow < 0 ? undefined : lastRow;
}

/** groupRowId makes group-row ids unique across the path (ag-grid warning 205). */
export function rowIdOf(data: Record<string, unknown>, parentKeys: string[] | undefined, groupField: string | undefined): string {
  if (groupField) return 'g:' + [...(parentKeys ?? []), String(data[groupField] ?? '(none)')].join('\u0001');
  // A product with several labels shows under each label group: its id is unique only with the path.
  if (parentKeys && parentKeys.length) return 'p:' + [...parentKeys, String(data.id)].join('\u0001');
  return String(data.id);
}
