import type { ColDef, ValueFormatterParams } from 'ag-grid-community';
import { formatValue } from '../../lib/format';

export { formatValue };

/**
 * The column-definition shape of docs/product.md §3 as /api/tabular/getColumnsDef sends it,
 * and its translation to ag-grid column definitions. Pure: tested with plain input.
 */
export type ApiColumn = {
  headerName: string;
  field: string;
  colId?: string;
  filter_type?: string; // text | number | date | set | radio | category | brand | labels
  format_type?: string; // text | currency | percent | number | date | url | image | bool
  default_column?: boolean;
  enableRowGroup?: boolean;
  is_bool?: boolean;
  graphMode?: boolean;
  groupModeParams?: unknown;
  radio?: string[];
  radio_values?: string[];
  radioValues?: string[];
  competitor_id?: number;
  competitorId?: number;
  customFields?: boolean;
};

export type GridMode = 'table' | 'group' | 'graph';

export const TEXT_FILTER_OPTIONS = ['contains', 'notContains', 'equals', 'notEqual', 'startsWith', 'endsWith', 'blank', 'notBlank'];
export const NUMBER_FILTER_OPTIONS = [
  'equals',
  'notEqual',
  'lessThan',
  'lessThanOrEqual',
  'greaterThan',
  'greaterThanOrEqual',
  'inRange',
  'blank',
  'notBlank',
];

/** Columns whose values the set filter takes from an API list (brand and category lists). */
export const SET_SOURCES: Record<string, 'brand' | 'super_category' | 'category' | 'vertical' | 'labels'> = {
  canonical_mfgr_display: 'brand',
  super_category: 'super_category',
  category: 'category',
  vertical: 'vertical',
  labels: 'labels',
  labelsNames: 'labels',
};

/** Group-row keys of docs/api-contract.md#the-grid-contract that exist only in group mode. */
export const GROUP_ONLY = new Set(['products', 'price_index']);

export function colIdOf(c: ApiColumn): string {
  return c.colId || c.field;
}

export function radioValues(c: ApiColumn): string[] | undefined {
  const r = c.radioValues ?? c.radio ?? c.radio_values;
  return r && r.length ? r : undefined;
}

/** filterFor chooses the filter of a column: custom ones by name, ag-grid's otherwise. */
export function filterFor(c: ApiColumn): { filter: string; filterParams?: Record<string, unknown> } {
  const id = colIdOf(c);
  const buttons = ['apply', 'clear'];
  if (radioValues(c) || c.filter_type === 'radio') return { filter: 'radioFilter', filterParams: { values: radioValues(c) ?? [] } };
  if (id === 'category_display' || c.filter_type === 'category') return { filter: 'categoryFilter' };
  if (id === 'canonical_mfgr_display' || c.filter_type === 'brand') return { filter: 'brandFilter' };
  if (SET_SOURCES[id] || c.filter_type === 'set') return { filter: 'agSetColumnFilter', filterParams: { source: SET_SOURCES[id] ?? 'none', buttons } };
  if (c.filter_type === 'number' || c.is_bool || ['currency', 'percent', 'number', 'bool'].includes(c.format_type ?? '')) {
    return {
      filter: 'agNumberColumnFilter',
      filterParams: { filterOptions: NUMBER_FILTER_OPTIONS, inRangeInclusive: true, maxNumConditions: 2, buttons },
    };
  }
  if (c.filter_type === 'date' || c.format_type === 'date') return { filter: 'agDateColumnFilter', filterParams: { buttons } };
  return { filter: 'agTextColumnFilter', filterParams: { filterOptions: TEXT_FILTER_OPTIONS, maxNumConditions: 2, buttons } };
}

/** isNumeric tells whether the column holds numbers (right-aligned, numeric sort). */
export function isNumeric(c: ApiColumn): boolean {
  return ['currency', 'percent', 'number'].includes(c.format_type ?? '') || c.filter_type === 'number';
}

/** isCompetitor tells whether the column is one competitor's (its header starts with the competitor's name). */
export function isCompetitor(c: ApiColumn): boolean {
  return colIdOf(c).includes('@') || !!(c.competitorId ?? c.competitor_id);
}

/** tooltipKind says which hover tooltip a column has (docs/product.md §2): product or competitor-versus-my-price. */
export function tooltipKind(c: ApiColumn): 'product' | 'competitor' | undefined {
  const id = colIdOf(c);
  if (id === 'name') return 'product';
  if (/^(Price|price_delta)@/.test(id)) return 'competitor';
  return undefined;
}

/**
 * visibleIn decides a column's visibility in a mode when nothing was saved: table
 * mode shows the default columns; group mode shows the group-row metrics.
 */
export function visibleIn(c: ApiColumn, mode: GridMode): boolean {
  const id = colIdOf(c);
  if (mode === 'table') return !!c.default_column && !GROUP_ONLY.has(id);
  const groupMetric = /^(Lower|Similar|Higher|Lower_avg|price_index|products|products_compared)(@\d+)?$/.test(id);
  return groupMetric || !!c.graphMode || !!c.groupModeParams;
}

export function toColDefs(cols: ApiColumn[], opts: { mode: GridMode; currency: string }): ColDef[] {
  return cols.map((c) => {
    const id = colIdOf(c);
    const f = filterFor(c);
    const tip = tooltipKind(c);
    const def: ColDef = {
      colId: id,
      field: c.field,
      headerName: c.headerName,
      headerTooltip: c.headerName,
      filter: f.filter,
      filterParams: f.filterParams,
      sortable: true,
      resizable: true,
      enableRowGroup: !!c.enableRowGroup,
      hide: !visibleIn(c, opts.mode),
      type: isNumeric(c) ? 'rightAligned' : undefined,
      valueFormatter: (p: ValueFormatterParams) => formatValue(c.format_type, p.value, opts.currency),
      minWidth: 90,
      width: id === 'name' ? 260 : isCompetitor(c) ? 170 : isNumeric(c) ? 120 : 160,
      // A header shows its whole name on as many lines as it needs: competitor names are long
      // ("BestDeal Electronics delta %") and were cut to "BestDe…" beside the header's icons.
      wrapHeaderText: true,
      autoHeaderHeight: true,
    };
    if (tip) {
      def.tooltipField = c.field;
      def.tooltipComponentParams = { kind: tip, colId: id };
    }
    if (id === 'name') def.cellRenderer = 'productNameCell';
    if (c.format_type === 'url') def.cellRenderer = 'urlCell';
    if (c.format_type === 'image') def.cellRenderer = 'imageCell';
    return def;
  });
}
