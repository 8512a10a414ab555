import { useEffect, useState } from 'react';
import { useGridFilter, type CustomFilterProps } from 'ag-grid-react';

// The rows are filtered on the server; the grid still needs the filter's methods
// before it reports a model change (ag-grid-react waits for useGridFilter).
const passAll = () => true;
function useServerFilter() {
  useGridFilter({ doesFilterPass: passAll });
}
import { getCategoryDropDownList } from '../../api/filters';
import { BrandChecklist } from '../BrandChecklist';

/** The radio filter (docs/product.md §2): one value of a closed list, e.g. the price bucket. */
export function RadioFilter(props: CustomFilterProps & { values?: string[] }) {
  useServerFilter();
  const values: string[] = (props as unknown as { values?: string[] }).values ?? [];
  const current = (props.model as { value?: string } | null)?.value ?? '';
  const [draft, setDraft] = useState(current);
  // A model set from outside (a chip removed, a saved report opened) replaces the draft.
  const [shown, setShown] = useState(current);
  if (shown !== current) {
    setShown(current);
    setDraft(current);
  }
  return (
    <div className="custom-filter" role="radiogroup">
      {values.map((v) => (
        <label key={v} className="check">
          <input type="radio" name={'radio-' + props.column.getColId()} checked={draft === v} onChange={() => setDraft(v)} />
          {v}
        </label>
      ))}
      <div className="filter-buttons">
        <button className="btn" onClick={() => props.onModelChange(draft ? { filterType: 'radio', value: draft } : null)}>
          Apply Filter
        </button>
        <button className="btn" onClick={() => (setDraft(''), props.onModelChange(null))}>
          Clear Filter
        </button>
      </div>
    </div>
  );
}

type CategoryNode = { name: string; children?: CategoryNode[] };

/** toTree accepts the category list as a tree or as flat rows with levels. */
export function toCategoryTree(raw: unknown): CategoryNode[] {
  const list = Array.isArray(raw) ? raw : ((raw as Record<string, unknown>)?.categories ?? (raw as Record<string, unknown>)?.tree ?? []);
  if (!Array.isArray(list)) return [];
  if (list.length && typeof list[0] === 'object' && list[0] && ('super_category' in list[0] || 'path' in list[0])) {
    const root: CategoryNode[] = [];
    for (const r of list as Record<string, unknown>[]) {
      const path = Array.isArray(r.path) ? (r.path as string[]) : [r.super_category, r.category, r.vertical].filter((x) => x != null && x !== '').map(String);
      let level = root;
      for (const p of path) {
        let n = level.find((x) => x.name === p);
        if (!n) level.push((n = { name: p, children: [] }));
        level = n.children!;
      }
    }
    return root;
  }
  return (list as Record<string, unknown>[]).map(function conv(n): CategoryNode {
    const kids = (n.children ?? n.sub ?? []) as Record<string, unknown>[];
    return { name: String(n.name ?? n.label ?? ''), children: kids.map(conv) };
  });
}

/**
 * The multi-level category filter: super category > category > vertical, each
 * level searchable; the model is a list of paths (the engine's category_tree).
 */
export function CategoryFilter(props: CustomFilterProps) {
  useServerFilter();
  const [tree, setTree] = useState<CategoryNode[] | null>(null);
  const [search, setSearch] = useState('');
  const current = ((props.model as { paths?: string[][] } | null)?.paths ?? []).map((p) => p.join('\u0001'));
  const [picked, setPicked] = useState<string[]>(current);
  const [open, setOpen] = useState<Record<string, boolean>>({});
  useEffect(() => {
    getCategoryDropDownList()
      .then((r) => setTree(toCategoryTree(r)))
      .catch(() => setTree([]));
  }, []);
  const q = search.trim().toLowerCase();
  const matches = (n: CategoryNode): boolean => !q || n.name.toLowerCase().includes(q) || (n.children ?? []).some(matches);
  const render = (nodes: CategoryNode[], path: string[]) =>
    nodes.filter(matches).map((n) => {
      const p = [...path, n.name];
      const key = p.join('\u0001');
      const hasKids = (n.children ?? []).length > 0;
      return (
        <div key={key} className="tree-node" style={{ paddingLeft: path.length * 14 }}>
          {hasKids ? (
            <button className="tree-toggle" aria-label={(open[key] || q ? 'Collapse ' : 'Expand ') + n.name} onClick={() => setOpen({ ...open, [key]: !open[key] })}>
              {open[key] || q ? '▾' : '▸'}
            </button>
          ) : (
            <span className="tree-toggle" />
          )}
          <label className="check">
            <input type="checkbox" checked={picked.includes(key)} onChange={(e) => setPicked(e.target.checked ? [...picked, key] : picked.filter((x) => x !== key))} />
            {n.name}
          </label>
          {hasKids && (open[key] || q) && render(n.children!, p)}
        </div>
      );
    });
  return (
    <div className="custom-filter category-filter">
      <input placeholder="Search..." aria-label="Search categories" value={search} onChange={(e) => setSearch(e.target.value)} />
      <div className="tree">{tree === null ? 'Loading...' : tree.length === 0 ? 'No data to display' : render(tree, [])}</div>
      <div className="filter-buttons">
        <button className="btn" onClick={() => props.onModelChange(picked.length ? { filterType: 'category', paths: picked.map((k) => k.split('\u0001')) } : null)}>
          Apply Filter
        </button>
        <button className="btn" onClick={() => (setPicked([]), props.onModelChange(null))}>
          Clear Filter
        </button>
      </div>
    </div>
  );
}

/** Brand list page size and search debounce (docs/product.md §9). */
export const BRAND_PAGE = 30;
export { SEARCH_DEBOUNCE_MS } from '../BrandChecklist';

/**
 * The brand filter with search: the brand list comes from the API 30 at a time
 * (more on scroll), searched on the server after 200 ms of typing; the model is
 * a set filter model, so chips and the engine treat it like any set filter.
 */
export function BrandFilter(props: CustomFilterProps) {
  useServerFilter();
  const current = ((props.model as { values?: (string | null)[] } | null)?.values ?? []).filter((v): v is string => v !== null);
  const [picked, setPicked] = useState<string[]>(current);
  const toggle = (b: string, on: boolean) => setPicked(on ? [...picked, b] : picked.filter((x) => x !== b));
  return (
    <div className="custom-filter brand-filter">
      <BrandChecklist picked={picked} onToggle={toggle} />
      <div className="filter-buttons">
        <button className="btn" onClick={() => props.onModelChange(picked.length ? { filterType: 'set', values: picked } : null)}>
          Apply Filter
        </button>
        <button className="btn" onClick={() => (setPicked([]), props.onModelChange(null))}>
          Clear Filter
        </button>
      </div>
    </div>
  );
}
