import { expect, test } from 'vitest';
import { ALL, MARKET, SELECTED, chosenIds, defaultPick, pickError, pickSummary, toggle } from './competitorPick';

const ids = [11, 12, 13];

test('All is added when every competitor is chosen and removed otherwise (docs/product.md §4)', () => {
  let p = [MARKET];
  p = toggle(p, 'c11', ids);
  p = toggle(p, 'c12', ids);
  expect(p).not.toContain(ALL);
  p = toggle(p, 'c13', ids);
  expect(p).toContain(ALL);
  expect(chosenIds(p, ids)).toEqual([11, 12, 13]);
  p = toggle(p, 'c12', ids);
  expect(p).not.toContain(ALL);
  expect(chosenIds(p, ids)).toEqual([11, 13]);
  expect(p).toContain(MARKET);
});

test('the All entry chooses every competitor, and none when all were chosen; lines stay', () => {
  let p = toggle([SELECTED, 'c12'], ALL, ids);
  expect(chosenIds(p, ids)).toEqual([11, 12, 13]);
  expect(p).toContain(ALL);
  expect(p).toContain(SELECTED);
  p = toggle(p, ALL, ids);
  expect(p).toEqual([SELECTED]);
  expect(pickError(p, ids)).toBe('Choose at least one competitor.');
});

test('market and selected competitors are entries of their own', () => {
  let p = defaultPick(ids);
  expect(p).toEqual([MARKET, SELECTED, 'c11', 'c12', 'c13', ALL]);
  p = toggle(p, MARKET, ids);
  expect(p).toEqual([SELECTED, 'c11', 'c12', 'c13', ALL]);
  expect(pickError(p, ids)).toBeNull();
  expect(pickSummary(p, ids)).toBe('Selected competitors, All competitors');
  expect(pickSummary(toggle(p, 'c11', ids), ids)).toBe('Selected competitors, 2 competitors');
});

test('an account with one competitor: choosing it adds All', () => {
  expect(toggle([], 'c5', [5])).toEqual(['c5', ALL]);
  expect(defaultPick([])).toEqual([MARKET, SELECTED]);
});
