import { useState } from 'react';
import { limits, presetOf, presetRange, rangeError, RANGE_PRESETS, type DateRange } from '../lib/dateRange';

/**
 * The trend date-range picker (spec §2, §5): a button with the applied range that
 * opens the presets and two day fields bounded to 3 years back … yesterday. Done
 * applies a valid range, Cancel closes without a change.
 */
export function DateRangePicker({ value, onChange }: { value: DateRange; onChange: (r: DateRange) => void }) {
  const [draft, setDraft] = useState<DateRange | null>(null);
  const [error, setError] = useState<string | null>(null);
  const lim = limits();
  const applied = presetOf(value);
  const open = () => {
    setDraft(value);
    setError(null);
  };
  const done = () => {
    const e = draft && rangeError(draft);
    if (e) return setError(e);
    if (draft && (draft.from !== value.from || draft.to !== value.to)) onChange(draft);
    setDraft(null);
  };
  return (
    <div className="popover-anchor">
      <button className="btn" aria-haspopup="dialog" aria-expanded={!!draft} onClick={() => (draft ? setDraft(null) : open())}>
        <span className="muted">Dates </span>
        {applied ? applied + ': ' : ''}
        {value.from} – {value.to}
      </button>
      {draft && (
        <div className="popover" role="dialog" aria-label="Date range">
          <div className="segmented presets" role="group" aria-label="Presets">
            {RANGE_PRESETS.map((p) => (
              <button key={p} className={presetOf(draft) === p ? 'active' : ''} onClick={() => (setDraft(presetRange(p)), setError(null))}>
                {p}
              </button>
            ))}
          </div>
          <div className="row">
            <label>
              From
              <input type="date" value={draft.from} min={lim.from} max={lim.to} onChange={(e) => (setDraft({ ...draft, from: e.target.value }), setError(null))} />
            </label>
            <label>
              To
              <input type="date" value={draft.to} min={lim.from} max={lim.to} onChange={(e) => (setDraft({ ...draft, to: e.target.value }), setError(null))} />
            </label>
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
            <button className="btn btn-primary" onClick={done}>
              Done
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
