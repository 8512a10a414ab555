/** The validation rules and messages of docs/product.md §5, as pure functions (null = valid). */

export const MSG = {
  nameEmpty: "Report name can't be empty.",
  nameChars: 'Report name can not contain the following: # % ^ ` { }',
  email: 'Email is not correct. Please insert a correct email address.',
  shareRecipient: 'Select at least one recipient for send a mail.',
  schedule: 'Select at least one recipient and schedule.',
  chooseProduct: 'Choose at least one product.',
  alertFields: '*please fill all fields',
  scenarioName: 'Scenario name is required',
  labelName: 'Label name is required',
} as const;

export function validateReportName(name: string): string | null {
  if (!name.trim()) return MSG.nameEmpty;
  if (/[#%^`{}]/.test(name)) return MSG.nameChars;
  return null;
}

export function validateEmail(email: string): string | null {
  return email.includes('@') && email.trim().length > 2 ? null : MSG.email;
}

export function validateShareRecipients(emails: string[]): string | null {
  return emails.length ? null : MSG.shareRecipient;
}

export function validateSchedule(days: number[], recipients: number): string | null {
  return days.length && recipients ? null : MSG.schedule;
}

export function validateAlert(a: { name: string; competitors: number[]; recipients: number; frequency: number | null }): string | null {
  return a.name.trim() && a.competitors.length && a.recipients && a.frequency !== null ? null : MSG.alertFields;
}

/** Weekdays of the schedule dialog, Monday first; ids are Su 0, Mo 1 … Sa 6 (docs/product.md §9). */
export const WEEKDAYS = [
  { id: 1, label: 'Mo' },
  { id: 2, label: 'Tu' },
  { id: 3, label: 'We' },
  { id: 4, label: 'Th' },
  { id: 5, label: 'Fr' },
  { id: 6, label: 'Sa' },
  { id: 0, label: 'Su' },
];

export function parseDays(s: string | undefined | null): number[] {
  return (s ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter((x) => x !== '' && /^[0-6]$/.test(x))
    .map(Number);
}

export function formatDays(days: number[]): string {
  return [...new Set(days)].sort((a, b) => a - b).join(',');
}

/** The 16-colour label palette (docs/product.md §9), hex without '#'. */
export const LABEL_COLORS = [
  'e53935', 'd81b60', '8e24aa', '5e35b1', '3949ab', '1e88e5', '039be5', '00acc1',
  '00897b', '43a047', '7cb342', 'c0ca33', 'fdd835', 'ffb300', 'fb8c00', '6d4c41',
];

/** The alert report date filters (spec constants): Last day, 7, 14, 30, 60, 180 days. */
export const ALERT_DATE_FILTERS = [
  { days: 1, label: 'Last day' },
  { days: 7, label: '7 days' },
  { days: 14, label: '14 days' },
  { days: 30, label: '30 days' },
  { days: 60, label: '60 days' },
  { days: 180, label: '180 days' },
];

/** 8 scenario colours (docs/product.md §9). */
export const SCENARIO_COLORS = ['#1e88e5', '#43a047', '#fb8c00', '#e53935', '#8e24aa', '#00897b', '#6d4c41', '#546e7a'];
export const SCENARIO_ICONS = ['📁', '📊', '🏷️', '💡', '🎯', '📈', '🛒', '⭐'];
