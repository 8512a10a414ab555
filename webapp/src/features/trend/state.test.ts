import { expect, test } from 'vitest';
import { defaultState, fromSaved, savedFields, trendData } from './state';
import { metricPresetRange, presetRange } from '../../lib/dateRange';

test('a saved trend report opens with its dates, competitors, weight and view', () => {
  const base = defaultState([11, 12], [], false);
  expect(base.dates).toEqual(presetRange('1 Month'));
  expect(base.weightBy).toBe('price');
  const range = presetRange('3 Months');
  const s = fromSaved(base, { dates: range, compareTo: 'same_period_last_year', distribution_weights_cf: 'revenue_30d', competitors_visibility: ['c11', 'c12'], chart: false }, [11, 12]);
  expect(s.dates).toEqual(range);
  expect(s.compareTo).toBe('same_period_last_year');
  expect(s.weightBy).toBe('revenue_30d');
  expect(s.pick).toEqual(['c11', 'c12', 'all']);
  expect(s.view).toBe('table');
});

test('saved dates outside the limits fall back to the default range; competitiveness weighs by ppvs when the account has it', () => {
  const base = defaultState([], [{ logical_name: 'ppvs' }], true);
  expect(base.weightBy).toBe('ppvs');
  expect(defaultState([], [], true).weightBy).toBe('NotWeighted');
  expect(fromSaved(base, { dates: { from: '2001-01-01', to: '2001-02-01' } }, []).dates).toEqual(base.dates);
});

test('Save writes what a saved trend report reopens with; its condition is the trend request a schedule mails', () => {
  const report = { name: 'competitiveness_metrics' as const, weighBy: false };
  const base = defaultState([11], [], true, true);
  const s = { ...base, group: 'brand', compareTo: 'same_period_last_year' as const, comparisonValue: 'Price Index', compareValues: false, view: 'table' as const };
  const f = savedFields(report, s, [11]);
  expect(f.report_type).toBe('competitiveness_metrics');
  expect(f.condition).toMatchObject({ report_name: 'competitiveness_metrics', dates: s.dates, compareTo: 'same_period_last_year', comparisonValues: 'Price Index', group: 'brand' });
  const back = fromSaved(base, JSON.parse(JSON.stringify(f)), [11]);
  expect(back).toEqual(s);

  const line = { name: 'price_trend' as const, weighBy: true };
  const p = { ...defaultState([11, 12, 13], [], false), pick: ['c12'], customFields: ['revenue_30d'], weightBy: 'revenue_30d' };
  expect(trendData(line, p, [11, 12, 13])).toEqual({ report_name: 'price_trend', dates: p.dates, competitorId: [12], weightBy: 'revenue_30d' });
  expect(fromSaved(defaultState([11, 12, 13], [], false), JSON.parse(JSON.stringify(savedFields(line, p, [11, 12, 13]))), [11, 12, 13])).toEqual(p);
});

test('the metrics screens open with Last 30 Days', () => {
  expect(defaultState([], [], false, true).dates).toEqual(metricPresetRange('Last 30 Days'));
});
