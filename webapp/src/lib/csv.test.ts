import { describe, expect, it } from 'vitest';
import { csvText } from './csv';

describe('csvText', () => {
  it('quotes cells with commas, quotes and line breaks, and leaves empty cells empty', () => {
    expect(csvText(['Date', 'Acme, Inc.'], [['2026-11-01', 'say "hi"'], ['2026-11-02', null], ['2026-11-03', 'a\nb']])).toBe(
      '\uFEFFDate,"Acme, Inc."\r\n2026-11-01,"say ""hi"""\r\n2026-11-02,\r\n2026-11-03,"a\nb"\r\n',
    );
  });

  it('neutralises text a spreadsheet would evaluate, and keeps numbers numbers', () => {
    expect(
      csvText(['=Competitor', 'Price'], [["=1+2+cmd|' /C calc'!A0", -3.5], ['@SUM(A1)', '-12.5'], ['+1+1', null], ['\t=1', 0], ['-', 2]]),
    ).toBe("\uFEFF'=Competitor,Price\r\n'=1+2+cmd|' /C calc'!A0,-3.5\r\n'@SUM(A1),-12.5\r\n'+1+1,\r\n'\t=1,0\r\n'-,2\r\n");
  });
});
