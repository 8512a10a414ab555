/**
 * The removable filter-chip bar: one chip per active filter, listing at most 14
 * values and then "..." when there are more than 15 (docs/product.md §5).
 */
export type Chip = { colId: string; label: string; text: string };

export const CHIP_VALUES = 14;

const OPS: Record<string, string> = {
  contains: 'contains',
  notContains: 'does not contain',
  equals: '=',
  notEqual: '≠',
  startsWith: 'starts with',
  endsWith: 'ends with',
  blank: 'is blank',
  notBlank: 'is not blank',
  lessThan: '<',
  lessThanOrEqual: '≤',
  greaterThan: '>',
  greaterThanOrEqual: '≥',
  inRange: 'between',
};

type Model = {
  filterType?: string;
  type?: string;
  filter?: unknown;
  filterTo?: unknown;
  dateFrom?: string | null;
  dateTo?: string | null;
  values?: (string | null)[];
  value?: string;
  paths?: string[][];
  operator?: string;
  conditions?: Model[];
};

export function listValues(values: string[]): string {
  if (values.length <= 15) return values.join(', ');
  return values.slice(0, CHIP_VALUES).join(', ') + ', ...';
}

function describe(m: Model): string {
  if (m.conditions && m.conditions.length) return m.conditions.map(describe).join(' ' + (m.operator ?? 'AND') + ' ');
  switch (m.filterType) {
    case 'set':
      return listValues((m.values ?? []).map((v) => (v === null ? '(Blanks)' : v)));
    case 'radio':
      return m.value ?? '';
    case 'category':
      return listValues((m.paths ?? []).map((p) => p.join(' > ')));
    case 'date': {
      const op = OPS[m.type ?? ''] ?? m.type ?? '';
      if (m.type === 'blank' || m.type === 'notBlank') return op;
      return m.type === 'inRange' ? `${op} ${m.dateFrom ?? ''} and ${m.dateTo ?? ''}` : `${op} ${m.dateFrom ?? ''}`;
    }
    default: {
      const op = OPS[m.type ?? ''] ?? m.type ?? '';
      if (m.type === 'blank' || m.type === 'notBlank') return op;
      if (m.type === 'inRange') return `${op} ${m.filter} and ${m.filterTo}`;
      return `${op} ${m.filter ?? ''}`.trim();
    }
  }
}

export function filterChips(model: Record<string, unknown> | null | undefined, headerOf: (colId: string) => string): Chip[] {
  return Object.entries(model ?? {})
    .filter(([, v]) => v != null)
    .map(([colId, v]) => ({ colId, label: headerOf(colId), text: describe(v as Model) }));
}
