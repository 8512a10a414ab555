import { describe, expect, test } from 'vitest';
import { candidatesWidget, latest, mergePositions, positionDays, positionRequest } from './home';

describe('home dashboard', () => {
  test('the market position covers the 30 days ending yesterday, the whole account as one group', () => {
    const d = positionDays(new Date('2026-03-01T10:00:00Z'));
    expect(d).toEqual({ from: '2026-01-30', to: '2026-02-28' });
    expect(positionRequest('Price Index', d)).toEqual({ report_name: 'competitiveness_metrics', dates: d, group: 'all', comparisonValues: 'Price Index', weightBy: 'NotWeighted' });
  });
  test('the four answers become a row per day; a day without comparable pairs stays empty', () => {
    const rows = mergePositions({ from: '2026-01-01', to: '2026-01-03' }, {
      index: [{ date_timestamp: '2026-01-01', value: 101.5 }, { date_timestamp: '2026-01-03', value: 99 }],
      cheaper: [{ date_timestamp: '2026-01-03', value: 40 }],
      similar: [{ date_timestamp: '2026-01-03', value: null }],
      dearer: [],
    });
    expect(rows).toEqual([
      { date_timestamp: '2026-01-01', index: 101.5 },
      { date_timestamp: '2026-01-02' },
      { date_timestamp: '2026-01-03', index: 99, cheaper: 40 },
    ]);
    expect(latest(rows, 'index')).toBe(99);
    expect(latest(rows, 'dearer')).toBeNull();
  });
  test('pricer candidates only to a user who can open the pricer; bucket candidates to report viewers', () => {
    const all = { reports: true, pricer: true, alerts: true };
    expect(candidatesWidget('pricer', all)).toBe('pricer');
    expect(candidatesWidget('pricer', { ...all, pricer: false })).toBeNull();
    expect(candidatesWidget('buckets', { ...all, pricer: false })).toBe('buckets');
    expect(candidatesWidget('buckets', { ...all, reports: false })).toBeNull();
    expect(candidatesWidget(undefined, all)).toBeNull();
  });
});
