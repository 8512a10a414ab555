/**
 * formatValue writes a cell value by the column's format_type (docs/product.md §3): currency
 * with the account's symbol, percents and numbers rounded for display only, Yes/No
 * for flags, dates without the T and Z. Shared by the report grid, the trend table
 * and the product page.
 */
export function formatValue(format: string | undefined, v: unknown, currency = '$'): string {
  if (v === null || v === undefined || v === '') return '';
  if (typeof v === 'number' && Number.isNaN(v)) return '';
  switch (format) {
    case 'currency': {
      const n = Number(v);
      return Number.isFinite(n) ? currency + n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }) : String(v);
    }
    case 'percent': {
      const n = Number(v);
      // Deltas are rounded to 2 decimals for display only (docs/reports.md#metric-definitions).
      return Number.isFinite(n) ? n.toFixed(2) + '%' : String(v);
    }
    case 'number': {
      const n = Number(v);
      return Number.isFinite(n) ? (Number.isInteger(n) ? n.toLocaleString('en-US') : n.toLocaleString('en-US', { maximumFractionDigits: 2 })) : String(v);
    }
    case 'bool':
      return v === true || v === 1 || v === '1' || v === 'true' ? 'Yes' : 'No';
    case 'date':
      return String(v).replace('T', ' ').replace(/Z$/, '').slice(0, 19);
    default:
      return Array.isArray(v) ? v.join(', ') : String(v);
  }
}
