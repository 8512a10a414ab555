import { useEffect, useState } from 'react';
import { FormError } from '../../components/Dialog';
import { ApiError } from '../../lib/api';
import { getGuardrails, getMatrixProfiles, saveGuardrails, type Guardrails, type MatrixProfile } from './api/rules';

type Draft = { max: string; rounding: string; margin: string; auto: string };

const toDraft = (g: Guardrails): Draft => ({
  max: g.max_change_pct == null ? '' : String(g.max_change_pct),
  rounding: (g.rounding_endings ?? []).join(', '),
  margin: g.min_margin_pct == null ? '' : String(g.min_margin_pct),
  auto: String(g.auto_approve_pct ?? 0),
});

/**
 * The account's guardrails (docs/pricer.md): maximum change per run, rounding endings, minimum margin
 * and the auto-approve threshold, typed in or copied from a matrix profile (the matrix profile
 * select of docs/product.md §2). Saving needs the top-bottom rules permission; others see them read-only.
 */
export function GuardrailsPanel({ canEdit }: { canEdit: boolean }) {
  const [g, setG] = useState<Guardrails | null>(null);
  const [d, setD] = useState<Draft | null>(null);
  const [profiles, setProfiles] = useState<MatrixProfile[]>([]);
  const [error, setError] = useState('');
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    getGuardrails().then((x) => (setG(x), setD(toDraft(x))), () => {});
    getMatrixProfiles().then(setProfiles, () => {});
  }, []);
  if (!g || !d) return null;
  const apply = async (body: Parameters<typeof saveGuardrails>[0]) => {
    setError('');
    setSaved(false);
    try {
      const x = await saveGuardrails(body);
      setG(x);
      setD(toDraft(x));
      setSaved(true);
    } catch (e) {
      if (e instanceof ApiError) setError(e.message);
    }
  };
  const num = (s: string) => (s.trim() === '' ? null : Number(s));
  return (
    <section className="guardrails" aria-label="Guardrails">
      <h2>Guardrails</h2>
      <div className="row">
        <label className="field">
          Matrix profile
          <select value={g.matrix_profile} disabled={!canEdit} onChange={(e) => e.target.value && void apply({ matrix_profile: e.target.value })}>
            <option value="">Custom</option>
            {profiles.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name} ({p.type})
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          Maximum change per run %
          <input value={d.max} disabled={!canEdit} placeholder="none" onChange={(e) => setD({ ...d, max: e.target.value })} />
        </label>
        <label className="field">
          Rounding endings
          <input value={d.rounding} disabled={!canEdit} placeholder="none, e.g. 0.99, 0.49" onChange={(e) => setD({ ...d, rounding: e.target.value })} />
        </label>
        <label className="field">
          Minimum margin %
          <input value={d.margin} disabled={!canEdit} placeholder="none" onChange={(e) => setD({ ...d, margin: e.target.value })} />
        </label>
        <label className="field">
          Auto-approve threshold %
          <input value={d.auto} disabled={!canEdit} onChange={(e) => setD({ ...d, auto: e.target.value })} />
        </label>
        {canEdit && (
          <button
            className="btn"
            onClick={() =>
              void apply({
                max_change_pct: num(d.max),
                min_margin_pct: num(d.margin),
                auto_approve_pct: Number(d.auto || 0),
                rounding_endings: d.rounding.split(',').map((s) => s.trim()).filter(Boolean).map(Number),
              })
            }
          >
            Save guardrails
          </button>
        )}
      </div>
      <FormError message={error} />
      {saved && <div className="muted" role="status">Guardrails saved</div>}
    </section>
  );
}
