import { BarChart } from '../../components/BarChart';
import { getApprovalRows } from './api/approval';
import { formatResult } from './resultColumns';
import { useGroupRows } from './useGroupRows';
import { APPROVAL_GRAPH_SERIES, APPROVAL_GROUP_BY, approvalGraphRows, approvalGroupLabel, groupCondition, type ApprovalGroupRow } from './resultGroups';

/**
 * The approval records in group mode (a row per group with its records by status and their
 * changes) or graph mode (a stacked bar per group: pending, approved, rejected), over the grid's
 * condition (its filters and search). Read-only: decisions are taken in table mode.
 */
export function ApprovalGroups({ mode, groupBy, cond, currency }: { mode: 'group' | 'graph'; groupBy: string; cond: Record<string, unknown>; currency: string }) {
  const { rows, error } = useGroupRows<ApprovalGroupRow>(JSON.stringify(groupCondition(cond, groupBy, 'records')), getApprovalRows);

  const by = APPROVAL_GROUP_BY.find((g) => g.id === groupBy)?.label ?? groupBy;
  if (error) return <div className="form-error">{error}</div>;
  if (!rows) return <div className="page-loading">Loading...</div>;
  if (mode === 'graph') return <BarChart rows={approvalGraphRows(rows, groupBy)} series={APPROVAL_GRAPH_SERIES} label={'Records by ' + by.toLowerCase()} />;
  const pct = (v: number | null) => formatResult('percent', v, currency);
  const n = (v: number) => v.toLocaleString('en-US');
  return (
    <div className="result-groups">
      {rows.length === 0 ? (
        <div className="empty-state">No data to display</div>
      ) : (
        <table className="data-table" aria-label={'Records by ' + by.toLowerCase()}>
          <thead>
            <tr>
              <th>{by}</th>
              <th>Records</th>
              <th>Pending</th>
              <th>Approved</th>
              <th>Rejected</th>
              <th>Average change</th>
              <th>Lowest change</th>
              <th>Highest change</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.group_key}>
                <th scope="row">{approvalGroupLabel(groupBy, r.group_key)}</th>
                <td>{n(r.records)}</td>
                <td>{n(r.pending)}</td>
                <td>{n(r.approved)}</td>
                <td>{n(r.rejected)}</td>
                <td>{pct(r.avg_change_pct)}</td>
                <td>{pct(r.min_change_pct)}</td>
                <td>{pct(r.max_change_pct)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
