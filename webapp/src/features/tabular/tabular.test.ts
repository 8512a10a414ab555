import { describe, expect, test } from 'vitest';
import { buildCondition, rowCountOf, rowIdOf, normaliseFilters } from './condition';
import { filterChips, listValues } from './chips';
import { barChartHeight, graphBars } from './graph';
import { filterFor, formatValue, toColDefs, tooltipKind, visibleIn, type ApiColumn } from './columns';
import { toCategoryTree } from './filters';
import { cutName } from './cells';
import { labelChips, labelIds, labelNames } from './labels';

const screen = { reportType: 'all_my_products', search: 'usb', weightBy: 'product', competitorIds: [], visibleColumns: ['name', 'price'] };

describe('grid condition (docs/api-contract.md#the-grid-contract)', () => {
  test('a table-mode block carries paging, filters, sort and the screen state', () => {
    const c = buildCondition(
      {
        startRow: 500,
        endRow: 600,
        rowGroupCols: [],
        valueCols: [],
        groupKeys: [],
        filterModel: { name: { filterType: 'text', type: 'contains', filter: 'cable' } },
        sortModel: [{ colId: 'price', sort: 'desc' }],
      },
      screen,
    );
    expect(c).toMatchObject({
      report_type: 'all_my_products',
      startRow: 500,
      limit: 100,
      filters: { name: { filterType: 'text', type: 'contains', filter: 'cable' } },
      sort: [{ colId: 'price', sort: 'desc' }],
      search: 'usb',
      group: [],
      groupIds: [],
      visible_columns: ['name', 'price'],
      weightBy: 'product',
    });
  });
  test('group mode maps the auto column sort to the group field and keeps two sorts', () => {
    const c = buildCondition(
      {
        startRow: 0,
        endRow: 100,
        rowGroupCols: [{ id: 'super_category', field: 'super_category' }],
        valueCols: [],
        groupKeys: [],
        filterModel: null,
        sortModel: [
          { colId: 'ag-Grid-AutoColumn', sort: 'asc' },
          { colId: 'Lower', sort: 'desc' },
          { colId: 'Higher', sort: 'desc' },
        ],
      },
      screen,
    );
    expect(c.sort).toEqual([
      { colId: 'super_category', sort: 'asc' },
      { colId: 'Lower', sort: 'desc' },
    ]);
    expect(c.group).toEqual([{ id: 'super_category', field: 'super_category' }]);
  });
  test('opened group keys travel as strings', () => {
    const c = buildCondition(
      { startRow: 0, endRow: 100, rowGroupCols: [{ id: 'brand', field: 'canonical_mfgr_display' }], valueCols: [], groupKeys: [42 as unknown as string], filterModel: {}, sortModel: [] },
      screen,
    );
    expect(c.groupIds).toEqual(['42']);
  });
  test('the category filter becomes the engine category_tree filter', () => {
    expect(normaliseFilters({ category_display: { filterType: 'category', paths: [['Electronics', 'Audio']] }, x: null })).toEqual({
      category_tree: { filterType: 'category', paths: [['Electronics', 'Audio']] },
    });
  });
  test('lastRow -1 means the end is not known yet', () => {
    expect(rowCountOf(-1)).toBeUndefined();
    expect(rowCountOf(10000)).toBe(10000);
  });
  test('group row ids include the parent path so equal keys under two parents differ', () => {
    expect(rowIdOf({ category: 'Audio' }, ['Electronics'], 'category')).not.toBe(rowIdOf({ category: 'Audio' }, ['Home'], 'category'));
    expect(rowIdOf({ id: 'FSN1' }, [], undefined)).toBe('FSN1');
    expect(rowIdOf({ id: 'FSN1' }, ['red'], undefined)).not.toBe(rowIdOf({ id: 'FSN1' }, ['blue'], undefined));
  });
});

describe('filter chips (docs/product.md §5: 14 values, then ...)', () => {
  test('more than 15 values list 14 and an ellipsis', () => {
    const vals = Array.from({ length: 16 }, (_, i) => 'v' + i);
    expect(listValues(vals).split(', ')).toHaveLength(15);
    expect(listValues(vals).endsWith('...')).toBe(true);
    expect(listValues(vals.slice(0, 15)).includes('...')).toBe(false);
  });
  test('one chip per filter with a readable text', () => {
    const chips = filterChips(
      {
        name: { filterType: 'text', type: 'contains', filter: 'usb' },
        price: { filterType: 'number', type: 'inRange', filter: 10, filterTo: 20 },
        canonical_mfgr_display: { filterType: 'set', values: ['Acme', null] },
        'bucket@1': { filterType: 'radio', value: 'I am lower' },
      },
      (id) => ({ name: 'Name', price: 'My Price' })[id] ?? id,
    );
    expect(chips.map((c) => [c.label, c.text])).toEqual([
      ['Name', 'contains usb'],
      ['My Price', 'between 10 and 20'],
      ['canonical_mfgr_display', 'Acme, (Blanks)'],
      ['bucket@1', 'I am lower'],
    ]);
  });
});

