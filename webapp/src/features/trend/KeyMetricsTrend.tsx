import { useSession } from '../../lib/session';
import { formatValue } from '../../lib/format';
import { DateRangePicker } from '../../components/DateRangePicker';
import { LineChart } from '../../components/LineChart';
import { Table } from '../../components/Table';
import { getTrendColumns, getTrendRows, type CompareTo } from '../../api/trend';
import { COMPARE_TO, type TrendReport } from './reports';
import { hasBusinessMetrics, KEY_METRICS, SUPPORT_MAILBOX } from './keyMetrics';
import { trendData, type TrendState } from './state';
import { useLoad } from '../../lib/useLoad';
import { Choice, ExportCsv, Loaded, ViewToggle, WeighBy } from './TrendControls';

/** The notice of an account without business metrics (docs/product.md §2), with the support mailbox. */
export function NoBusinessMetrics() {
  return (
    <div className="notice" role="note">
      This report needs business metrics data and configuration. Contact support at <a href={'mailto:' + SUPPORT_MAILBOX}>{SUPPORT_MAILBOX}</a> to set it up for your
      account.
    </div>
  );
}

/** Key business metrics - correlation and causality: one metric per day with its compare-to line, or every metric in the table. */
export function KeyMetricsTrend({ report, state, set, reportId, share }: { report: TrendReport; state: TrendState; set: (s: Partial<TrendState>) => void; reportId?: string; share: boolean }) {
  const { account } = useSession();
  const data = trendData(report, state, []);
  const rows = useLoad(JSON.stringify(data), (signal) => getTrendRows(data, signal));
  const columns = useLoad('columns' + reportId, () => getTrendColumns(report.name, reportId, share));
  const metric = KEY_METRICS.find((m) => m.key === state.metric) ?? KEY_METRICS[1];
  const currency = String(account.settings.currency_symbol ?? '$');
  const compareLabel = COMPARE_TO.find((c) => c.value === state.compareTo)?.label ?? '';
  const compareCols = KEY_METRICS.map((m) => ({ field: 'compare_' + m.key, headerName: `${m.label} (${compareLabel.toLowerCase()})`, format_type: m.format }));
  const tableCols = [...(columns.data ?? []), ...compareCols];
  return (
    <>
      <div className="toolbar">
        <WeighBy value={state.weightBy} onChange={(weightBy) => set({ weightBy })} />
        <DateRangePicker metrics value={state.dates} onChange={(dates) => set({ dates })} />
        <Choice<CompareTo> label="Compare To" value={state.compareTo} options={COMPARE_TO} onChange={(compareTo) => set({ compareTo })} />
        <Choice label="Metric" value={metric.key as string} options={KEY_METRICS.map((m) => ({ value: m.key, label: m.label }))} onChange={(m) => set({ metric: m })} />
        <ViewToggle value={state.view} onChange={(view) => set({ view })} />
        <ExportCsv name={report.title} columns={tableCols} rows={rows.data ?? []} />
      </div>
      <Loaded loading={rows.loading} failed={rows.failed}>
        {!hasBusinessMetrics(rows.data ?? []) ? (
          <NoBusinessMetrics />
        ) : state.view === 'graph' ? (
          <LineChart
            rows={rows.data ?? []}
            lines={[
              { key: metric.key, label: metric.label },
              { key: 'compare_' + metric.key, label: `${metric.label} (${compareLabel.toLowerCase()})` },
            ]}
            format={(v) => formatValue(metric.format, v, currency)}
            label={report.title}
          />
        ) : (
          <Table label={report.title + ' table'} columns={tableCols} rows={rows.data ?? []} currency={currency} />
        )}
      </Loaded>
    </>
  );
}
