import { expect, test } from 'vitest';
import { cellText, codeWord, formatResult, resultColDefs, resultFilter, tooltipKind } from './resultColumns';
import { changeFilter, exportCondition, resultCondition } from './resultCondition';
import type { ResultColumn } from './api/results';

const col = (p: Partial<ResultColumn>): ResultColumn =>
  ({ headerName: 'x', field: 'x', colId: 'x', filter_type: 'text', format_type: 'text', default_column: true, calculateField: false, customFields: false, enableRowGroup: false, graphMode: false, groupModeParams: null, is_bool: false, refresh: false, repriceField: true, ...p }) as ResultColumn;

test('results columns get the shared filters: category tree, brand list, radio for status, numbers', () => {
  expect(resultFilter(col({ colId: 'category_display' })).filter).toBe('categoryFilter');
  expect(resultFilter(col({ colId: 'canonical_mfgr_display' })).filter).toBe('brandFilter');
  expect(resultFilter(col({ colId: 'status', radioValues: ['no_change', 'pending'] }))).toMatchObject({ filter: 'radioFilter', filterParams: { values: ['no_change', 'pending'] } });
  expect(resultFilter(col({ colId: 'change_pct', format_type: 'percent' })).filter).toBe('agNumberColumnFilter');
  expect(resultFilter(col({ colId: 'explanation' })).filter).toBe(false);
  const [why] = resultColDefs([col({ colId: 'explanation', field: 'explanation' })], '$');
  expect(why).toMatchObject({ cellRenderer: 'whyCell', tooltipField: 'explanation', sortable: false });
  expect(resultColDefs([col({ default_column: false })], '$')[0].hide).toBe(true);
});

test('one column setup for results and approval: a column without a filter type is shown, not filtered or sorted; tooltips as on the report grids', () => {
  const [offer, comment, price] = resultColDefs(
    [
      col({ colId: 'Price@3', field: 'Price@3', format_type: 'currency', filter_type: '' }),
      col({ colId: 'bizfin_comment', field: 'bizfin_comment', filter_type: '' }),
      col({ colId: 'price', field: 'price', format_type: 'currency', filter_type: 'number' }),
    ],
    '$',
  );
  expect(offer).toMatchObject({ filter: false, sortable: false, tooltipComponent: 'gridTooltip', tooltipComponentParams: { kind: 'competitor', colId: 'Price@3' } });
  expect(comment).toMatchObject({ filter: false, sortable: false });
  expect(comment.tooltipComponent).toBeUndefined();
  expect(price).toMatchObject({ filter: 'agNumberColumnFilter', sortable: true });
  const [name] = resultColDefs([col({ colId: 'name', field: 'name' })], '$');
  expect(name).toMatchObject({ tooltipField: 'name', tooltipComponent: 'gridTooltip', tooltipComponentParams: { kind: 'product' } });
  expect(tooltipKind('price_delta@7')).toBe('competitor');
  expect(tooltipKind('recommended_price')).toBeNull();
});

test('issue 29: the Rule column names the rule or the event, never the id; labels by name; status and reason in words', () => {
  const rule = col({ colId: 'rule_id', field: 'rule_id', format_type: 'number' });
  expect(cellText(rule, { rule_id: 9007199254740990, rule_name: 'Event' }, 9007199254740990, '$')).toBe('Event');
  expect(cellText(rule, { rule_id: 12, rule_name: 'Beat the cheapest' }, 12, '$')).toBe('Beat the cheapest');
  expect(cellText(rule, { rule_id: null, rule_name: '' }, null, '$')).toBe('');
  const labels = col({ colId: 'labels', field: 'labels' });
  expect(cellText(labels, { labels: '3,7', labelsNames: 'Clearance,Top seller' }, '3,7', '$')).toBe('Clearance, Top seller');
  expect(cellText(col({ colId: 'reason', field: 'reason' }), {}, 'above_threshold', '$')).toBe('Above the threshold');
  expect(cellText(col({ colId: 'status', field: 'status' }), {}, 'auto_approved', '$')).toBe('Auto-approved');
  expect(codeWord('status', 'approved')).toBe('Approved');
  expect(codeWord('status', 'something_new')).toBe('something_new');
  expect(resultFilter(col({ colId: 'reason', radioValues: ['mandated'] })).filterParams).toMatchObject({ labels: { mandated: 'Mandated' } });
  const [def] = resultColDefs([rule], '$');
  expect(def.type).toBeUndefined();
});

test('prices, signed changes and blanks', () => {
  expect(formatResult('currency', 1234.5, '€')).toBe('€1,234.50');
  expect(formatResult('percent', 2.5, '$')).toBe('+2.50%');
  expect(formatResult('percent', -1, '$')).toBe('-1.00%');
  expect(formatResult('currency', null, '$')).toBe('');
});

