import { useEffect, useState } from 'react';
import { getConditionsData } from './api/results';
import { refreshRulesList } from './api/rules';
import { formatResult } from './resultColumns';
import { useGroupRows } from './useGroupRows';
import { GroupView, type GroupColumn } from './GroupView';
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
  const n = (v: number) => v.toLocaleString('en-US');
  const pct = (v: number | null) => formatResult('percent', v, currency);
  const columns: GroupColumn<GroupRow>[] = [
    { header: 'Products', cell: (r) => n(r.products) },
    { header: 'Changed', cell: (r) => n(r.changed) },
    { header: 'Pending', cell: (r) => n(r.pending) },
    { header: 'Auto-approved', cell: (r) => n(r.auto_approved) },
    { header: 'Average change', cell: (r) => pct(r.avg_change_pct) },
    { header: 'Lowest change', cell: (r) => pct(r.min_change_pct) },
    { header: 'Highest change', cell: (r) => pct(r.max_change_pct) },
  ];
  return (
    <GroupView
      mode={mode}
      label={'Results by ' + by.toLowerCase()}
      by={by}
      rows={rows}
      error={error}
      groupLabel={(key) => groupLabel(groupBy, key, ruleNames)}
      columns={columns}
      bars={(r) => graphRows(r, groupBy, ruleNames)}
      series={GRAPH_SERIES}
    />
  );
}
