import type { TrendData, TrendRow } from '../../api/trend';
import type { PricingInsights } from '../../api/insights';
import { addDays, isoDay } from '../../lib/dateRange';

/**
 * The home dashboard's pure parts: which widgets a user sees, the market
 * position's trend requests and how their answers become one chart.
 */

/** POSITION_VALUES are the market position's lines: the competitiveness metrics' comparison values. */
export const POSITION_VALUES = [
  { value: 'Price Index', key: 'index', label: 'Price index' },
  { value: '%Lower Bucket', key: 'cheaper', label: 'Cheaper %' },
  { value: '%Similar Bucket', key: 'similar', label: 'Similar %' },
  { value: '%Higher Bucket', key: 'dearer', label: 'Dearer %' },
] as const;

export type PositionKey = (typeof POSITION_VALUES)[number]['key'];

/** positionDays is the last 30 days, ending yesterday (the trends' last day). */
export function positionDays(today: Date = new Date()): { from: string; to: string } {
  const to = addDays(isoDay(today), -1);
  return { from: addDays(to, -29), to };
}

/**
 * positionRequest is one line's trend request: the competitiveness metrics of the whole
 * account (group "all"), every product counting once, over every competitor.
 */
export function positionRequest(value: string, dates: { from: string; to: string }): TrendData {
  return { report_name: 'competitiveness_metrics', dates, group: 'all', comparisonValues: value, weightBy: 'NotWeighted' };
}

/**
 * mergePositions lays the four answers (a row per day with comparable pairs) side by side:
 * a row per day of the range, with each line's value under its key (missing days absent).
 */
export function mergePositions(dates: { from: string; to: string }, answers: Record<PositionKey, TrendRow[]>): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  const byDay = new Map<string, Record<string, unknown>>();
  for (let d = dates.from; d <= dates.to; d = addDays(d, 1)) {
    const row: Record<string, unknown> = { date_timestamp: d };
    byDay.set(d, row);
    out.push(row);
  }
  for (const { key } of POSITION_VALUES) {
    for (const r of answers[key] ?? []) {
      const row = byDay.get(String(r.date_timestamp));
      if (row && typeof r.value === 'number') row[key] = r.value;
    }
  }
  return out;
}

/** latest is the last day's value of a line that has one (null: none in the range). */
export function latest(rows: Record<string, unknown>[], key: string): number | null {
  for (let i = rows.length - 1; i >= 0; i--) if (typeof rows[i][key] === 'number') return rows[i][key] as number;
  return null;
}

/** What the user may see on the home dashboard (docs/product.md §2 "Home dashboard"). */
export type HomeGates = { reports: boolean; pricer: boolean; alerts: boolean };

/**
 * candidatesWidget says how the raise/reduce candidates show: from the latest pricer run
 * only to a user who can open the pricer's results (their link), from the market buckets
 * to a user who can open reports; otherwise not at all.
 */
export function candidatesWidget(source: PricingInsights['candidates_source'] | undefined, g: HomeGates): 'pricer' | 'buckets' | null {
  if (source === 'pricer') return g.pricer ? 'pricer' : null;
  if (source === 'buckets') return g.reports ? 'buckets' : null;
  return null;
}
