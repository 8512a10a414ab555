/** The key business metrics of a day (docs/trends.md) with their names and formats. */
export const KEY_METRICS = [
  { key: 'units_sold', label: 'Units sold', format: 'number' },
  { key: 'revenue', label: 'Revenue', format: 'currency' },
  { key: 'cost', label: 'Cost', format: 'currency' },
  { key: 'gross_profit', label: 'Gross profit', format: 'currency' },
  { key: 'margin', label: 'Margin %', format: 'percent' },
  { key: 'my_price', label: 'My price', format: 'currency' },
] as const;

/** The support mailbox the key business metrics notice names (docs/product.md §2). */
export const SUPPORT_MAILBOX = 'support@pricelens.local';

type Row = Record<string, unknown>;
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** hasBusinessMetrics tells whether any day has units sold or revenue (else the account has no business metrics). */
export function hasBusinessMetrics(rows: Row[]): boolean {
  return rows.some((r) => num(r.units_sold) !== null || num(r.revenue) !== null);
}

export type PeriodTotals = { cost: number | null; margin: number | null; gross_profit: number | null; units_sold: number | null };

/**
 * periodTotals adds a period's days up (prefix "" or "compare_"): cost, gross profit
 * and units sold are sums; margin % is Σ gross profit / Σ revenue × 100, not a mean
 * of daily margins. A metric no day has is null.
 */
export function periodTotals(rows: Row[], prefix = ''): PeriodTotals {
  const sum = (k: string) => {
    const v = rows.map((r) => num(r[prefix + k])).filter((x): x is number => x !== null);
    return v.length ? v.reduce((a, b) => a + b, 0) : null;
  };
  const revenue = sum('revenue');
  const gp = sum('gross_profit');
  return { cost: sum('cost'), gross_profit: gp, units_sold: sum('units_sold'), margin: revenue && gp !== null ? (gp / revenue) * 100 : null };
}

/** diffPercent is the change from the compare period in percent (null when it cannot be said). */
export function diffPercent(now: number | null, before: number | null): number | null {
  if (now === null || before === null || before === 0) return null;
  return ((now - before) / Math.abs(before)) * 100;
}

/** The performance page's ranges (docs/product.md §9), as days ending yesterday. */
export const PERFORMANCE_RANGES = [
  { label: '1 week', days: 7 },
  { label: '1 month', months: 1 },
  { label: '3 months', months: 3 },
  { label: '1 year', months: 12 },
] as const;
