import { getBrandsList, getCategoryDropDownList } from './api/filters';
import type { Label } from '../../api/types';
import { toCategoryTree } from './filters';

/** loadSetValues feeds the set filters from the API lists (brands, categories, labels). */
export async function loadSetValues(source: string, labels: Label[]): Promise<string[]> {
  if (source === 'labels') return labels.map((l) => l.name);
  if (source === 'brand') {
    const out: string[] = [];
    // The brand list comes in pages of 30 (docs/product.md §9); the set filter needs them all.
    for (let offset = 0; offset < 30000; offset += 30) {
      const r = await getBrandsList(offset, '').catch(() => null);
      const page = namesOf(r, ['brands', 'rows', 'data']);
      out.push(...page);
      if (!r?.hasMore || page.length === 0) break;
    }
    return out;
  }
  if (['super_category', 'category', 'vertical'].includes(source)) {
    const r = await getCategoryDropDownList().catch(() => null);
    const level = ['super_category', 'category', 'vertical'].indexOf(source);
    const set = new Set<string>();
    const walk = (nodes: { name: string; children?: unknown[] }[], depth: number) => {
      for (const n of nodes) {
        if (depth === level) set.add(n.name);
        else walk((n.children ?? []) as { name: string; children?: unknown[] }[], depth + 1);
      }
    };
    walk(toCategoryTree(r), 0);
    return [...set].sort();
  }
  return [];
}

export function namesOf(r: unknown, keys: string[]): string[] {
  let list: unknown = r;
  if (r && !Array.isArray(r) && typeof r === 'object') {
    for (const k of keys) if (Array.isArray((r as Record<string, unknown>)[k])) list = (r as Record<string, unknown>)[k];
  }
  if (!Array.isArray(list)) return [];
  return list.map((x) => (typeof x === 'string' ? x : String((x as Record<string, unknown>).name ?? (x as Record<string, unknown>).brand ?? ''))).filter(Boolean);
}
