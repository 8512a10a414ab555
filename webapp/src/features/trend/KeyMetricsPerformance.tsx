import { useState } from 'react';
import { useSession } from '../../lib/session';
import { formatValue } from '../../lib/format';
import { addDays, addMonths, limits } from '../../lib/dateRange';
import { Breadcrumb } from '../../components/Breadcrumb';
import { LineChart } from '../../components/LineChart';
import { getTrendRows, type CompareTo, type TrendData } from '../../api/trend';
import { COMPARE_TO } from './reports';
import { diffPercent, hasBusinessMetrics, periodTotals, PERFORMANCE_RANGES, type PeriodTotals } from './keyMetrics';
import { useLoad } from '../../lib/useLoad';
import { Choice, Loaded } from './TrendControls';
import { NoBusinessMetrics } from './KeyMetricsTrend';

const FIELDS: { key: keyof PeriodTotals; label: string; format: string }[] = [
  { key: 'cost', label: 'Cost', format: 'currency' },
  { key: 'margin', label: 'Margin %', format: 'percent' },
  { key: 'gross_profit', label: 'Gross profit', format: 'currency' },
  { key: 'units_sold', label: 'Units sold', format: 'number' },
];

/**
 * /insights/analytics, Key business metrics - performance: the account's key business
 * metrics over 1 week … 1 year ending yesterday against the compare-to period, as
 * tiles (cost, margin %, gross profit, units sold with the change in percent) and a
 * chart of the chosen field per day.
 */
export function KeyMetricsPerformance() {
  const { account } = useSession();
  const [range, setRange] = useState<string>('1 month');
  const [compareTo, setCompareTo] = useState<CompareTo>('previous_period');
  const [field, setField] = useState<keyof PeriodTotals>('gross_profit');
  const r = PERFORMANCE_RANGES.find((x) => x.label === range)!;
  const to = limits().to;
  const from = 'days' in r ? addDays(to, 1 - r.days) : addDays(addMonths(to, -r.months), 1);
  const data: TrendData = { report_name: 'key_business_metrics', dates: { from, to }, compareTo };
  const rows = useLoad(JSON.stringify(data), (signal) => getTrendRows(data, signal));
  const currency = String(account.settings.currency_symbol ?? '$');
  const now = periodTotals(rows.data ?? []);
  const before = periodTotals(rows.data ?? [], 'compare_');
  const f = FIELDS.find((x) => x.key === field)!;
  return (
    <div className="page">
      <Breadcrumb items={[{ label: 'Insights', to: '/insights' }, { label: 'Key business metrics - performance' }]} />
      <h1>Key business metrics - performance</h1>
      <div className="toolbar">
        <div className="segmented" role="group" aria-label="Date range">
          {PERFORMANCE_RANGES.map((p) => (
            <button key={p.label} className={p.label === range ? 'active' : ''} aria-pressed={p.label === range} onClick={() => setRange(p.label)}>
              {p.label}
            </button>
          ))}
        </div>
        <Choice<CompareTo> label="Compare to" value={compareTo} options={COMPARE_TO} onChange={setCompareTo} />
        <span className="muted">
          {from} – {to}
        </span>
      </div>
      <Loaded loading={rows.loading} failed={rows.failed}>
        {!hasBusinessMetrics(rows.data ?? []) ? (
          <NoBusinessMetrics />
        ) : (
          <>
            <div className="tiles">
              {FIELDS.map((x) => {
                const d = diffPercent(now[x.key], before[x.key]);
                return (
                  <button key={x.key} className={'tile' + (x.key === field ? ' active' : '')} aria-pressed={x.key === field} onClick={() => setField(x.key)}>
                    <span className="tile-field">{x.label}</span>
                    <span className="tile-number">{formatValue(x.format, now[x.key], currency) || '–'}</span>
                    <span className={'tile-diff' + (d !== null && d < 0 ? ' negative' : '')}>{d === null ? '' : (d > 0 ? '+' : '') + d.toFixed(1) + '%'}</span>
                  </button>
                );
              })}
            </div>
            <LineChart
              rows={rows.data ?? []}
              lines={[
                { key: field, label: f.label },
                { key: 'compare_' + field, label: f.label + ' (' + COMPARE_TO.find((c) => c.value === compareTo)!.label.toLowerCase() + ')' },
              ]}
              format={(v) => formatValue(f.format, v, currency)}
              label="Key business metrics - performance"
            />
          </>
        )}
      </Loaded>
    </div>
  );
}
