import type { Rule, RuleIn, RuleSource } from './api/rules';

/**
 * The rule dialog's pure logic: the competitor menu's label and the source rules of docs/product.md §4,
 * the form's checks (the server's messages, so the dialog says the same before and after
 * saving), and the rule's wire shape. Unit-tested without a browser.
 */

export type SourceKind = 'my_price' | 'competitors' | 'fixed' | 'mrp';

/** competitorLabel is the competitor menu's text: none 'Choose...', one its name, several 'N competitors'. */
export function competitorLabel(ids: number[], names: { id: number; name: string }[]): string {
  if (ids.length === 0) return 'Choose...';
  if (ids.length === 1) return names.find((c) => c.id === ids[0])?.name ?? String(ids[0]);
  return `${ids.length} competitors`;
}

/** withSourceKind switches the source: any source but Competitors clears the chosen competitors. */
export function withSourceKind(s: RuleSource, kind: string): RuleSource {
  if (kind === 'competitors') return { ...s, kind, aggregate: s.aggregate || 'min' };
  return { ...s, kind, competitors: [] };
}

export type RuleForm = {
  groupId?: number;
  name: string;
  section: string;
  rule_type: string;
  status: 'active' | 'inactive';
  source: RuleSource;
  percent: string;
  amount: string;
  categories: string[][];
  brands: string[];
  search: string;
};

export function emptyForm(section: string, ruleType: string): RuleForm {
  return {
    name: '',
    section,
    rule_type: ruleType,
    status: 'active',
    source: { kind: 'my_price', competitors: [], aggregate: 'min', in_stock_only: false },
    percent: '',
    amount: '',
    categories: [],
    brands: [],
    search: '',
  };
}

type Scope = { filters?: Record<string, { paths?: string[][]; values?: string[] }>; search?: string };

/** fromRule opens a saved rule in the dialog. */
export function fromRule(r: Rule): RuleForm {
  const scope = (r.scope ?? {}) as Scope;
  return {
    groupId: r.groupId,
    name: r.name ?? '',
    section: r.section ?? 'middle',
    rule_type: r.rule_type ?? 'target',
    status: r.status === 'inactive' ? 'inactive' : 'active',
    source: { competitors: [], aggregate: 'min', in_stock_only: false, ...(r.source ?? { kind: 'my_price' }) },
    percent: r.adjust?.percent ? String(r.adjust.percent) : '',
    amount: r.adjust?.amount ? String(r.adjust.amount) : '',
    categories: scope.filters?.category_tree?.paths ?? [],
    brands: scope.filters?.canonical_mfgr_display?.values ?? [],
    search: scope.search ?? '',
  };
}

/** toRuleIn is addRule's (and preview's) body: the scope is a grid condition of the category tree, brands and search. */
export function toRuleIn(f: RuleForm): RuleIn {
  const filters: Record<string, unknown> = {};
  if (f.categories.length) filters.category_tree = { filterType: 'category', paths: f.categories };
  if (f.brands.length) filters.canonical_mfgr_display = { filterType: 'set', values: f.brands };
  const scope: Record<string, unknown> = {};
  if (Object.keys(filters).length) scope.filters = filters;
  if (f.search.trim()) scope.search = f.search.trim();
  const s = f.source;
  const source: RuleSource =
    s.kind === 'competitors'
      ? { kind: s.kind, competitors: s.competitors ?? [], aggregate: s.aggregate || 'min', in_stock_only: !!s.in_stock_only }
      : s.kind === 'fixed'
        ? { kind: s.kind, amount: Number(s.amount ?? 0) }
        : { kind: s.kind };
  return {
    ...(f.groupId ? { groupId: f.groupId } : {}),
    name: f.name.trim(),
    section: f.section,
    rule_type: f.rule_type,
    status: f.status,
    scope: scope as RuleIn['scope'],
    source,
    adjust: { percent: Number(f.percent || 0), amount: Number(f.amount || 0) },
  };
}

/** formErrors are the checks made before any call, keyed by the server's field names and with its messages. */
export function formErrors(f: RuleForm): Record<string, string> {
  const e: Record<string, string> = {};
  if (!f.name.trim()) e.name = 'Rule name is required';
  if (f.source.kind === 'competitors' && !(f.source.competitors ?? []).length) e['source.competitors'] = 'Choose at least one competitor for a competitors source';
  if (f.source.kind === 'fixed' && !(Number(f.source.amount) > 0)) e['source.amount'] = 'A fixed charge must be a price above 0';
  if (f.percent !== '' && !Number.isFinite(Number(f.percent))) e['adjust.percent'] = 'must be a number';
  if (f.amount !== '' && !Number.isFinite(Number(f.amount))) e['adjust.amount'] = 'must be a number';
  return e;
}

/** sourceText summarises a rule's source and adjustment for the rule lists. */
export function sourceText(r: Rule, sources: { id: string; name: string }[], competitors: { id: number; name: string }[]): string {
  const s = r.source;
  if (!s) return '';
  let text = sources.find((x) => x.id === s.kind)?.name ?? s.kind;
  if (s.kind === 'competitors') text += ` (${s.aggregate ?? 'min'} of ${competitorLabel(s.competitors ?? [], competitors)}${s.in_stock_only ? ', in stock only' : ''})`;
  if (s.kind === 'fixed') text += ` ${s.amount ?? 0}`;
  const p = r.adjust?.percent ?? 0;
  const a = r.adjust?.amount ?? 0;
  if (p) text += ` ${p > 0 ? '+' : ''}${p}%`;
  if (a) text += ` ${a > 0 ? '+' : ''}${a}`;
  return text;
}

/** moved returns the list's ids with the item at from put at to (arrows and drag). */
export function moved(ids: number[], from: number, to: number): number[] {
  if (from === to || from < 0 || to < 0 || from >= ids.length || to >= ids.length) return ids;
  const out = [...ids];
  const [x] = out.splice(from, 1);
  out.splice(to, 0, x);
  return out;
}

/** bucketLabel names a bar of the preview's distribution of changes (percent; null: unbounded). */
export function bucketLabel(from: number | null | undefined, to: number | null | undefined): string {
  const n = (x: number) => (x > 0 ? '+' : '') + x + '%';
  if (from == null && to != null) return `below ${n(to)}`;
  if (to == null && from != null) return `${n(from)} or more`;
  if (from == null || to == null) return 'any';
  return `${n(from)} to ${n(to)}`;
}

/** auditDiff lists the fields an audit entry changed: [field, before, after]. */
export function auditDiff(before: unknown, after: unknown): [string, string, string][] {
  const b = (before && typeof before === 'object' && !Array.isArray(before) ? before : {}) as Record<string, unknown>;
  const a = (after && typeof after === 'object' && !Array.isArray(after) ? after : {}) as Record<string, unknown>;
  const show = (v: unknown) => (v === undefined || v === null ? '' : typeof v === 'string' ? v : JSON.stringify(v));
  if ((before === null || typeof before !== 'object' || Array.isArray(before)) && (after === null || typeof after !== 'object' || Array.isArray(after))) {
    return [['', show(before), show(after)]];
  }
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((k) => k !== 'updated_at' && k !== 'updated_by');
  return keys.filter((k) => show(b[k]) !== show(a[k])).map((k) => [k, show(b[k]), show(a[k])]);
}
