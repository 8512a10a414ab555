import { describe, expect, test } from 'vitest';
import { formatDiff } from './InsightCards';
import { insightLabel } from '../../lib/insights';
import { thumbnailURL } from '../../lib/images';

describe('insight highlight tiles', () => {
  test('a diff percent has + when positive and the minus style when negative', () => {
    expect(formatDiff(3.26)).toEqual({ text: '+3.3%', negative: false });
    expect(formatDiff(-12.04)).toEqual({ text: '-12.0%', negative: true });
    expect(formatDiff(0)).toEqual({ text: '0.0%', negative: false });
    expect(formatDiff(null)).toBeNull();
    expect(formatDiff(Number.NaN)).toBeNull();
  });
  test('insight keys have the panel labels; anything else has none', () => {
    expect(insightLabel('num_products_for_price_up')).toBe('Candidates for price raise');
    expect(insightLabel('changes_at_competitor_last_day')).toBe('Changes at competitors last day');
    expect(insightLabel('drop table')).toBeUndefined();
    expect(insightLabel(null)).toBeUndefined();
  });
  test('images go through the proxy, with the competitor of an offer image', () => {
    expect(thumbnailURL('https://img.x/a b.jpg')).toBe('/api/tooltip/getImg?i=https%3A%2F%2Fimg.x%2Fa+b.jpg');
    expect(thumbnailURL('https://img.x/c.jpg', 11)).toBe('/api/tooltip/getImg?i=https%3A%2F%2Fimg.x%2Fc.jpg&siteId=11');
  });
});