test('a results block asks for its run, with the category filter as category_tree', () => {
  const req = {
    startRow: 100,
    endRow: 200,
    filterModel: { category_display: { filterType: 'category', paths: [['A']] }, status: { filterType: 'radio', value: 'pending' } },
    sortModel: [{ colId: 'change_pct', sort: 'desc' as const }],
  };
  expect(resultCondition(req, 'tv', true)).toEqual({
    run: 'simulation',
    startRow: 100,
    limit: 100,
    filters: { category_tree: { filterType: 'category', paths: [['A']] }, status: { filterType: 'radio', value: 'pending' } },
    sort: [{ colId: 'change_pct', sort: 'desc' }],
    search: 'tv',
  });
  expect(resultCondition({ filterModel: {}, sortModel: [] }, '', false)).toMatchObject({ run: 'latest', startRow: 0, limit: 100, filters: {} });
});

test('an export asks for the run the grid shows, its filters, sort and search, and the visible columns, without paging', () => {
  const cond = resultCondition({ startRow: 200, endRow: 300, filterModel: { status: { filterType: 'radio', value: 'pending' } }, sortModel: [{ colId: 'change_pct', sort: 'desc' }] }, 'tv', false);
  expect(exportCondition(cond, 42, ['id', 'explanation'])).toEqual({
    run: 42,
    filters: { status: { filterType: 'radio', value: 'pending' } },
    sort: [{ colId: 'change_pct', sort: 'desc' }],
    search: 'tv',
    visible_columns: ['id', 'explanation'],
  });
});

test('group and graph modes: one group level of the grid condition, labelled and stacked', async () => {
  const { groupCondition, groupLabel, graphRows } = await import('./resultGroups');
  const cond = resultCondition({ startRow: 100, endRow: 200, filterModel: {}, sortModel: [{ colId: 'change_pct', sort: 'desc' }] }, 'tv', true);
  expect(groupCondition({ ...cond, run: 7 }, 'status')).toEqual({
    run: 7,
    filters: {},
    search: 'tv',
    startRow: 0,
    limit: 200,
    group: [{ id: 'status', field: 'status' }],
    sort: [{ colId: 'products', sort: 'desc' }],
  });
  expect(groupLabel('rule_id', '')).toBe('No rule');
  expect(groupLabel('rule_id', '12', { '12': 'Beat Alpha' })).toBe('Beat Alpha');
  expect(groupLabel('status', 'auto_approved')).toBe('Auto-approved');
  const row = { group_key: 'pending', products: 10, changed: 7, pending: 4, auto_approved: 3, avg_change_pct: 1, min_change_pct: 0.5, max_change_pct: 2 };
  expect(graphRows([row], 'status')).toEqual([{ label: 'Pending', values: { pending: 4, auto_approved: 3, no_change: 3, decided: 0 } }]);
  // A decided record is in its own segment, so an Approved group's bar is as long as its products.
  const approved = { ...row, group_key: 'approved', products: 2, changed: 2, pending: 0, auto_approved: 0 };
  expect(graphRows([approved], 'status')).toEqual([{ label: 'Approved', values: { pending: 0, auto_approved: 0, no_change: 0, decided: 2 } }]);
});

test('approval group and graph modes: the largest groups by records, their statuses stacked', async () => {
  const { groupCondition, approvalGroupLabel, approvalGraphRows } = await import('./resultGroups');
  expect(groupCondition({ filters: { status: { filterType: 'radio', value: 'Pending' } }, search: '' }, 'reason', 'records')).toEqual({
    filters: { status: { filterType: 'radio', value: 'Pending' } },
    search: '',
    startRow: 0,
    limit: 200,
    group: [{ id: 'reason', field: 'reason' }],
    sort: [{ colId: 'records', sort: 'desc' }],
  });
  expect(approvalGroupLabel('reason', 'above_threshold')).toBe('Above the threshold');
  expect(approvalGroupLabel('status', 'Pending')).toBe('Pending');
  expect(approvalGroupLabel('category', '')).toBe('(blank)');
  const row = { group_key: 'TV', records: 9, pending: 5, approved: 3, rejected: 1, avg_change_pct: 1, min_change_pct: -2, max_change_pct: 4 };
  expect(approvalGraphRows([row], 'category')).toEqual([{ label: 'TV', values: { pending: 5, approved: 3, rejected: 1 } }]);
});

test('the insights panel opens the results on the raises or reductions it counted', () => {
  expect(changeFilter('up')).toEqual({ change_pct: { filterType: 'number', type: 'greaterThan', filter: 0 } });
  expect(changeFilter('down')).toEqual({ change_pct: { filterType: 'number', type: 'lessThan', filter: 0 } });
  expect(changeFilter(null)).toBeNull();
  expect(changeFilter('sideways')).toBeNull();
});
