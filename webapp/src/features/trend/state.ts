import { presetRange, DEFAULT_PRESET, DEFAULT_METRIC_PRESET, metricPresetRange, rangeError, type DateRange } from '../../lib/dateRange';
import { chosenIds, defaultPick, normalize, type Pick } from '../../lib/competitorPick';
import type { CompareTo, TrendData, TrendReportName } from '../../api/trend';
import { GROUP_LEVELS } from './reports';

/** TrendState is what a trend screen shows: its controls' values (a saved trend report keeps them). */
export type TrendState = {
  dates: DateRange;
  pick: Pick;
  weightBy: string;
  view: 'graph' | 'table';
  customFields: string[];
  compareTo: CompareTo;
  comparisonValue: string;
  group: string;
  compareValues: boolean;
  metric: string;
};

/** The metrics screens: their date picker has the metrics presets and they open with Last 30 Days. */
export const isMetricsReport = (name: string) => name === 'key_business_metrics' || name === 'competitiveness_metrics';

/**
 * defaultState is a trend's state with nothing saved (docs/product.md §9: compare-to previous_period,
 * %Higher Bucket, weight ppvs, Price); a metrics screen opens with Last 30 Days.
 */
export function defaultState(competitorIds: number[], customFields: { logical_name: string }[], competitiveness: boolean, metrics = competitiveness): TrendState {
  const ppvs = customFields.some((c) => c.logical_name === 'ppvs');
  return {
    dates: (metrics && metricPresetRange(DEFAULT_METRIC_PRESET)) || presetRange(DEFAULT_PRESET),
    pick: defaultPick(competitorIds),
    weightBy: competitiveness ? (ppvs ? 'ppvs' : 'NotWeighted') : 'price',
    view: 'graph',
    customFields: [],
    compareTo: 'previous_period',
    comparisonValue: '%Higher Bucket',
    group: 'category',
    compareValues: true,
    metric: 'revenue',
  };
}

const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);

/**
 * trendData is the request a screen sends for its state (getConditionsData's data):
 * the line trends their competitors and weight, key business metrics the weight and
 * compare-to, competitiveness metrics compare-to, comparison value, group and weight.
 */
export function trendData(report: { name: TrendReportName; weighBy: boolean }, state: TrendState, competitorIds: number[]): TrendData {
  const base = { report_name: report.name, dates: state.dates };
  switch (report.name) {
    case 'key_business_metrics':
      return { ...base, weightBy: state.weightBy, compareTo: state.compareTo };
    case 'competitiveness_metrics': {
      const level = GROUP_LEVELS.find((g) => g.value === state.group) ?? GROUP_LEVELS[1];
      return { ...base, compareTo: state.compareTo, comparisonValues: state.comparisonValue, group: level.value, weightBy: state.weightBy };
    }
  }
  return { ...base, competitorId: chosenIds(state.pick, competitorIds), weightBy: report.weighBy ? state.weightBy : undefined };
}

/**
 * savedFields are a saved trend report's fields for the screen's state (Save, Save As):
 * the specification's dates, compareTo, comparisonValues, distribution_weights_cf,
 * competitors_visibility and chart, and as its condition the trend's request (what a
 * scheduled trend report mails) with the screen's extras (extra lines, metric,
 * compare-values), which fromSaved reads back.
 */
export function savedFields(report: { name: TrendReportName; weighBy: boolean }, state: TrendState, competitorIds: number[]) {
  return {
    report_type: report.name,
    report_path: '/trend/' + report.name,
    dates: state.dates,
    compareTo: state.compareTo,
    comparisonValues: [state.comparisonValue],
    distribution_weights_cf: state.weightBy,
    competitors_visibility: state.pick,
    chart: state.view === 'graph',
    condition: { ...trendData(report, state, competitorIds), customFields: state.customFields, metric: state.metric, compareValues: state.compareValues },
  };
}

/**
 * fromSaved reads a saved trend report's fields over the defaults: dates (when still
 * inside the limits), compareTo, comparisonValues, the weight (distribution_weights_cf),
 * the competitor pick (competitors_visibility), graph or table (chart) and, from its
 * condition, the group level, extra lines, metric and compare-values.
 */
export function fromSaved(base: TrendState, saved: Record<string, unknown>, competitorIds: number[]): TrendState {
  const s = { ...base };
  const d = saved.dates as Partial<DateRange> | null | undefined;
  if (d && typeof d.from === 'string' && typeof d.to === 'string' && !rangeError({ from: d.from, to: d.to })) s.dates = { from: d.from, to: d.to };
  const ct = str(saved.compareTo);
  if (ct === 'previous_period' || ct === 'same_period_last_year') s.compareTo = ct;
  const cv = saved.comparisonValues;
  s.comparisonValue = str(Array.isArray(cv) ? cv[0] : cv) ?? s.comparisonValue;
  s.weightBy = str(saved.distribution_weights_cf) ?? s.weightBy;
  const pick = saved.competitors_visibility;
  if (Array.isArray(pick) && pick.every((k) => typeof k === 'string')) s.pick = normalize(pick as string[], competitorIds);
  if (typeof saved.chart === 'boolean') s.view = saved.chart ? 'graph' : 'table';
  const c = (saved.condition ?? {}) as Record<string, unknown>;
  const group = str(c.group);
  if (group && GROUP_LEVELS.some((g) => g.value === group)) s.group = group;
  if (Array.isArray(c.customFields) && c.customFields.every((f) => typeof f === 'string')) s.customFields = c.customFields.slice(0, 2) as string[];
  s.metric = str(c.metric) ?? s.metric;
  if (typeof c.compareValues === 'boolean') s.compareValues = c.compareValues;
  return s;
}
