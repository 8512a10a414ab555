import { useState } from 'react';
import { ALL, MARKET, SELECTED, competitorKey, pickError, pickSummary, toggle, type Pick } from '../lib/competitorPick';

/**
 * The trend competitor multi-select (docs/product.md §2, §4): Market price, Selected
 * competitors, each competitor and All (added when every competitor is chosen).
 * Edits stay in the open list until Apply; Cancel drops them.
 */
export function CompetitorSelect({
  competitors,
  value,
  onChange,
  marketLines = true,
}: {
  competitors: { id: number; name: string }[];
  value: Pick;
  onChange: (p: Pick) => void;
  /** Market price and Selected competitors are entries (reports that draw those lines). */
  marketLines?: boolean;
}) {
  const [draft, setDraft] = useState<Pick | null>(null);
  const ids = competitors.map((c) => c.id);
  const entries = [
    ...(marketLines
      ? [
          { key: MARKET, label: 'Market price' },
          { key: SELECTED, label: 'Selected competitors' },
        ]
      : []),
    ...competitors.map((c) => ({ key: competitorKey(c.id), label: c.name })),
    { key: ALL, label: 'All' },
  ];
  const error = draft && pickError(draft, ids);
  return (
    <div className="popover-anchor">
      <button className="btn" aria-haspopup="listbox" aria-expanded={!!draft} onClick={() => setDraft(draft ? null : value)}>
        <span className="muted">Competitors </span>
        {pickSummary(marketLines ? value : value.filter((k) => k !== MARKET && k !== SELECTED), ids)}
      </button>
      {draft && (
        <div className="popover" role="dialog" aria-label="Competitors">
          <div className="pick-list" role="group" aria-label="Competitor entries">
            {entries.map((e) => (
              <label key={e.key} className="check">
                <input type="checkbox" checked={draft.includes(e.key)} onChange={() => setDraft(toggle(draft, e.key, ids))} />
                {e.label}
              </label>
            ))}
          </div>
          {error && (
            <div className="form-error" role="alert">
              {error}
            </div>
          )}
          <div className="dialog-actions">
            <button className="btn" onClick={() => setDraft(null)}>
              Cancel
            </button>
            <button className="btn btn-primary" disabled={!!error} onClick={() => (onChange(draft), setDraft(null))}>
              Apply
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
