import { describe, expect, it } from 'vitest';
import { EXPORT_MAX_TRIES, EXPORT_POLL_MS, percentText, timeLeft } from './exportProgress';

describe('export progress', () => {
  it('polls once a second, at most 60 times (docs/product.md §9)', () => {
    expect(EXPORT_POLL_MS).toBe(1000);
    expect(EXPORT_MAX_TRIES).toBe(60);
  });
  it('says Unknown while the time left is being calculated', () => {
    expect(timeLeft(null)).toBe('Unknown');
    expect(timeLeft({ status: 'queued', eta_seconds: 5 })).toBe('Unknown');
    expect(timeLeft({ status: 'running', eta_seconds: null })).toBe('Unknown');
  });
  it('gives the time left in seconds, then minutes', () => {
    expect(timeLeft({ status: 'running', eta_seconds: 4.2 })).toBe('5 s');
    expect(timeLeft({ status: 'running', eta_seconds: 125 })).toBe('2 min 5 s');
  });
  it('shows whole percents', () => {
    expect(percentText({ percent: 42.9 })).toBe('42%');
    expect(percentText(null)).toBe('0%');
  });
});
