import { getApprovalRows } from './api/approval';
import { formatResult } from './resultColumns';
import { useGroupRows } from './useGroupRows';
import { GroupView, type GroupColumn } from './GroupView';
import { APPROVAL_GRAPH_SERIES, APPROVAL_GROUP_BY, approvalGraphRows, approvalGroupLabel, groupCondition, type ApprovalGroupRow } from './resultGroups';

/**
 * The approval records in group mode (a row per group with its records by status and their
 * changes) or graph mode (a stacked bar per group: pending, approved, rejected), over the grid's
 * condition (its filters and search). Read-only: decisions are taken in table mode.
 */
export function ApprovalGroups({ mode, groupBy, cond, currency }: { mode: 'group' | 'graph'; groupBy: string; cond: Record<string, unknown>; currency: string }) {
  const { rows, error } = useGroupRows<ApprovalGroupRow>(JSON.stringify(groupCondition(cond, groupBy, 'records')), getApprovalRows);

  const by = APPROVAL_GROUP_BY.find((g) => g.id === groupBy)?.label ?? groupBy;
  const n = (v: number) => v.toLocaleString('en-US');
  const pct = (v: number | null) => formatResult('percent', v, currency);
  const columns: GroupColumn<ApprovalGroupRow>[] = [
    { header: 'Records', cell: (r) => n(r.records) },
    { header: 'Pending', cell: (r) => n(r.pending) },
    { header: 'Approved', cell: (r) => n(r.approved) },
    { header: 'Rejected', cell: (r) => n(r.rejected) },
    { header: 'Average change', cell: (r) => pct(r.avg_change_pct) },
    { header: 'Lowest change', cell: (r) => pct(r.min_change_pct) },
    { header: 'Highest change', cell: (r) => pct(r.max_change_pct) },
  ];
  return (
    <GroupView
      mode={mode}
      label={'Records by ' + by.toLowerCase()}
      by={by}
      rows={rows}
      error={error}
      groupLabel={(key) => approvalGroupLabel(groupBy, key)}
      columns={columns}
      bars={(r) => approvalGraphRows(r, groupBy)}
      series={APPROVAL_GRAPH_SERIES}
    />
  );
}
