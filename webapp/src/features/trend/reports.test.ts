import { expect, test } from 'vitest';
import { asOfNote, flaggedNote, flagLines, MARKET_KEY, mergeLine, pivotGroups, tableColumns, trendLines, trendLocked } from './reports';
import { defaultPick, toggle, MARKET } from '../../lib/competitorPick';

const comps = [
  { id: 11, name: 'Alpha' },
  { id: 12, name: 'Beta' },
];
const ids = [11, 12];

test('the price trend draws my price, the market, the selected competitors and each picked competitor', () => {
  const lines = trendLines('price_trend', defaultPick(ids), comps);
  expect(lines.map((l) => l.key)).toEqual(['customerValue', MARKET_KEY, 'selected_competitors', 'value@11', 'value@12']);
  const fewer = trendLines('price_trend', toggle(toggle(defaultPick(ids), MARKET, ids), 'c11', ids), comps, [{ logical_name: 'revenue_30d', display_name: 'Revenue' }]);
  expect(fewer.map((l) => l.label)).toEqual(['My price', 'Selected competitors', 'Beta', 'Revenue']);
});

test('margin and price vs market have no market lines', () => {
  expect(trendLines('margin_trend', defaultPick(ids), comps).map((l) => l.key)).toEqual(['customerValue', 'value@11', 'value@12']);
  expect(trendLines('price_vs_market_trend', defaultPick(ids), comps)[0].label).toBe('Market delta %');
});

test('the table keeps the picked competitors and adds the market and custom-field columns', () => {
  const col = (field: string, headerName: string) => ({ field, headerName, format_type: 'currency' });
  const api = [col('date_timestamp', 'Date'), col('customerValue', 'My price'), col('selected_competitors', 'Selected competitors'), col('value@11', 'Alpha'), col('value@12', 'Beta')];
  const lines = trendLines('price_trend', toggle(defaultPick(ids), 'c11', ids), comps, [{ logical_name: 'cf1', display_name: 'CF' }]);
  expect(tableColumns(api, lines, 'currency').map((c) => c.field)).toEqual(['date_timestamp', 'customerValue', 'selected_competitors', 'value@12', MARKET_KEY, 'cf@cf1']);
});

test('another answer merges by day; a missing day is null', () => {
  const rows = [{ date_timestamp: '2026-11-01', customerValue: 1 }, { date_timestamp: '2026-11-02', customerValue: 2 }];
  expect(mergeLine(rows, [{ date_timestamp: '2026-11-02', selected_competitors: 5 }], 'selected_competitors', MARKET_KEY)).toEqual([
    { date_timestamp: '2026-11-01', customerValue: 1, [MARKET_KEY]: null },
    { date_timestamp: '2026-11-02', customerValue: 2, [MARKET_KEY]: 5 },
  ]);
});

test('competitiveness rows pivot to a line per group, with compare lines when asked', () => {
  const rows = [
    { date_timestamp: '2026-11-02', category: 'TV', value: 40, compare_value: 35 },
    { date_timestamp: '2026-11-01', category: 'TV', value: 50, compare_value: 30 },
    { date_timestamp: '2026-11-01', category: 'Audio', value: 10, compare_value: null },
  ];
  const p = pivotGroups(rows, 'category', true);
  expect(p.groups).toBe(2);
  expect(p.lines.map((l) => l.label)).toEqual(['Audio', 'Audio (compare)', 'TV', 'TV (compare)']);
  expect(p.rows).toEqual([
    { date_timestamp: '2026-11-01', 'g@TV': 50, 'cmp@TV': 30, 'g@Audio': 10, 'cmp@Audio': null },
    { date_timestamp: '2026-11-02', 'g@TV': 40, 'cmp@TV': 35 },
  ]);
  expect(pivotGroups(rows, 'category', false).lines).toHaveLength(2);
});

test('competitor lines with open match flags are marked in the legend and the table header, and the note names them', () => {
  const lines = trendLines('price_trend', ['c1', 'c2'], [
    { id: 1, name: 'Alpha' },
    { id: 2, name: 'Beta' },
  ]);
  const marked = flagLines(lines, { '2': 3 });
  expect(marked.find((l) => l.key === 'value@2')!.label).toBe('Beta ⚑ 3 flagged');
  expect(marked.find((l) => l.key === 'value@1')!.label).toBe('Alpha');
  expect(flaggedNote(marked, { '2': 3 })).toContain('Beta (3)');
  expect(flaggedNote(lines, {})).toBe('');
  const cols = tableColumns(
    [
      { field: 'date_timestamp', headerName: 'Date' },
      { field: 'value@2', headerName: 'Beta' },
    ] as never,
    marked,
    'currency',
  );
  expect(cols.map((c) => c.headerName)).toEqual(['Date', 'Beta ⚑ 3 flagged']);
});

test('a trend answered from stored data that a newer load is not in says what time it covers', () => {
  expect(asOfNote('2026-11-29T06:12:40Z')).toBe('Scans loaded up to Nov 29, 2026, 6:12 AM UTC. A newer load is being added to this trend and will show in a few minutes.');
  expect(asOfNote(undefined)).toBe('');
  expect(asOfNote('not a time')).toBe('');
});

test('the competitiveness trend is locked for an account with more than one competitor, no other trend is', () => {
  expect(trendLocked('competitiveness_metrics', 8)).toBe(true);
  expect(trendLocked('competitiveness_metrics', 1)).toBe(false);
  expect(trendLocked('price_trend', 8)).toBe(false);
});
