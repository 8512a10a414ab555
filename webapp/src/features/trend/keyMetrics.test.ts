import { expect, test } from 'vitest';
import { diffPercent, hasBusinessMetrics, periodTotals } from './keyMetrics';

const rows = [
  { date_timestamp: '2026-11-01', units_sold: 10, revenue: 200, cost: 12, gross_profit: 80, compare_units_sold: 5, compare_revenue: 100, compare_gross_profit: 20, compare_cost: 10 },
  { date_timestamp: '2026-11-02', units_sold: 0, revenue: 0, cost: 12, gross_profit: 0, compare_units_sold: null, compare_revenue: null, compare_gross_profit: null, compare_cost: null },
];

test('period totals: sums, and margin from the sums', () => {
  expect(periodTotals(rows)).toEqual({ cost: 24, gross_profit: 80, units_sold: 10, margin: 40 });
  expect(periodTotals(rows, 'compare_')).toEqual({ cost: 10, gross_profit: 20, units_sold: 5, margin: 20 });
  expect(periodTotals([{ units_sold: null }])).toEqual({ cost: null, gross_profit: null, units_sold: null, margin: null });
});

test('diff percent against the compare period', () => {
  expect(diffPercent(10, 5)).toBe(100);
  expect(diffPercent(-5, -10)).toBe(50);
  expect(diffPercent(3, 0)).toBeNull();
  expect(diffPercent(null, 3)).toBeNull();
});

test('no business metrics: no day has units or revenue', () => {
  expect(hasBusinessMetrics(rows)).toBe(true);
  expect(hasBusinessMetrics([{ date_timestamp: '2026-11-01', units_sold: null, revenue: null }])).toBe(false);
});
