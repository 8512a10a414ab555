import type { BarRow, BarSeries } from '../../components/BarChart';

/**
 * The results' group and graph modes (spec: "Modes table, group and graph"): group rows of
 * repricing/getConditionsData with group set (one level), and how they are labelled and
 * charted. Pure: unit-tested.
 */

export type ResultMode = 'table' | 'group' | 'graph';

/** The columns the results can be grouped by, with their labels. */
export const GROUP_BY: { id: string; label: string }[] = [
  { id: 'super_category', label: 'Super category' },
  { id: 'category', label: 'Category' },
  { id: 'canonical_mfgr_display', label: 'Brand' },
  { id: 'rule_id', label: 'Rule' },
  { id: 'status', label: 'Status' },
];

/** A group row as the server sends it. */
export type GroupRow = {
  group_key: string;
  products: number;
  changed: number;
  pending: number;
  auto_approved: number;
  avg_change_pct: number | null;
  min_change_pct: number | null;
  max_change_pct: number | null;
};

const STATUS_LABELS: Record<string, string> = { no_change: 'No change', auto_approved: 'Auto-approved', pending: 'Pending', mandated: 'Mandated' };

/** groupLabel is a group's key as the screen shows it. */
export function groupLabel(groupBy: string, key: string, ruleNames: Record<string, string> = {}): string {
  if (groupBy === 'rule_id') return key === '' ? 'No rule' : ruleNames[key] ?? 'Rule ' + key;
  if (groupBy === 'status') return STATUS_LABELS[key] ?? key;
  return key === '' ? '(blank)' : key;
}

/** groupCondition asks for the group rows of a results condition: the largest groups first. */
export function groupCondition(cond: Record<string, unknown>, groupBy: string) {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- a group block has its own paging and sort
  const { startRow, limit, sort, ...rest } = cond;
  return { ...rest, startRow: 0, limit: 200, group: [{ id: groupBy, field: groupBy }], sort: [{ colId: 'products', sort: 'desc' }] };
}

/** The graph's series: per group, how many results are pending, auto-approved and unchanged. */
export const GRAPH_SERIES: BarSeries[] = [
  { key: 'pending', label: 'Pending' },
  { key: 'auto_approved', label: 'Auto-approved' },
  { key: 'no_change', label: 'No change' },
];

/** graphRows are the group rows as the graph's stacked bars. */
export function graphRows(rows: GroupRow[], groupBy: string, ruleNames: Record<string, string> = {}): BarRow[] {
  return rows.map((r) => ({
    label: groupLabel(groupBy, r.group_key, ruleNames),
    values: { pending: r.pending, auto_approved: r.auto_approved, no_change: r.products - r.changed },
  }));
}
