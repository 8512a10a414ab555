import type { Guardrails, MatrixProfile } from './api/rules';
import type { saveGuardrails } from './api/rules';

/**
 * The guardrails form's draft: what the user typed or the matrix profile chosen, which only Save
 * applies (issue 29: choosing a profile used to save at once). Pure: unit-tested.
 */
export type Draft = { max: string; rounding: string; margin: string; auto: string; profile: string };

export const toDraft = (g: Guardrails): Draft => ({
  max: g.max_change_pct == null ? '' : String(g.max_change_pct),
  rounding: (g.rounding_endings ?? []).join(', '),
  margin: g.min_margin_pct == null ? '' : String(g.min_margin_pct),
  auto: String(g.auto_approve_pct ?? 0),
  profile: g.matrix_profile ?? '',
});

/** chooseProfile shows a profile's guardrails in the draft (Custom: the draft as it is, no profile). */
export function chooseProfile(d: Draft, profiles: MatrixProfile[], id: string): Draft {
  const p = profiles.find((x) => x.id === id);
  return p ? { ...toDraft(p.guardrails), profile: p.id } : { ...d, profile: '' };
}

/** saveBody is what Save sends: the chosen profile (the server copies its guardrails), else the typed values. */
export function saveBody(d: Draft, saved: Draft): Parameters<typeof saveGuardrails>[0] {
  const num = (s: string) => (s.trim() === '' ? null : Number(s));
  if (d.profile && d.profile !== saved.profile) return { matrix_profile: d.profile };
  return {
    max_change_pct: num(d.max),
    min_margin_pct: num(d.margin),
    auto_approve_pct: Number(d.auto || 0),
    rounding_endings: d.rounding.split(',').map((s) => s.trim()).filter(Boolean).map(Number),
  };
}

/** dirty is whether the draft differs from the saved guardrails (Save applies it). */
export const dirty = (d: Draft, saved: Draft): boolean => (Object.keys(d) as (keyof Draft)[]).some((k) => d[k] !== saved[k]);
