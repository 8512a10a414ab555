import { useState } from 'react';
import { limits, METRIC_PRESETS, metricPresetOf, metricPresetRange, presetOf, presetRange, rangeError, RANGE_PRESETS, type DateRange } from '../lib/dateRange';

/**
 * The trend date-range picker (docs/product.md §2, §5): a button with the applied range that
 * opens the presets and two day fields bounded to 3 years back … yesterday. Done
 * applies a valid range, Cancel closes without a change. The metrics screens also get
 * the metrics presets (Today … Last Month); one with no day up to yesterday is
 * disabled and says why.
 */
export function DateRangePicker({ value, onChange, metrics = false }: { value: DateRange; onChange: (r: DateRange) => void; metrics?: boolean }) {
  const [draft, setDraft] = useState<DateRange | null>(null);
  const [error, setError] = useState<string | null>(null);
  const lim = limits();
  const applied = (metrics && metricPresetOf(value)) || presetOf(value);
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
          {metrics && (
            <div className="segmented presets" role="group" aria-label="Metrics presets">
              {METRIC_PRESETS.map((p) => {
                const r = metricPresetRange(p);
                return (
                  <button
                    key={p}
                    className={draft && metricPresetOf(draft) === p ? 'active' : ''}
                    disabled={!r}
                    title={r ? undefined : p === 'Today' ? 'Trends show whole days up to yesterday' : 'This month has no past day yet'}
                    onClick={() => r && (setDraft(r), setError(null))}
                  >
                    {p}
                  </button>
                );
              })}
            </div>
          )}
          <div className="segmented presets" role="group" aria-label="Presets">
            {RANGE_PRESETS.map((p) => (
              <button key={p} className={!(metrics && metricPresetOf(draft)) && presetOf(draft) === p ? 'active' : ''} onClick={() => (setDraft(presetRange(p)), setError(null))}>
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
