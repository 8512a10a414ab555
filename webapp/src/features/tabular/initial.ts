import type { GridState } from 'ag-grid-community';
import { colIdOf, visibleIn, type ApiColumn, type GridMode } from './columns';
import { buildCondition, type Condition, type ScreenState, type SsrmRequest } from './condition';
import type { SavedReport } from '../../api/types';

/** Group-by levels (docs/product.md §9 aggregation levels) and the grid column each groups by. */
export const GROUP_COLUMNS: Record<string, string> = {
  super_category: 'super_category',
  category: 'category',
  vertical: 'vertical',
  vertical_brand: 'vertical_brand',
  brand: 'canonical_mfgr_display',
  label: 'labels',
};

/**
 * withGroupColumns adds the columns the screen needs beyond the API's: a hidden
 * vertical x brand column to group by, and the group-only metrics.
 */
export function withGroupColumns(api: ApiColumn[]): ApiColumn[] {
  const cols = [...api];
  if (!cols.some((c) => colIdOf(c) === 'vertical_brand')) {
    cols.push({ headerName: 'Vertical X Brand', field: 'vertical_brand', colId: 'vertical_brand', filter_type: 'text', enableRowGroup: true });
  }
  for (const [k, h] of [
    ['products', 'Products'],
    ['price_index', 'Price index'],
  ]) {
    if (!cols.some((c) => colIdOf(c) === k)) cols.push({ headerName: h, field: k, colId: k, format_type: 'number', filter_type: 'number' });
  }
  return cols;
}

export type InitialGrid = {
  state: GridState;
  /** the first block request the grid will make with this state */
  request: SsrmRequest;
  /** shown columns the API knows, in column order (the condition's visible_columns) */
  visible: string[];
};

/**
 * initialGrid is the grid's starting state for a report: the saved filters, sort
 * and columns, or the defaults of the mode. The same value gives ag-grid its
 * initialState and lets the screen ask for the first block while the grid is
 * still being built.
 */
export function initialGrid(columns: ApiColumn[], known: Set<string>, saved: SavedReport | undefined, mode: GridMode, level: string): InitialGrid {
  const s: GridState = {};
  let filterModel: Record<string, unknown> = {};
  let sortModel: { colId: string; sort: 'asc' | 'desc' }[] = [];
  let hidden = new Set(columns.filter((c) => !visibleIn(c, mode === 'table' ? 'table' : 'group') || colIdOf(c) === 'vertical_brand').map(colIdOf));
  if (saved) {
    const fm = (saved.filters ?? (saved.condition as Partial<Condition> | undefined)?.filters) as Record<string, unknown> | undefined;
    if (fm && Object.keys(fm).length) {
      filterModel = fm;
      s.filter = { filterModel: fm as never };
    }
    sortModel = (Array.isArray(saved.ordering) ? saved.ordering : []) as typeof sortModel;
    if (sortModel.length) s.sort = { sortModel };
    const vis = (Array.isArray(saved.visible_columns) ? saved.visible_columns : []) as string[];
    if (vis.length) {
      hidden = new Set(columns.map(colIdOf).filter((c) => !vis.includes(c)));
      s.columnVisibility = { hiddenColIds: [...hidden] };
    }
  }
  const groupCol = level && mode !== 'table' ? GROUP_COLUMNS[level] : undefined;
  if (groupCol) {
    s.rowGroup = { groupColIds: [groupCol] };
    if (!s.columnVisibility) s.columnVisibility = { hiddenColIds: [...hidden] };
  }
  const field = groupCol ? (columns.find((c) => colIdOf(c) === groupCol)?.field ?? groupCol) : '';
  return {
    state: s,
    request: {
      startRow: 0,
      endRow: 100,
      rowGroupCols: groupCol ? [{ id: groupCol, field }] : [],
      valueCols: [],
      groupKeys: [],
      filterModel,
      sortModel,
    },
    visible: columns.map(colIdOf).filter((id) => !hidden.has(id) && known.has(id)),
  };
}

export type Block = { rows: Record<string, unknown>[]; lastRow: number };
const pending = new Map<string, Promise<Block>>();

/**
 * prefetchFirstBlock asks for the first block now, unless the same request is
 * already on its way; the grid's first getRows takes it if its condition is the same.
 */
export function prefetchFirstBlock(init: InitialGrid, screen: ScreenState, fetch: (c: Condition) => Promise<Block>): { block: Promise<Block>; condition: Condition } {
  const condition = buildCondition(init.request, { ...screen, visibleColumns: init.visible });
  const key = JSON.stringify(condition);
  const had = pending.get(key);
  if (had) return { block: had, condition };
  const p = fetch(condition);
  p.catch(() => pending.delete(key));
  pending.set(key, p);
  setTimeout(() => pending.delete(key), 15_000);
  return { block: p, condition };
}

/** takePrefetched returns the prefetched answer for exactly this condition, once. */
export function takePrefetched(condition: Condition): Promise<Block> | undefined {
  const key = JSON.stringify(condition);
  const p = pending.get(key);
  pending.delete(key);
  return p;
}

/** dropPrefetched forgets every prefetched block (the account or the page changed before the grid took it). */
export function dropPrefetched(): void {
  pending.clear();
}
