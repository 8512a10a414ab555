import { describe, expect, test } from 'vitest';
import { acceptComment, commentEditable, decideBody, isPending, selectedCount } from './approvalSelection';

describe('approval grid rules (docs/product.md §2, §4, §5)', () => {
  test('only Pending rows are selectable; the comment needs Pending and the mandated-brands update permission', () => {
    expect(isPending({ status: 'Pending' })).toBe(true);
    expect(isPending({ status: 'approved' })).toBe(false);
    expect(isPending(undefined)).toBe(false);
    expect(commentEditable({ status: 'Pending' }, true)).toBe(true);
    expect(commentEditable({ status: 'Pending' }, false)).toBe(false);
    expect(commentEditable({ status: 'rejected' }, true)).toBe(false);
  });
  test('a comment edit over 200 characters is discarded', () => {
    expect(acceptComment('x'.repeat(200))).toBe(true);
    expect(acceptComment('x'.repeat(201))).toBe(false);
  });
  test('ticked rows are sent by id; select-all sends the condition and the unticked rows', () => {
    const cond = { filters: { status: { filterType: 'radio', value: 'Pending' } }, search: 'shoe' };
    expect(decideBody({ selectAll: false, toggledNodes: ['A', 'B'] }, 7, 'approved', cond)).toEqual({ run_id: 7, decision: 'approved', product_ids: ['A', 'B'] });
    expect(decideBody({ selectAll: true, toggledNodes: ['C'] }, 7, 'rejected', cond)).toEqual({
      run_id: 7,
      decision: 'rejected',
      select_all: true,
      data: { filters: cond.filters, search: 'shoe' },
      excluded_ids: ['C'],
    });
    expect(selectedCount({ selectAll: true, toggledNodes: ['C'] }, 100)).toBe(99);
    expect(selectedCount({ selectAll: false, toggledNodes: ['A', 'B'] }, 100)).toBe(2);
  });
});
