import { useState } from 'react';
import { useLoad } from '../../lib/useLoad';
import { useSession } from '../../lib/session';
import { formatValue } from '../../lib/format';
import { presetRange, type DateRange } from '../../lib/dateRange';
import { DateRangePicker } from '../../components/DateRangePicker';
import { LineChart, type ChartLine } from '../../components/LineChart';
import { getTrendRows, type TrendData } from '../../api/trend';

/**
 * The product's price trend (PDP_price_trend): my price and each competitor's price
 * per day, over up to 3 years (the date picker's limits), with the trend screens' chart.
 */
export function ProductTrend({ productId, currency }: { productId: string; currency: string }) {
  const { account } = useSession();
  const [dates, setDates] = useState<DateRange>(() => presetRange('3 Months'));
  const data: TrendData = { report_name: 'PDP_price_trend', product_id: productId, dates };
  const trend = useLoad(JSON.stringify(data), (signal) => getTrendRows(data, signal));
  const rows = trend.data;
  const lines: ChartLine[] = [
    { key: 'customerValue', label: 'My price' },
    ...Object.values(account.competitors).map((c) => ({ key: 'value@' + c.id, label: c.name })),
  ].filter((l) => l.key === 'customerValue' || (rows ?? []).some((r) => typeof r[l.key] === 'number'));
  return (
    <div className="product-trend">
      <div className="toolbar">
        <DateRangePicker value={dates} onChange={setDates} />
      </div>
      {trend.failed ? (
        <div className="empty-state">No data to display</div>
      ) : trend.loading || !rows ? (
        <div className="page-loading">Loading...</div>
      ) : (
        <LineChart rows={rows} lines={lines} format={(v) => formatValue('currency', v, currency)} label="Product price trend" />
      )}
    </div>
  );
}
