import { expect, test } from 'vitest';
import { buildCondition } from './condition';

const req = { startRow: 0, endRow: 100, rowGroupCols: [], valueCols: [], groupKeys: [], filterModel: { name: { filterType: 'text', type: 'contains', filter: 'a' } }, sortModel: [] };
const screen = { reportType: 'all_my_products', search: '', weightBy: 'product', competitorIds: [], visibleColumns: [] };

test('a report opened from a pricing insight sends the insight filter beside the grid filters', () => {
  expect(buildCondition(req, { ...screen, insight: 'num_products_for_price_up' }).filters).toEqual({
    name: { filterType: 'text', type: 'contains', filter: 'a' },
    insight: { filterType: 'radio', value: 'num_products_for_price_up' },
  });
  expect(buildCondition(req, screen).filters).toEqual({ name: { filterType: 'text', type: 'contains', filter: 'a' } });
});
