import { useEffect, useState } from 'react';
import { BarChart } from '../../components/BarChart';
import { getConditionsData } from './api/results';
import { refreshRulesList } from './api/rules';
import { formatResult } from './resultColumns';
import { useGroupRows } from './useGroupRows';
import { GRAPH_SERIES, GROUP_BY, graphRows, groupCondition, groupLabel, type GroupRow } from './resultGroups';

/**
 * The results in group mode (a row per group with its counts and changes) or graph mode (a
 * stacked bar per group: pending, auto-approved, no change, decided), over the grid's condition (its
 * run, filters and search).
 */
export function ResultGroups({ mode, groupBy, cond, currency }: { mode: 'group' | 'graph'; groupBy: string; cond: Record<string, unknown>; currency: string }) {
  const [ruleNames, setRuleNames] = useState<Record<string, string>>({});
  const { rows, error } = useGroupRows<GroupRow>(JSON.stringify(groupCondition(cond, groupBy)), getConditionsData);
  useEffect(() => {
    if (groupBy !== 'rule_id') return;
    refreshRulesList({}).then((rules) => setRuleNames(Object.fromEntries(rules.map((r) => [String(r.groupId), r.name ?? '']))), () => undefined);
  }, [groupBy]);

  const by = GROUP_BY.find((g) => g.id === groupBy)?.label ?? groupBy;
  if (error) return <div className="form-error">{error}</div>;
  if (!rows) return <div className="page-loading">Loading...</div>;
  if (mode === 'graph') return <BarChart rows={graphRows(rows, groupBy, ruleNames)} series={GRAPH_SERIES} label={'Results by ' + by.toLowerCase()} />;
  const pct = (v: number | null) => formatResult('percent', v, currency);
  return (
    <div className="result-groups">
      {rows.length === 0 ? (
        <div className="empty-state">No data to display</div>
      ) : (
        <table className="data-table" aria-label={'Results by ' + by.toLowerCase()}>
          <thead>
            <tr>
              <th>{by}</th>
              <th>Products</th>
              <th>Changed</th>
              <th>Pending</th>
              <th>Auto-approved</th>
              <th>Average change</th>
              <th>Lowest change</th>
              <th>Highest change</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.group_key}>
                <th scope="row">{groupLabel(groupBy, r.group_key, ruleNames)}</th>
                <td>{r.products.toLocaleString('en-US')}</td>
                <td>{r.changed.toLocaleString('en-US')}</td>
                <td>{r.pending.toLocaleString('en-US')}</td>
                <td>{r.auto_approved.toLocaleString('en-US')}</td>
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
