import { expect, test } from 'vitest';
import { addMonths, dayCount, limits, METRIC_PRESETS, metricPresetOf, metricPresetRange, presetOf, presetRange, rangeError } from './dateRange';

// A fixed "today": 23 Nov 2026, 15:00 UTC.
const today = new Date(Date.UTC(2026, 10, 23, 15, 0, 0));

test('the limits are 3 years back to yesterday (docs/product.md §5)', () => {
  expect(limits(today)).toEqual({ from: '2023-11-23', to: '2026-11-22' });
  // Three years before a leap day is 1 March (the server's calendar, Go's AddDate).
  expect(limits(new Date(Date.UTC(2028, 1, 29)))).toEqual({ from: '2025-03-01', to: '2028-02-28' });
  // Days are UTC days: late on the 23rd in UTC−8 is already the 24th on the server.
  expect(limits(new Date('2026-11-23T23:30:00-08:00')).to).toBe('2026-11-23');
});

test('presets end yesterday and cover their length (docs/product.md §9)', () => {
  expect(presetRange('7 Days', today)).toEqual({ from: '2026-11-16', to: '2026-11-22' });
  expect(dayCount(presetRange('7 Days', today))).toBe(7);
  expect(presetRange('1 Month', today)).toEqual({ from: '2026-10-23', to: '2026-11-22' });
  expect(presetRange('3 Months', today)).toEqual({ from: '2026-08-23', to: '2026-11-22' });
  expect(presetRange('6 Months', today)).toEqual({ from: '2026-05-23', to: '2026-11-22' });
  expect(presetRange('1 Year', today)).toEqual({ from: '2025-11-23', to: '2026-11-22' });
  expect(dayCount(presetRange('1 Year', today))).toBe(365);
  expect(presetRange('2 Year', today)).toEqual({ from: '2024-11-23', to: '2026-11-22' });
  for (const p of ['7 Days', '1 Month', '3 Months', '6 Months', '1 Year', '2 Year'] as const) {
    expect(rangeError(presetRange(p, today), today)).toBeNull();
    expect(presetOf(presetRange(p, today), today)).toBe(p);
  }
  expect(presetOf({ from: '2026-11-01', to: '2026-11-10' }, today)).toBeNull();
});

test('ranges outside the limits or reversed are refused with a reason', () => {
  expect(rangeError({ from: '2023-11-23', to: '2026-11-22' }, today)).toBeNull();
  expect(rangeError({ from: '2023-11-22', to: '2026-11-22' }, today)).toBe('Dates can be from 2023-11-23 (3 years back) to 2026-11-22 (yesterday).');
  expect(rangeError({ from: '2026-11-01', to: '2026-11-23' }, today)).toMatch(/yesterday/); // today is not allowed
  expect(rangeError({ from: '2026-11-10', to: '2026-11-09' }, today)).toBe('The start date must not be after the end date.');
  expect(rangeError({ from: '2026-02-30', to: '2026-03-01' }, today)).toBe('Choose a start and an end date.');
  expect(rangeError({ from: '', to: '2026-03-01' }, today)).toBe('Choose a start and an end date.');
});

test('months keep the day where it exists', () => {
  expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
  expect(addMonths('2024-03-31', -1)).toBe('2024-02-29');
  expect(addMonths('2026-01-15', -2)).toBe('2025-11-15');
});

test('metrics presets are calendar periods up to yesterday (docs/product.md §9)', () => {
  expect(metricPresetRange('Today', today)).toBeNull();
  expect(metricPresetRange('Yesterday', today)).toEqual({ from: '2026-11-22', to: '2026-11-22' });
  expect(metricPresetRange('Last 7 Days', today)).toEqual({ from: '2026-11-16', to: '2026-11-22' });
  expect(dayCount(metricPresetRange('Last 30 Days', today)!)).toBe(30);
  expect(metricPresetRange('Last 30 Days', today)).toEqual({ from: '2026-10-24', to: '2026-11-22' });
  expect(metricPresetRange('This Month', today)).toEqual({ from: '2026-11-01', to: '2026-11-22' });
  expect(metricPresetRange('Last Month', today)).toEqual({ from: '2026-10-01', to: '2026-10-31' });
  // On the 1st this month has no past day yet; last month is the whole of the previous one.
  const first = new Date(Date.UTC(2026, 2, 1, 9));
  expect(metricPresetRange('This Month', first)).toBeNull();
  expect(metricPresetRange('Last Month', first)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
  expect(metricPresetRange('Last Month', new Date(Date.UTC(2027, 0, 15)))).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  for (const p of METRIC_PRESETS) {
    const r = metricPresetRange(p, today);
    if (!r) continue;
    expect(rangeError(r, today)).toBeNull();
    expect(metricPresetOf(r, today)).toBe(p);
  }
});
