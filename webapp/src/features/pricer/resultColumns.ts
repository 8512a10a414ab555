import type { ColDef, ValueFormatterParams } from 'ag-grid-community';
import type { ResultColumn } from './api/results';
import { UrlCell } from '../../components/UrlCell';

/**
 * The results grids' columns (repricing/getColumnsDef) as ag-grid column definitions with the
 * shared filters: the category tree on the category, the brand list on the brand, the radio
 * filter on closed lists (status), number and text filters otherwise. Pure: unit-tested.
 */

const NUMBER_OPTIONS = ['equals', 'notEqual', 'lessThan', 'lessThanOrEqual', 'greaterThan', 'greaterThanOrEqual', 'inRange', 'blank', 'notBlank'];
const TEXT_OPTIONS = ['contains', 'notContains', 'equals', 'notEqual', 'startsWith', 'endsWith', 'blank', 'notBlank'];

export function formatResult(format: string, v: unknown, currency: string): string {
  if (v === null || v === undefined || v === '') return '';
  const n = Number(v);
  if (format === 'currency') return Number.isFinite(n) ? currency + n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }) : String(v);
  if (format === 'percent') return Number.isFinite(n) ? (n > 0 ? '+' : '') + n.toFixed(2) + '%' : String(v);
  if (format === 'number') return Number.isFinite(n) ? n.toLocaleString('en-US') : String(v);
  if (format === 'date') {
    const d = new Date(String(v));
    return Number.isNaN(d.getTime()) ? String(v) : d.toLocaleString('en-US');
  }
  return Array.isArray(v) ? v.join(', ') : String(v);
}

/**
 * The words of the closed lists the server sends as codes: a result's status (no_change,
 * auto_approved, pending, mandated), an approval record's status (Pending, approved, rejected)
 * and its reason (auto_approved, above_threshold, mandated). A code not listed shows as it is.
 */
export const CODE_WORDS: Record<string, Record<string, string>> = {
  status: { no_change: 'No change', auto_approved: 'Auto-approved', pending: 'Pending', mandated: 'Mandated', Pending: 'Pending', approved: 'Approved', rejected: 'Rejected' },
  reason: { above_threshold: 'Above the threshold', auto_approved: 'Auto-approved', mandated: 'Mandated' },
};

/** codeWord is a status's or reason's words. */
export function codeWord(colId: string, v: unknown): string {
  if (v === null || v === undefined) return '';
  return CODE_WORDS[colId]?.[String(v)] ?? String(v);
}

/**
 * cellText is what a results or approval cell shows: the Rule column the rule's name
 * (rule_name: a name, "Event" or "Contract", never the id), Labels the label names (not
 * their ids), status and reason in words, the rest formatted.
 */
export function cellText(c: ResultColumn, row: Record<string, unknown> | undefined, v: unknown, currency: string): string {
  if (c.colId === 'rule_id' && row && typeof row.rule_name === 'string') return row.rule_name;
  if (c.colId === 'labels' && row && row.labelsNames !== undefined) return String(row.labelsNames ?? '').split(',').filter(Boolean).join(', ');
  if (CODE_WORDS[c.colId]) return codeWord(c.colId, v);
  return formatResult(c.format_type, v, currency);
}

export function resultFilter(c: ResultColumn): Pick<ColDef, 'filter' | 'filterParams'> {
  const buttons = ['apply', 'clear'];
  if (c.radioValues?.length) return { filter: 'radioFilter', filterParams: { values: c.radioValues, labels: CODE_WORDS[c.colId] } };
  if (c.colId === 'category_display') return { filter: 'categoryFilter' };
  if (c.colId === 'canonical_mfgr_display') return { filter: 'brandFilter' };
  if (c.colId === 'explanation' || c.colId === 'labels') return { filter: false };
  if (['currency', 'percent', 'number'].includes(c.format_type)) return { filter: 'agNumberColumnFilter', filterParams: { filterOptions: NUMBER_OPTIONS, maxNumConditions: 2, inRangeInclusive: true, buttons } };
  return { filter: 'agTextColumnFilter', filterParams: { filterOptions: TEXT_OPTIONS, maxNumConditions: 2, buttons } };
}

/**
 * tooltipKind is the hover tooltip of a column, as on the report grids: the product at its
 * name, the competitor against my price at a competitor's price and delta.
 */
export function tooltipKind(colId: string): 'product' | 'competitor' | null {
  if (colId === 'name') return 'product';
  if (colId.startsWith('Price@') || colId.startsWith('price_delta@')) return 'competitor';
  return null;
}

/**
 * resultColDefs are the column definitions of the results and approval grids. A column the
 * server sends without a filter type (the approval grid's competitor offers and the columns
 * PostgreSQL adds: comment, who, when; the explanation) is shown, not filtered or sorted.
 */
export function resultColDefs(cols: ResultColumn[], currency: string): ColDef[] {
  return cols.map((c) => {
    const numeric = ['currency', 'percent', 'number'].includes(c.format_type);
    const filterable = Boolean(c.filter_type);
    const def: ColDef = {
      colId: c.colId,
      field: c.field,
      headerName: c.headerName,
      headerTooltip: c.headerName,
      ...(filterable ? resultFilter(c) : { filter: false }),
      sortable: filterable && c.colId !== 'explanation' && c.colId !== 'labels',
      resizable: true,
      hide: !c.default_column,
      type: numeric && c.colId !== 'rule_id' ? 'rightAligned' : undefined,
      valueFormatter: (p: ValueFormatterParams) => cellText(c, p.data, p.value, currency),
      minWidth: 90,
      width: c.colId === 'name' ? 240 : c.colId === 'explanation' ? 360 : numeric ? 130 : 160,
    };
    if (c.format_type === 'url') def.cellRenderer = UrlCell;
    const tip = tooltipKind(c.colId);
    if (tip) {
      def.tooltipField = c.field;
      def.tooltipComponent = 'gridTooltip'; // registered by ResultsGrid
      def.tooltipComponentParams = { kind: tip, colId: c.colId };
    }
    if (c.colId === 'explanation') {
      def.cellRenderer = 'whyCell';
      def.tooltipField = 'explanation';
    }
    return def;
  });
}
