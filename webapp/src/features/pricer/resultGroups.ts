import type { BarRow, BarSeries } from '../../components/BarChart';
import { CODE_WORDS } from './resultColumns';

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

// The words of statuses and reasons are the grids' (resultColumns.ts): one list.
const STATUS_LABELS = CODE_WORDS.status;

/** groupLabel is a group's key as the screen shows it. */
export function groupLabel(groupBy: string, key: string, ruleNames: Record<string, string> = {}): string {
  if (groupBy === 'rule_id') return key === '' ? 'No rule' : ruleNames[key] ?? 'Rule ' + key;
  if (groupBy === 'status') return STATUS_LABELS[key] ?? key;
  return key === '' ? '(blank)' : key;
}

/** groupCondition asks for the group rows of a grid's condition: the largest groups (by the metric `largest`) first. */
export function groupCondition(cond: Record<string, unknown>, groupBy: string, largest = 'products') {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- a group block has its own paging and sort
  const { startRow, limit, sort, ...rest } = cond;
  return { ...rest, startRow: 0, limit: 200, group: [{ id: groupBy, field: groupBy }], sort: [{ colId: largest, sort: 'desc' }] };
}

/** The graph's series: per group, how many results are pending, auto-approved and unchanged. */
export const GRAPH_SERIES: BarSeries[] = [
  { key: 'pending', label: 'Pending' },
  { key: 'auto_approved', label: 'Auto-approved' },
  { key: 'no_change', label: 'No change' },
  { key: 'decided', label: 'Approved or rejected' },
];

/** The approval grid's group columns and the counts of an approval group row (engine ApprovalGroupMetrics). */
export const APPROVAL_GROUP_BY: { id: string; label: string }[] = [
  { id: 'status', label: 'Status' },
  { id: 'reason', label: 'Reason' },
  { id: 'super_category', label: 'Super category' },
  { id: 'category', label: 'Category' },
  { id: 'canonical_mfgr_display', label: 'Brand' },
];

export type ApprovalGroupRow = {
  group_key: string;
  records: number;
  pending: number;
  approved: number;
  rejected: number;
  avg_change_pct: number | null;
  min_change_pct: number | null;
  max_change_pct: number | null;
};

const REASON_LABELS = CODE_WORDS.reason;

/** approvalGroupLabel is an approval group's key as the screen shows it (statuses are shown as they are). */
export function approvalGroupLabel(groupBy: string, key: string): string {
  if (groupBy === 'reason') return REASON_LABELS[key] ?? key;
  return key === '' ? '(blank)' : key;
}

/** The approval graph's series: per group, its records by status. */
export const APPROVAL_GRAPH_SERIES: BarSeries[] = [
  { key: 'pending', label: 'Pending' },
  { key: 'approved', label: 'Approved' },
  { key: 'rejected', label: 'Rejected' },
];

/** approvalGraphRows are the approval group rows as the graph's stacked bars. */
export function approvalGraphRows(rows: ApprovalGroupRow[], groupBy: string): BarRow[] {
  return rows.map((r) => ({ label: approvalGroupLabel(groupBy, r.group_key), values: { pending: r.pending, approved: r.approved, rejected: r.rejected } }));
}

/** graphRows are the group rows as the graph's stacked bars. */
export function graphRows(rows: GroupRow[], groupBy: string, ruleNames: Record<string, string> = {}): BarRow[] {
  return rows.map((r) => ({
    label: groupLabel(groupBy, r.group_key, ruleNames),
    // A change that is neither pending nor auto-approved was decided on Manual Approval.
    values: { pending: r.pending, auto_approved: r.auto_approved, no_change: r.products - r.changed, decided: Math.max(r.changed - r.pending - r.auto_approved, 0) },
  }));
}
