import { expect, test } from 'vitest';
import { initialGrid, withGroupColumns } from './initial';
import { colIdOf, type ApiColumn } from './columns';
import type { SavedReport } from '../../api/types';

const api: ApiColumn[] = [
  { headerName: 'Name', field: 'name', default_column: true },
  { headerName: 'Brand', field: 'canonical_mfgr_display', default_column: true, enableRowGroup: true },
  { headerName: 'Super category', field: 'super_category', enableRowGroup: true },
  { headerName: 'Lower', field: 'Lower', default_column: true, format_type: 'number', graphMode: true },
];
const all = withGroupColumns(api);
const known = new Set(api.map(colIdOf));

test('the screen adds a hidden vertical x brand column and the group-only metrics once', () => {
  expect(all.map(colIdOf)).toEqual(['name', 'canonical_mfgr_display', 'super_category', 'Lower', 'vertical_brand', 'products', 'price_index']);
  expect(withGroupColumns(all)).toHaveLength(all.length);
});

test('a predefined table report starts with the default columns, no filter, no sort', () => {
  const g = initialGrid(all, known, undefined, 'table', '');
  expect(g.visible).toEqual(['name', 'canonical_mfgr_display', 'Lower']);
  expect(g.request).toMatchObject({ startRow: 0, endRow: 100, rowGroupCols: [], filterModel: {}, sortModel: [] });
  expect(g.state).toEqual({});
});

test('a saved group report starts grouped, filtered and sorted as saved', () => {
  const saved = {
    id: 7,
    filters: { name: { filterType: 'text', type: 'contains', filter: 'tv' } },
    ordering: [{ colId: 'Lower', sort: 'desc' }],
    visible_columns: ['Lower', 'products'],
  } as unknown as SavedReport;
  const g = initialGrid(all, known, saved, 'group', 'brand');
  expect(g.request.rowGroupCols).toEqual([{ id: 'canonical_mfgr_display', field: 'canonical_mfgr_display' }]);
  expect(g.request.filterModel).toEqual(saved.filters);
  expect(g.request.sortModel).toEqual([{ colId: 'Lower', sort: 'desc' }]);
  expect(g.visible).toEqual(['Lower']); // products is the screen's own column, not the API's
  expect(g.state.rowGroup).toEqual({ groupColIds: ['canonical_mfgr_display'] });
  expect(g.state.columnVisibility?.hiddenColIds).toContain('name');
});
