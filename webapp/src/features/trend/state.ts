import { presetRange, DEFAULT_PRESET, rangeError, type DateRange } from '../../lib/dateRange';
import { defaultPick, normalize, type Pick } from '../../lib/competitorPick';
import type { CompareTo } from '../../api/trend';

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

/** defaultState is a trend's state with nothing saved (spec §9: compare-to previous_period, %Higher Bucket, weight ppvs, Price). */
export function defaultState(competitorIds: number[], customFields: { logical_name: string }[], competitiveness: boolean): TrendState {
  const ppvs = customFields.some((c) => c.logical_name === 'ppvs');
  return {
    dates: presetRange(DEFAULT_PRESET),
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
 * fromSaved reads a saved trend report's fields over the defaults: dates (when still
 * inside the limits), compareTo, comparisonValues, the weight (distribution_weights_cf),
 * the competitor pick (competitors_visibility) and graph or table (chart).
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
  return s;
}
