import type { ChartLine } from '../../components/LineChart';
import { chosenIds, MARKET, SELECTED, type Pick } from '../../lib/competitorPick';
import type { TableColumn } from '../../components/DataTable';
import type { TrendReportName } from '../../api/trend';

/** The trend screens of docs/product.md §2 with their breadcrumb names and controls. */
export type TrendReport = {
  name: TrendReportName;
  title: string;
  /** The weigh-by selector shows (hidden for margin_trend and price_vs_market). */
  weighBy: boolean;
  /** The multi-select offers Market price and Selected competitors (lines only the price trend has). */
  marketLines: boolean;
  format: 'currency' | 'percent';
};

export const TREND_REPORTS: TrendReport[] = [
  { name: 'price_trend', title: 'Price trend', weighBy: true, marketLines: true, format: 'currency' },
  { name: 'key_business_metrics', title: 'Key business metrics - correlation and causality', weighBy: true, marketLines: false, format: 'currency' },
  { name: 'margin_trend', title: 'Margin trend', weighBy: false, marketLines: false, format: 'percent' },
  { name: 'price_vs_market_trend', title: 'Price vs. margin - trend', weighBy: false, marketLines: false, format: 'percent' },
  { name: 'competitiveness_metrics', title: 'Competitiveness metrics: Trend', weighBy: false, marketLines: false, format: 'percent' },
];

/** The market line's key: the mean over every competitor (the selected competitors' mean of an all-competitor request). */
export const MARKET_KEY = 'market_price';

/** customFieldKey is the key of an extra custom-field line in the merged rows. */
export const customFieldKey = (field: string) => 'cf@' + field;

const CUSTOMER_LABEL: Record<string, string> = {
  price_trend: 'My price',
  PDP_price_trend: 'My price',
  margin_trend: 'My margin %',
  price_vs_market_trend: 'Market delta %',
};

/**
 * trendLines are the chart's lines of a line trend: my value, then Market price and
 * Selected competitors where the report has them and they are picked, then each picked
 * competitor, then the extra custom-field lines.
 */
export function trendLines(
  report: TrendReportName,
  pick: Pick,
  competitors: { id: number; name: string }[],
  customFields: { logical_name: string; display_name: string }[] = [],
): ChartLine[] {
  const ids = chosenIds(pick, competitors.map((c) => c.id));
  const lines: ChartLine[] = [{ key: 'customerValue', label: CUSTOMER_LABEL[report] ?? 'My value' }];
  if (report === 'price_trend' || report === 'PDP_price_trend') {
    if (pick.includes(MARKET)) lines.push({ key: MARKET_KEY, label: 'Market price' });
    if (pick.includes(SELECTED)) lines.push({ key: 'selected_competitors', label: 'Selected competitors' });
  }
  for (const c of competitors) if (ids.includes(c.id)) lines.push({ key: 'value@' + c.id, label: c.name });
  for (const f of customFields) lines.push({ key: customFieldKey(f.logical_name), label: f.display_name });
  return lines;
}

/** The mark of a competitor line with open match-feedback flags. */
export const FLAG_MARK = '⚑';

/**
 * flagLines marks the lines of competitors with open match-feedback flags (getConditionsData's
 * flagged): the legend, the tooltip and the table header then read "Name ⚑ 2 flagged".
 */
export function flagLines(lines: ChartLine[], flagged: Record<string, number>): ChartLine[] {
  return lines.map((l) => {
    const n = l.key.startsWith('value@') ? flagged[l.key.slice('value@'.length)] : undefined;
    return n ? { ...l, label: `${l.label} ${FLAG_MARK} ${n} flagged` } : l;
  });
}

/** flaggedNote says what the marks mean, or '' when no shown line has flags. */
export function flaggedNote(lines: ChartLine[], flagged: Record<string, number>): string {
  const marked = lines.filter((l) => l.key.startsWith('value@') && flagged[l.key.slice('value@'.length)]);
  if (!marked.length) return '';
  return (
    `${FLAG_MARK} Matches flagged as wrong and not yet resolved by the data team: ` +
    marked.map((l) => `${l.label.split(' ' + FLAG_MARK)[0]} (${flagged[l.key.slice('value@'.length)]})`).join(', ') +
    '. The tabular reports leave those pairs out of their comparisons; this trend still draws their scans.'
  );
}

/**
 * asOfNote says what time a trend's data covers when the answer came from stored data that a
 * newer load is not in yet (dataAsOf), or '' when it is current. The time is UTC, as the loads log it.
 */
