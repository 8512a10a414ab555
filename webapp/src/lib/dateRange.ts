/**
 * The trend date range (docs/product.md §5, §9; docs/trends.md): ISO days, inclusive, from 3 years
 * back to yesterday, with the presets 7 Days … 2 Year ending yesterday. Days are
 * UTC days, as the server counts them (engine.Trend.Days), so a range the picker
 * allows is one the server accepts in every time zone.
 */

export type DateRange = { from: string; to: string };

export const RANGE_PRESETS = ['7 Days', '1 Month', '3 Months', '6 Months', '1 Year', '2 Year'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

/** The range a trend opens with. */
export const DEFAULT_PRESET: RangePreset = '1 Month';

/**
 * The metrics presets (docs/product.md §9) of the metrics screens (key business metrics,
 * competitiveness metrics): calendar periods up to yesterday. Today has no day a
 * trend can show (days end yesterday), nor has This Month on the 1st: metricPresetRange
 * says so with null, and the picker shows them disabled with the reason.
 */
export const METRIC_PRESETS = ['Today', 'Yesterday', 'Last 7 Days', 'Last 30 Days', 'This Month', 'Last Month'] as const;
export type MetricPreset = (typeof METRIC_PRESETS)[number];

/** The range a metrics screen opens with. */
export const DEFAULT_METRIC_PRESET: MetricPreset = 'Last 30 Days';

export const YEARS_BACK = 3;

/** isoDay writes a UTC day as YYYY-MM-DD. */
export function isoDay(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** parseDay reads YYYY-MM-DD as a UTC day (null when it is not one). */
export function parseDay(s: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return null;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return isoDay(d) === s ? d : null;
}

export function addDays(day: string, n: number): string {
  const d = parseDay(day)!;
  d.setUTCDate(d.getUTCDate() + n);
  return isoDay(d);
}

/** addMonths moves a day by n months, keeping the day of month where it exists (Mar 31 − 1 month = Feb 28/29). */
export function addMonths(day: string, n: number): string {
  const d = parseDay(day)!;
  const want = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + n);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(want, last));
  return isoDay(d);
}

/**
 * limits are the first and last days a trend may show on `today`: 3 years back to
 * yesterday. Three years back from 29 Feb is 1 Mar, as the server's calendar has it.
 */
export function limits(today: Date = new Date()): DateRange {
  const t = parseDay(isoDay(today))!;
  const from = new Date(Date.UTC(t.getUTCFullYear() - YEARS_BACK, t.getUTCMonth(), t.getUTCDate()));
  return { from: isoDay(from), to: addDays(isoDay(t), -1) };
}

/** presetRange is a preset's range: it ends yesterday and covers the preset's length (never beyond the limits). */
export function presetRange(p: RangePreset, today: Date = new Date()): DateRange {
  const lim = limits(today);
  const to = lim.to;
  const months: Record<RangePreset, number> = { '7 Days': 0, '1 Month': 1, '3 Months': 3, '6 Months': 6, '1 Year': 12, '2 Year': 24 };
  const from = p === '7 Days' ? addDays(to, -6) : addDays(addMonths(to, -months[p]), 1);
  return { from: from < lim.from ? lim.from : from, to };
}

/** metricPresetRange is a metrics preset's range on `today`, or null when it has no day up to yesterday. */
export function metricPresetRange(p: MetricPreset, today: Date = new Date()): DateRange | null {
  const t = isoDay(today);
  const yesterday = addDays(t, -1);
  const monthStart = t.slice(0, 8) + '01';
  switch (p) {
    case 'Today':
      return null;
    case 'Yesterday':
      return { from: yesterday, to: yesterday };
    case 'Last 7 Days':
      return { from: addDays(t, -7), to: yesterday };
    case 'Last 30 Days':
      return { from: addDays(t, -30), to: yesterday };
    case 'This Month':
      return monthStart === t ? null : { from: monthStart, to: yesterday };
    case 'Last Month':
      return { from: addMonths(monthStart, -1), to: addDays(monthStart, -1) };
  }
}

/** metricPresetOf names the metrics preset a range is, if any. */
export function metricPresetOf(r: DateRange, today: Date = new Date()): MetricPreset | null {
  return (
    METRIC_PRESETS.find((p) => {
      const x = metricPresetRange(p, today);
      return x !== null && x.from === r.from && x.to === r.to;
    }) ?? null
  );
}

/** presetOf names the preset a range is, if any (the picker highlights it). */
export function presetOf(r: DateRange, today: Date = new Date()): RangePreset | null {
  return RANGE_PRESETS.find((p) => {
    const x = presetRange(p, today);
    return x.from === r.from && x.to === r.to;
  }) ?? null;
}

/** rangeError says what is wrong with a range the user typed, or null when it can be applied. */
export function rangeError(r: DateRange, today: Date = new Date()): string | null {
  const lim = limits(today);
  if (!parseDay(r.from) || !parseDay(r.to)) return 'Choose a start and an end date.';
  if (r.from > r.to) return 'The start date must not be after the end date.';
  if (r.from < lim.from || r.to > lim.to) return `Dates can be from ${lim.from} (3 years back) to ${lim.to} (yesterday).`;
  return null;
}

/** dayCount is the number of days of a range, both ends included. */
export function dayCount(r: DateRange): number {
  return Math.round((parseDay(r.to)!.getTime() - parseDay(r.from)!.getTime()) / 86_400_000) + 1;
}
