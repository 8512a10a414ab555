import { describe, expect, it } from 'vitest';
import { csvText } from './csv';

describe('csvText', () => {
  it('quotes cells with commas, quotes and line breaks, and leaves empty cells empty', () => {
    expect(csvText(['Date', 'Acme, Inc.'], [['2026-11-01', 'say "hi"'], ['2026-11-02', null], ['2026-11-03', 'a\nb']])).toBe(
      '\uFEFFDate,"Acme, Inc."\r\n2026-11-01,"say ""hi"""\r\n2026-11-02,\r\n2026-11-03,"a\nb"\r\n',
    );
  });
});