export function asOfNote(dataAsOf?: string): string {
  if (!dataAsOf) return '';
  const at = new Date(dataAsOf);
  if (Number.isNaN(at.getTime())) return '';
  const when = at.toLocaleString('en-US', { timeZone: 'UTC', dateStyle: 'medium', timeStyle: 'short' });
  return `Scans loaded up to ${when} UTC. A newer load is being added to this trend and will show in a few minutes.`;
}

/** tableColumns are the table's columns: the API's, less the competitors not picked, with the added lines. */
export function tableColumns(api: TableColumn[], lines: ChartLine[], format: string): TableColumn[] {
  const labels = new Map(lines.map((l) => [l.key, l.label]));
  const cols = api
    .filter((c) => (!c.field.startsWith('value@') && c.field !== 'selected_competitors') || labels.has(c.field))
    // A flagged competitor's header carries its line's mark.
    .map((c) => (c.field.startsWith('value@') && labels.get(c.field)?.includes(FLAG_MARK) ? { ...c, headerName: labels.get(c.field)! } : c));
  const extra = lines
    .filter((l) => l.key === MARKET_KEY || l.key.startsWith('cf@'))
    .map((l) => ({ field: l.key, headerName: l.label, format_type: l.key === MARKET_KEY ? format : 'number' }));
  return [...cols, ...extra];
}

/** mergeLine adds another answer's value per day to the rows under key (the market line, a custom-field line). */
export function mergeLine(rows: Record<string, unknown>[], other: Record<string, unknown>[], from: string, key: string): Record<string, unknown>[] {
  const byDay = new Map(other.map((r) => [String(r.date_timestamp), r[from]]));
  return rows.map((r) => ({ ...r, [key]: byDay.get(String(r.date_timestamp)) ?? null }));
}

/** The competitiveness metrics' group-by choices (docs/product.md §9) and the row key each answers under. */
export const GROUP_LEVELS = [
  { value: 'super_category', label: 'Super category', field: 'super_category' },
  { value: 'category', label: 'Category', field: 'category' },
  { value: 'vertical', label: 'Vertical', field: 'vertical' },
  { value: 'vertical_brand', label: 'Vertical X Brand', field: 'vertical_brand' },
  { value: 'brand', label: 'Brand', field: 'canonical_mfgr_display' },
];
export const COMPARISON_VALUES = ['%Higher Bucket', '%Lower Bucket', '%Similar Bucket', 'Price Index'];
export const COMPARE_TO = [
  { value: 'previous_period', label: 'Previous period' },
  { value: 'same_period_last_year', label: 'Same period last year' },
] as const;

/** The chart shows at most this many groups; the table lists them all. */
export const MAX_GROUP_LINES = 12;

/**
 * trendLocked tells whether an account cannot see a trend screen at all: the competitiveness trend is
 * for accounts with at most one competitor (docs/product.md §2). A locked screen shows a notice and
 * offers no Save or Save As: a saved copy would open on the same notice.
 */
export function trendLocked(name: string, competitors: number): boolean {
  return name === 'competitiveness_metrics' && competitors > 1;
}

/**
 * pivotGroups turns competitiveness rows (a row per day and group) into a row per day
 * with a line per group (and its compare line), for the first MAX_GROUP_LINES groups
 * by name.
 */
export function pivotGroups(rows: Record<string, unknown>[], groupField: string, withCompare: boolean): { rows: Record<string, unknown>[]; lines: ChartLine[]; groups: number } {
  const groups = [...new Set(rows.map((r) => String(r[groupField] ?? '')))].sort();
  const shown = groups.slice(0, MAX_GROUP_LINES);
  const byDay = new Map<string, Record<string, unknown>>();
  for (const r of rows) {
    const g = String(r[groupField] ?? '');
    if (!shown.includes(g)) continue;
    const day = String(r.date_timestamp);
    const out = byDay.get(day) ?? { date_timestamp: day };
    out['g@' + g] = r.value ?? null;
    out['cmp@' + g] = r.compare_value ?? null;
    byDay.set(day, out);
  }
  const lines: ChartLine[] = [];
  for (const g of shown) {
    lines.push({ key: 'g@' + g, label: g || '(none)' });
    if (withCompare) lines.push({ key: 'cmp@' + g, label: (g || '(none)') + ' (compare)' });
  }
  return { rows: [...byDay.values()].sort((a, b) => String(a.date_timestamp).localeCompare(String(b.date_timestamp))), lines, groups: groups.length };
}
