import { useEffect, useState } from 'react';
import { getBrandsList } from '../api/filters';

/** The brand search's debounce (docs/product.md §4, §9). */
export const SEARCH_DEBOUNCE_MS = 200;

/**
 * BrandChecklist is the account's brands as checkboxes: 30 at a time from the API
 * (more on scroll), searched on the server after 200 ms of typing, with the number
 * picked. Shared by the grid's brand filter and the mandated brands dialog.
 */
export function BrandChecklist({ picked, onToggle }: { picked: string[]; onToggle: (brand: string, on: boolean) => void }) {
  const [search, setSearch] = useState('');
  const [brands, setBrands] = useState<string[] | null>(null);
  const [more, setMore] = useState(false);
  const [loading, setLoading] = useState(false);

  const load = async (q: string, offset: number) => {
    setLoading(true);
    try {
      const r = await getBrandsList(offset, q);
      setBrands((b) => (offset === 0 ? r.brands : [...(b ?? []), ...r.brands]));
      setMore(r.hasMore);
    } catch {
      if (offset === 0) setBrands([]);
    } finally {
      setLoading(false);
    }
  };
  useEffect(() => {
    const id = window.setTimeout(() => void load(search.trim(), 0), search ? SEARCH_DEBOUNCE_MS : 0);
    return () => window.clearTimeout(id);
  }, [search]);

  return (
    <>
      <input placeholder="Search brands" aria-label="Search brands" value={search} onChange={(e) => setSearch(e.target.value)} />
      <div
        className="tree"
        role="group"
        aria-label="Brands"
        onScroll={(e) => {
          const el = e.currentTarget;
          if (more && !loading && el.scrollTop + el.clientHeight >= el.scrollHeight - 20) void load(search.trim(), brands?.length ?? 0);
        }}
      >
        {brands === null ? (
          'Loading...'
        ) : brands.length === 0 ? (
          <div className="muted">{search ? 'no matching found' : 'No data to display'}</div>
        ) : (
          brands.map((b) => (
            <label key={b} className="check">
              <input type="checkbox" checked={picked.includes(b)} onChange={(e) => onToggle(b, e.target.checked)} />
              {b}
            </label>
          ))
        )}
      </div>
      {picked.length > 0 && <div className="muted">{picked.length} selected</div>}
    </>
  );
}
