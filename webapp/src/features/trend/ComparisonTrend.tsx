import { useSession } from '../../lib/session';
import { Link } from '../../lib/router';
import { formatValue } from '../../lib/format';
import { DateRangePicker } from '../../components/DateRangePicker';
import { LineChart } from '../../components/LineChart';
import { Table } from '../../components/Table';
import { getTrend, getTrendColumns, type CompareTo } from '../../api/trend';
import { asOfNote, COMPARE_TO, COMPARISON_VALUES, GROUP_LEVELS, MAX_GROUP_LINES, pivotGroups, trendLocked, type TrendReport } from './reports';
import { trendData, type TrendState } from './state';
import { useLoad } from '../../lib/useLoad';
import { Choice, ExportCsv, Loaded, ViewToggle, WeighBy } from './TrendControls';

/**
 * Competitiveness metrics: Trend, the comparison screen (docs/product.md §2): the comparison value
 * per day and group, with the compare-to period's value beside it. The specification lets
 * an account see it only while it has at most one competitor.
 */
export function ComparisonTrend({ report, state, set, reportId, share }: { report: TrendReport; state: TrendState; set: (s: Partial<TrendState>) => void; reportId?: string; share: boolean }) {
  const { account } = useSession();
  const n = Object.keys(account.competitors).length;
  if (trendLocked(report.name, n)) {
    return (
      <div className="locked" role="note">
        Competitiveness metrics: Trend can be viewed only when the account has at most one competitor. This account has {n} competitors; the{' '}
        <Link to="/pricing/type/competitiveness_metrics_snapshot">competitiveness metrics snapshot</Link> report compares them all.
      </div>
    );
  }
  return <Comparison report={report} state={state} set={set} reportId={reportId} share={share} currency={String(account.settings.currency_symbol ?? '$')} />;
}

function Comparison({ report, state, set, reportId, share, currency }: { report: TrendReport; state: TrendState; set: (s: Partial<TrendState>) => void; reportId?: string; share: boolean; currency: string }) {
  const level = GROUP_LEVELS.find((g) => g.value === state.group) ?? GROUP_LEVELS[1];
  const data = trendData(report, state, []);
  const answer = useLoad(JSON.stringify(data), (signal) => getTrend(data, signal));
  const rows = { ...answer, data: answer.data?.rows ?? null };
  const columns = useLoad('columns' + reportId, () => getTrendColumns(report.name, reportId, share));
  const pivot = pivotGroups(rows.data ?? [], level.field, state.compareValues);
  const format = state.comparisonValue === 'Price Index' ? 'number' : 'percent';
  const tableCols = (columns.data ?? [])
    .map((c) => (c.field === 'category' ? { ...c, field: level.field, colId: level.field, headerName: level.label } : c))
    .filter((c) => state.compareValues || (c.field !== 'compare_value' && c.field !== 'compare_date'));
  return (
    <>
      <div className="toolbar">
        <DateRangePicker metrics value={state.dates} onChange={(dates) => set({ dates })} />
        <Choice<CompareTo> label="Compare To" value={state.compareTo} options={COMPARE_TO} onChange={(compareTo) => set({ compareTo })} />
        <Choice label="Comparison Values" value={state.comparisonValue} options={COMPARISON_VALUES.map((v) => ({ value: v, label: v }))} onChange={(comparisonValue) => set({ comparisonValue })} />
        <Choice label="Group by" value={level.value} options={GROUP_LEVELS} onChange={(group) => set({ group })} />
        <WeighBy notWeighted value={state.weightBy} onChange={(weightBy) => set({ weightBy })} />
        <label className="check">
          <input type="checkbox" checked={state.compareValues} onChange={(e) => set({ compareValues: e.target.checked })} />
          Compare values
        </label>
        <ViewToggle value={state.view} onChange={(view) => set({ view })} />
        <ExportCsv name={report.title} columns={tableCols} rows={rows.data ?? []} />
      </div>
      {asOfNote(answer.data?.dataAsOf) && (
        <div className="hint as-of-note" role="note">
          {asOfNote(answer.data?.dataAsOf)}
        </div>
      )}
      <Loaded loading={rows.loading} failed={rows.failed}>
        {state.view === 'graph' ? (
          <>
            {pivot.groups > MAX_GROUP_LINES && (
              <div className="hint">
                The chart shows the first {MAX_GROUP_LINES} of {pivot.groups} groups; the table lists them all.
              </div>
            )}
            <LineChart rows={pivot.rows} lines={pivot.lines} format={(v) => formatValue(format, v, currency)} label={report.title} />
          </>
        ) : (
          <Table label={report.title + ' table'} columns={tableCols} rows={rows.data ?? []} currency={currency} />
        )}
      </Loaded>
    </>
  );
}
