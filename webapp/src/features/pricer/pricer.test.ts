import { expect, test } from 'vitest';
import { auditDiff, bucketLabel, competitorLabel, emptyForm, formErrors, fromRule, moved, toRuleIn, withSourceKind } from './ruleForm';

const comps = [
  { id: 1, name: 'Amazon' },
  { id: 2, name: 'Walmart' },
  { id: 3, name: 'Target' },
];

test('the competitor menu shows Choose... for none, the name for one, N competitors for several', () => {
  expect(competitorLabel([], comps)).toBe('Choose...');
  expect(competitorLabel([2], comps)).toBe('Walmart');
  expect(competitorLabel([1, 3], comps)).toBe('2 competitors');
  expect(competitorLabel([1, 2, 3], comps)).toBe('3 competitors');
});

test('a non-competitor source clears the competitors; Competitors keeps them', () => {
  const s = { kind: 'competitors', competitors: [1, 2], aggregate: 'max', in_stock_only: true };
  for (const kind of ['my_price', 'fixed', 'mrp']) expect(withSourceKind(s, kind)).toMatchObject({ kind, competitors: [] });
  expect(withSourceKind({ kind: 'my_price', competitors: [] }, 'competitors')).toMatchObject({ kind: 'competitors', aggregate: 'min' });
  expect(withSourceKind(s, 'competitors').competitors).toEqual([1, 2]);
});

test('the form checks name, competitors and fixed amount with the server messages', () => {
  const f = emptyForm('middle', 'target');
  expect(formErrors(f)).toEqual({ name: 'Rule name is required' });
  const c = { ...f, name: 'Beat Amazon', source: withSourceKind(f.source, 'competitors') };
  expect(formErrors(c)).toEqual({ 'source.competitors': 'Choose at least one competitor for a competitors source' });
  expect(formErrors({ ...c, source: { ...c.source, competitors: [1] } })).toEqual({});
  expect(formErrors({ ...f, name: 'x', source: { kind: 'fixed', amount: 0 } })['source.amount']).toBeDefined();
});

test('the wire shape: scope as a grid condition, source fields by kind, and back', () => {
  const f = {
    ...emptyForm('top_bottom', 'floor'),
    name: ' Floor ',
    source: { kind: 'competitors', competitors: [1, 2], aggregate: 'avg', in_stock_only: true },
    percent: '-5',
    categories: [['Electronics', 'TV']],
    brands: ['Acme'],
    search: ' tv ',
  };
  const r = toRuleIn(f);
  expect(r).toEqual({
    name: 'Floor',
    section: 'top_bottom',
    rule_type: 'floor',
    status: 'active',
    scope: { filters: { category_tree: { filterType: 'category', paths: [['Electronics', 'TV']] }, canonical_mfgr_display: { filterType: 'set', values: ['Acme'] } }, search: 'tv' },
    source: { kind: 'competitors', competitors: [1, 2], aggregate: 'avg', in_stock_only: true },
    adjust: { percent: -5, amount: 0 },
  });
  expect(toRuleIn({ ...emptyForm('middle', 'target'), name: 'x' }).scope).toEqual({});
  expect(toRuleIn({ ...emptyForm('middle', 'target'), name: 'x', source: { kind: 'fixed', amount: 9.99, competitors: [1] } }).source).toEqual({ kind: 'fixed', amount: 9.99 });
  const back = fromRule({ ...r, groupId: 7, scope: r.scope } as never);
  expect(back).toMatchObject({ groupId: 7, name: 'Floor', categories: [['Electronics', 'TV']], brands: ['Acme'], search: 'tv', percent: '-5', amount: '' });
});

test('reorder moves one rule and keeps the others in order', () => {
  expect(moved([1, 2, 3, 4], 0, 2)).toEqual([2, 3, 1, 4]);
  expect(moved([1, 2, 3, 4], 3, 0)).toEqual([4, 1, 2, 3]);
  expect(moved([1, 2], 1, 2)).toEqual([1, 2]);
});

test('preview buckets and audit diffs read as text', () => {
  expect(bucketLabel(null, -10)).toBe('below -10%');
  expect(bucketLabel(-5, 0)).toBe('-5% to 0%');
  expect(bucketLabel(10, null)).toBe('+10% or more');
  expect(auditDiff({ name: 'a', status: 'active', updated_at: 'x' }, { name: 'a', status: 'inactive', updated_at: 'y' })).toEqual([['status', 'active', 'inactive']]);
  expect(auditDiff(null, { name: 'n' })).toEqual([['name', '', 'n']]);
  expect(auditDiff([1, 2], [2, 1])).toEqual([['', '1, 2', '2, 1']]);
  // Issue 29: nested changes read field: before → after, not JSON.
  const rule = (kind: string, competitors: number[], paths: string[][]) => ({
    name: 'r',
    source: { kind, competitors, aggregate: 'min' },
    adjust: { percent: -2 },
    scope: { filters: { category_tree: { filterType: 'category', paths } } },
  });
  expect(auditDiff(rule('my_price', [], [['Toys']]), rule('competitors', [3, 9], [['Toys', 'Dolls'], ['Games']]))).toEqual([
    ['source.kind', 'my_price', 'competitors'],
    ['source.competitors', '', '3, 9'],
    ['scope.filters.category_tree.paths', 'Toys', 'Toys > Dolls, Games'],
  ]);
  for (const [, b, a] of auditDiff(rule('my_price', [], []), rule('fixed', [1], [['A']]))) expect(b + a).not.toMatch(/[{}[\]"]/);
});
