import { getColumnsDef, getConditionsData, getCountOfRow, type ColumnsAnswer } from './api/grid';
import { groupLevelOf, predefinedByHref } from '../../lib/reports';
import { colIdOf } from './columns';
import { type Condition, type ScreenState } from './condition';
import { dropPrefetched, initialGrid, prefetchFirstBlock, withGroupColumns } from './initial';

/**
 * The first requests of a predefined report, started as soon as the address is
 * known: on a cold page load that is before the session calls (isAuth,
 * getAccountData) and before ag-grid's code has been parsed, so the column
 * definitions, the first block and the count are on their way while the rest of
 * the page is still being built. The screen takes the answers when its own first
 * requests are the same; a failed prefetch (no session yet, say) is simply not
 * taken and the screen asks again through the normal error handling.
 */

const columnsByReport = new Map<string, Promise<ColumnsAnswer>>();
const counts = new Map<string, Promise<{ count: number }>>();
/** generation changes with forgetPrefetched: a chain started before does not go on. */
let generation = 0;

/** fetchBlock asks for one block of rows. */
export const fetchBlock = getConditionsData;

/** mark records a performance mark that e2e/measure.mjs reads back (navigation → first rows). */
export function mark(name: string): void {
  if (typeof performance !== 'undefined' && performance.mark) performance.mark('pricelens:' + name);
}

/** forget drops an entry after a while so that a later visit asks the server again. */
function forget<K, V>(m: Map<K, V>, k: K): void {
  setTimeout(() => m.delete(k), 15_000);
}

/**
 * prefetchReport starts getColumnsDef for a predefined report id (not saved or
 * shared ones: those need getSaveReport first), then the first block of the
 * report's default state, then its count when the block does not give it.
 */
export function prefetchReport(id: string): void {
  if (!predefinedByHref(id) || columnsByReport.has(id)) return;
  const cols = getColumnsDef({ reportId: id, isShareLink: false }, true);
  columnsByReport.set(id, cols);
  forget(columnsByReport, id);
  const gen = generation;
  cols
    .then((c) => {
      mark('columns');
      if (gen !== generation) return;
      const apiColumns = c.columns;
      const level = groupLevelOf(id);
      const init = initialGrid(withGroupColumns(apiColumns), new Set(apiColumns.map(colIdOf)), undefined, level ? 'group' : 'table', level ?? '');
      const screen: ScreenState = { reportType: id, search: '', weightBy: 'product', competitorIds: [], visibleColumns: init.visible };
      const { block, condition } = prefetchFirstBlock(init, screen, fetchBlock);
      return block.then((b) => {
        // The pager needs the count when the first block does not reach the end.
        if (gen === generation && condition.group.length === 0 && (b.lastRow == null || b.lastRow < 0)) prefetchCount(condition);
      });
    })
    .catch(() => {
      if (columnsByReport.get(id) === cols) columnsByReport.delete(id);
    });
}

/** takeColumns returns the prefetched column definitions of a predefined report, once. */
export function takeColumns(id: string): Promise<ColumnsAnswer> | undefined {
  const p = columnsByReport.get(id);
  columnsByReport.delete(id);
  return p;
}

/** prefetchCount asks for the row count of a condition (its first page). */
export function prefetchCount(condition: Condition): void {
  const key = JSON.stringify({ ...condition, startRow: 0 });
  if (counts.has(key)) return;
  const p = getCountOfRow(condition);
  p.catch(() => counts.delete(key));
  counts.set(key, p);
  forget(counts, key);
}

/** takeCount returns the prefetched count for exactly this condition, once. */
export function takeCount(condition: Condition): Promise<{ count: number }> | undefined {
  const key = JSON.stringify({ ...condition, startRow: 0 });
  const p = counts.get(key);
  counts.delete(key);
  return p;
}

/**
 * forgetPrefetched drops what prefetchReport started and nobody took: the page the
 * answers were for was left (to sign in, to choose an account) and a later visit may
 * be for another account.
 */
export function forgetPrefetched(): void {
  generation++;
  columnsByReport.clear();
  counts.clear();
  dropPrefetched();
}
