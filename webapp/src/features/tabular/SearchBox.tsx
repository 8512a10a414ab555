import { useEffect, useRef, useState } from 'react';
import { Link } from '../../lib/router';
import type { Suggestion } from './api/grid';

/** How long typing pauses before suggestions are asked for: the 200 ms of the searches in docs/product.md §9. */
const SUGGEST_DEBOUNCE_MS = 200;
/** How many suggestions the list shows. */
const SHOWN = 8;

/**
 * SearchBox is the report's "Search in report": Enter filters the grid by the text;
 * while typing (two characters or more) it suggests the report's matching products
 * (tabular/searchInReport), each opening its product page, and says how many match.
 */
export function SearchBox({
  initial,
  onSearch,
  suggest,
}: {
  initial: string;
  onSearch: (text: string) => void;
  suggest: (text: string) => Promise<{ count: number; rows: Suggestion[] }>;
}) {
  const [draft, setDraft] = useState(initial);
  const [open, setOpen] = useState(false);
  const [found, setFound] = useState<{ text: string; count: number; rows: Suggestion[] } | null>(null);
  const seq = useRef(0);

  useEffect(() => {
    const text = draft.trim();
    const mine = ++seq.current;
    if (text.length < 2) return;
    const t = window.setTimeout(() => {
      suggest(text).then(
        (r) => mine === seq.current && setFound({ text, ...r }),
        () => {},
      );
    }, SUGGEST_DEBOUNCE_MS);
    return () => window.clearTimeout(t);
  }, [draft, suggest]);

  const apply = (text: string) => {
    setOpen(false);
    onSearch(text);
  };
  const shown = open && found && found.text === draft.trim() ? found : null;
  return (
    <form
      className="search"
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        apply(draft);
      }}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <input
        type="search"
        placeholder="Search in report"
        aria-label="Search in report"
        aria-expanded={!!shown}
        aria-controls="search-suggestions"
        autoComplete="off"
        value={draft}
        onChange={(e) => {
          setDraft(e.target.value);
          setOpen(true);
        }}
        onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}
      />
      {shown && (
        <div className="popover search-suggestions" id="search-suggestions" role="listbox" aria-label="Search suggestions">
          {shown.rows.length === 0 ? (
            <div className="muted">no matching found</div>
          ) : (
            shown.rows.slice(0, SHOWN).map((r) => (
              <Link key={r.id} to={'/new/product/' + encodeURIComponent(r.id)} className="suggestion" title={r.name}>
                <span className="suggestion-name">{r.name}</span>
                <span className="muted">
                  {[r.canonical_mfgr_display, r.id].filter(Boolean).join(' · ')}
                </span>
              </Link>
            ))
          )}
          {shown.count > 0 && (
            <button type="button" className="btn btn-link" onClick={() => apply(draft)}>
              Show all {shown.count.toLocaleString('en-US')} matching products
            </button>
          )}
        </div>
      )}
    </form>
  );
}
