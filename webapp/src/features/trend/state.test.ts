import { expect, test } from 'vitest';
import { defaultState, fromSaved } from './state';
import { presetRange } from '../../lib/dateRange';

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
