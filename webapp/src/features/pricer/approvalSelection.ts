import type { DecideBody } from './api/approval';

/**
 * The approval grid's rules (docs/product.md §2 Approval grid, §4, §5) as pure functions: which rows can be
 * selected and edited, the decision request a selection makes, and how many records it names.
 */

export const MAX_COMMENT = 200;

/** Only Pending rows are selectable or editable (docs/product.md §2, §4). */
export const isPending = (row: { status?: unknown } | undefined): boolean => row?.status === 'Pending';

/** The bizfin comment is editable only on Pending rows and only with the mandated-brands update permission (docs/product.md §5). */
export const commentEditable = (row: { status?: unknown } | undefined, canUpdateMandated: boolean): boolean => canUpdateMandated && isPending(row);

/** A text cell edit longer than 200 characters is discarded (docs/product.md §5). */
export const acceptComment = (text: string): boolean => text.length <= MAX_COMMENT;

/** ag-grid's server-side selection: select-all with exceptions, or the rows ticked. */
export type Selection = { selectAll: boolean; toggledNodes: string[] };

/**
 * decideBody is the decision a selection makes: the ticked rows' ids, or after "select all" the
 * grid's condition (filters and search, resolved on the server) less the rows unticked since.
 */
export function decideBody(sel: Selection, runId: number, decision: 'approved' | 'rejected', condition: { filters: object; search: string }): DecideBody {
  if (sel.selectAll) return { run_id: runId, decision, select_all: true, data: { filters: condition.filters, search: condition.search }, excluded_ids: sel.toggledNodes };
  return { run_id: runId, decision, product_ids: sel.toggledNodes };
}

/** selectedCount is how many Pending records a selection names (pending: the grid's Pending count). */
export function selectedCount(sel: Selection, pending: number): number {
  return sel.selectAll ? Math.max(0, pending - sel.toggledNodes.length) : sel.toggledNodes.length;
}
