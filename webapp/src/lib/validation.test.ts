import { expect, test } from 'vitest';
import { formatDays, LABEL_COLORS, MSG, parseDays, validateAlert, validateEmail, validateReportName, validateSchedule, validateShareRecipients, WEEKDAYS } from './validation';
import { has, canReadResource } from './permissions';
import { navigationTarget } from './router';
import { clearStoredData } from './storage';
import { PREDEFINED_REPORTS, groupLevelOf } from './reports';

test('report names (docs/product.md §5)', () => {
  expect(validateReportName('  ')).toBe("Report name can't be empty.");
  for (const c of ['#', '%', '^', '`', '{', '}']) expect(validateReportName('a' + c)).toBe('Report name can not contain the following: # % ^ ` { }');
  expect(validateReportName('Q3 review (TVs)')).toBeNull();
});

test('recipients, schedule and alert rules', () => {
  expect(validateEmail('bob')).toBe('Email is not correct. Please insert a correct email address.');
  expect(validateEmail('bob@example.com')).toBeNull();
  expect(validateShareRecipients([])).toBe('Select at least one recipient for send a mail.');
  expect(validateSchedule([1], 0)).toBe(MSG.schedule);
  expect(validateSchedule([], 2)).toBe('Select at least one recipient and schedule.');
  expect(validateSchedule([1, 3], 1)).toBeNull();
  expect(validateAlert({ name: 'a', competitors: [], recipients: 1, frequency: 0 })).toBe('*please fill all fields');
  expect(validateAlert({ name: 'a', competitors: [1], recipients: 1, frequency: 0 })).toBeNull();
});

test('weekdays Mo..Su with Sunday = 0, and the 16-colour palette', () => {
  expect(WEEKDAYS.map((d) => d.label).join(' ')).toBe('Mo Tu We Th Fr Sa Su');
  expect(WEEKDAYS.find((d) => d.label === 'Su')!.id).toBe(0);
  expect(parseDays('1, 3,x,0')).toEqual([1, 3, 0]);
  expect(formatDays([3, 1, 3, 0])).toBe('0,1,3');
  expect(new Set(LABEL_COLORS).size).toBe(16);
});

test('permissions from the access-control map', () => {
  const perms = { '1': { 'read:any': ['view report'], 'create:any': ['create report'] }, '8': {} };
  expect(has(perms, 'create report')).toBe(true);
  expect(has(perms, 'delete report')).toBe(false);
  expect(has(perms, 'view report', 1, 'read:any')).toBe(true);
  expect(has(perms, 'view report', 1, 'create:any')).toBe(false);
  expect(canReadResource(perms, 1)).toBe(true);
  expect(canReadResource(perms, 8)).toBe(false);
});

test('logout keeps personalisation only; navigation targets stay on this site', () => {
  const m = new Map<string, string>([
    ['pricelens.personal.theme', 'dark'],
    ['grid', 'x'],
  ]);
  const storage = {
    get length() {
      return m.size;
    },
    key: (i: number) => [...m.keys()][i] ?? null,
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
    clear: () => m.clear(),
  } as Storage;
  clearStoredData(storage);
  expect([...m.entries()]).toEqual([['pricelens.personal.theme', 'dark']]);
  expect(navigationTarget('//evil.example')).toBe('');
  expect(navigationTarget('https://evil.example')).toBe('');
  expect(navigationTarget('/pricing/share/abc')).toBe('/pricing/share/abc');
});

test('the report index lists every predefined report', () => {
  expect(PREDEFINED_REPORTS).toHaveLength(16);
  expect(PREDEFINED_REPORTS.map((r) => r.href)).toContain('price_distribution_by_vertical_brand');
  expect(groupLevelOf('competitive_landscape_by_label')).toBe('label');
  expect(groupLevelOf('all_my_products')).toBeUndefined();
});
