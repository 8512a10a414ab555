import type { GridApi } from 'ag-grid-community';
import { predefinedByHref } from '../../lib/reports';
import type { ExportRequest } from './api/exports';
import { colIdOf, visibleIn, type ApiColumn, type GridMode } from './columns';
import { buildCondition, type Condition, type ScreenState } from './condition';
import { GROUP_COLUMNS } from './initial';
import { useTabular } from './store';
import type { ReportFields } from './api/savedReports';

/**
 * What the report screen reads from and does to ag-grid, as plain functions of the
 * grid's API: the toolbar, the label actions and saving share them, and none of them
 * is React state.
 */

/** visibleColIds lists the shown columns the API knows (not the grid's own or the group-only ones). */
export function visibleColIds(a: GridApi, known?: Set<string>): string[] {
  return a
    .getColumnState()
    .filter((c) => !c.hide && !c.colId.startsWith('ag-Grid-') && (!known || known.has(c.colId)))
    .map((c) => c.colId);
}

/** currentCondition is the condition the grid shows now, without paging (save, share, labels, count). */
export function currentCondition(a: GridApi, s: ScreenState): Condition {
  const cs = a.getColumnState();
  return buildCondition(
    {
      startRow: 0,
      endRow: 100,
      rowGroupCols: a.getRowGroupColumns().map((c) => ({ id: c.getColId(), field: c.getColDef().field })),
      valueCols: [],
      groupKeys: [],
      filterModel: a.getFilterModel(),
      sortModel: cs
        .filter((c) => c.sort)
        .sort((x, y) => (x.sortIndex ?? 0) - (y.sortIndex ?? 0))
        .map((c) => ({ colId: c.colId, sort: c.sort as 'asc' | 'desc' })),
    },
    s,
  );
}

/** exportRequest is the grid's condition without paging and its selection: none chosen exports every row. */
export function exportRequest(a: GridApi, s: ScreenState): ExportRequest {
  const sel = a.getServerSideSelectionState() as { selectAll: boolean; toggledNodes: unknown[] } | null;
  const chosen = !!sel && (sel.selectAll || sel.toggledNodes.length > 0);
  return { condition: currentCondition(a, s), selection: chosen ? { selectAll: sel!.selectAll, toggledNodes: sel!.toggledNodes.map(String) } : null };
}

/** reportState is the saved-report body of what the screen shows (Save, Save As, share links). */
export function reportState(a: GridApi, report: { reportType: string; pageTitle?: string }, s: ScreenState): ReportFields {
  const cs = a.getColumnState();
  return {
    report_type: report.reportType,
    report_path: '/pricing/type',
    page_title: report.pageTitle || predefinedByHref(report.reportType)?.name || '',
    filters: a.getFilterModel(),
    ordering: cs
      .filter((c) => c.sort)
      .sort((x, y) => (x.sortIndex ?? 0) - (y.sortIndex ?? 0))
      .map((c) => ({ colId: c.colId, sort: c.sort })),
    visible_columns: cs.filter((c) => !c.hide && !c.colId.startsWith('ag-Grid-')).map((c) => c.colId),
    columns_index: cs.filter((c) => !c.colId.startsWith('ag-Grid-')).map((c) => ({ colId: c.colId, pinned: c.pinned ?? null, width: c.width })),
    group_mode: a.getRowGroupColumns().map((c) => c.getColId()),
    distribution_weights_cf: s.weightBy,
    chart: useTabular.getState().mode === 'graph',
    selected_rows: [],
    condition: currentCondition(a, s),
  };
}

/**
 * switchMode moves the screen between table, group (at a level) and graph mode
 * (docs/product.md §4): graph shows the selected group rows, which it returns; group and table
 * re-arrange the columns and clear the selection.
 */
export function switchMode(a: GridApi, columns: ApiColumn[], known: Set<string>, s: ScreenState, mode: GridMode, level?: string): Record<string, unknown>[] | undefined {
  const t = useTabular.getState();
  if (mode === 'graph') {
    const rows: Record<string, unknown>[] = [];
    a.forEachNode((n) => {
      if (n.group && n.isSelected() && n.data) rows.push(n.data);
    });
    t.setMode('graph');
    return rows;
  }
  if (mode === 'group') {
    const lv = level || t.groupLevel || 'super_category';
    t.setGroupLevel(lv);
    t.setMode('group');
    if (t.mode === 'graph' && !level) return; // back from graph: the grid is unchanged
    a.applyColumnState({
      state: columns.map((c) => ({ colId: colIdOf(c), hide: !visibleIn(c, 'group') || colIdOf(c) === 'vertical_brand', rowGroup: colIdOf(c) === GROUP_COLUMNS[lv] })),
      applyOrder: false,
    });
    a.deselectAll();
    t.setBanner('none');
  } else {
    t.setMode('table');
    a.applyColumnState({
      state: columns.map((c) => ({ colId: colIdOf(c), hide: !visibleIn(c, 'table') || colIdOf(c) === 'vertical_brand', rowGroup: false })),
    });
    a.deselectAll();
  }
  s.visibleColumns = visibleColIds(a, known);
}
