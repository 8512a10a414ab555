import type { filterChips } from './chips';

/** The active filters as chips (docs/product.md §2): each can be removed, or all at once. */
export function FilterChipBar({ chips, onRemove, onClearAll }: { chips: ReturnType<typeof filterChips>; onRemove: (colId: string) => void; onClearAll: () => void }) {
  if (chips.length === 0) return null;
  return (
    <div className="chip-bar" aria-label="Active filters">
      {chips.map((c) => (
        <span key={c.colId} className="chip">
          <strong>{c.label}:</strong> {c.text}
          <button aria-label={'Remove filter ' + c.label} onClick={() => onRemove(c.colId)}>
            ×
          </button>
        </span>
      ))}
      <button className="btn btn-link" onClick={onClearAll}>
        Clear all
      </button>
    </div>
  );
}