describe('graph mode', () => {
  test('bar chart height rule of docs/product.md §9', () => {
    expect(barChartHeight(1)).toBe(140);
    expect(barChartHeight(14)).toBe(920);
    expect(barChartHeight(15)).toBe(680);
    expect(barChartHeight(49)).toBe(2040);
    expect(barChartHeight(50)).toBe(1080);
    expect(barChartHeight(80)).toBe(880);
    expect(barChartHeight(100)).toBe(1080);
    expect(barChartHeight(101)).toBe(585);
  });
  test('NULL shares draw as zero', () => {
    expect(graphBars([{ super_category: 'A', Lower: 20, Similar: null, Higher: 80 }], 'super_category')).toEqual([{ key: 'A', Lower: 20, Similar: 0, Higher: 80 }]);
  });
});

describe('columns', () => {
  const cols: ApiColumn[] = [
    { headerName: 'Name', field: 'name', filter_type: 'text', format_type: 'text', default_column: true },
    { headerName: 'My Price', field: 'price', filter_type: 'number', format_type: 'currency', default_column: true },
    { headerName: 'Brand', field: 'canonical_mfgr_display', filter_type: 'text', default_column: true },
    { headerName: 'Acme bucket', field: 'bucket@3', filter_type: 'text', radio: ['I am lower', 'Price is similar', 'I am higher'] },
    { headerName: 'Acme', field: 'Price@3', filter_type: 'number', format_type: 'currency', default_column: true },
    { headerName: 'Products', field: 'products', format_type: 'number' },
  ];
  test('filters: text, inclusive number range, set from the API list, radio', () => {
    expect(filterFor(cols[0]).filter).toBe('agTextColumnFilter');
    expect(filterFor(cols[1])).toMatchObject({ filter: 'agNumberColumnFilter', filterParams: { inRangeInclusive: true } });
    expect(filterFor(cols[2])).toEqual({ filter: 'brandFilter' });
    expect(filterFor({ headerName: 'Labels', field: 'labels', filter_type: 'set' })).toMatchObject({ filter: 'agSetColumnFilter', filterParams: { source: 'labels' } });
    expect(filterFor(cols[3])).toMatchObject({ filter: 'radioFilter', filterParams: { values: ['I am lower', 'Price is similar', 'I am higher'] } });
  });
  test('table mode shows default columns; group mode the group metrics', () => {
    const defs = toColDefs(cols, { mode: 'table', currency: '$' });
    expect(defs.filter((d) => !d.hide).map((d) => d.colId)).toEqual(['name', 'price', 'canonical_mfgr_display', 'Price@3']);
    expect(visibleIn(cols[5], 'group')).toBe(true);
    expect(visibleIn(cols[0], 'group')).toBe(false);
  });
  test('headers wrap to show the whole name; competitor columns are wider', () => {
    const defs = toColDefs(cols, { mode: 'table', currency: '$' });
    expect(defs.every((d) => d.wrapHeaderText && d.autoHeaderHeight)).toBe(true);
    const width = (id: string) => defs.find((d) => d.colId === id)!.width!;
    expect(width('Price@3')).toBeGreaterThan(width('price'));
  });
  test('tooltips on name, competitor price and price_delta', () => {
    expect(tooltipKind(cols[0])).toBe('product');
    expect(tooltipKind(cols[4])).toBe('competitor');
    expect(tooltipKind({ headerName: 'd', field: 'price_delta@3' })).toBe('competitor');
    expect(tooltipKind(cols[1])).toBeUndefined();
  });
  test('formats', () => {
    expect(formatValue('currency', 1234.5, '€')).toBe('€1,234.50');
    expect(formatValue('percent', -3.14159)).toBe('-3.14%');
    expect(formatValue('currency', null)).toBe('');
    expect(formatValue('bool', 1)).toBe('Yes');
  });
  test('tooltip names are cut at 110 characters', () => {
    expect(cutName('x'.repeat(120))).toBe('x'.repeat(110) + '…');
    expect(cutName('short')).toBe('short');
  });
  test('category lists as flat rows or a tree', () => {
    expect(toCategoryTree([{ super_category: 'E', category: 'A', vertical: 'H' }, { super_category: 'E', category: 'B', vertical: '' }])).toEqual([
      { name: 'E', children: [{ name: 'A', children: [{ name: 'H', children: [] }] }, { name: 'B', children: [] }] },
    ]);
    expect(toCategoryTree({ categories: [{ name: 'E', children: [{ name: 'A' }] }] })).toEqual([{ name: 'E', children: [{ name: 'A', children: [] }] }]);
  });
});

describe('row labels', () => {
  const labels = [
    { id: 2, name: 'Clearance', color: 'e53935', sso_user_read_only: false },
    { id: 6, name: 'Hero', color: '43a047', sso_user_read_only: false },
  ];
  test('ids and names pair up, names fall back to the account list', () => {
    expect(labelChips({ labels: '2,6', labelsNames: 'Clearance,Hero' }, labels)).toEqual([
      { id: '2', name: 'Clearance', color: 'e53935' },
      { id: '6', name: 'Hero', color: '43a047' },
    ]);
    expect(labelNames({ labels: '6' }, labels)).toEqual(['Hero']);
    expect(labelIds({ labels: '' })).toEqual([]);
  });
});
