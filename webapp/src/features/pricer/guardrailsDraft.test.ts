import { expect, test } from 'vitest';
import { chooseProfile, dirty, saveBody, toDraft } from './guardrailsDraft';
import type { Guardrails, MatrixProfile } from './api/rules';

const g = (x: Partial<Guardrails>): Guardrails => ({ auto_approve_pct: 0, matrix_profile: '', max_change_pct: null, min_margin_pct: null, rounding_endings: [], ...x }) as Guardrails;
const profiles = [{ id: 'conservative', name: 'Conservative', type: 'safe', guardrails: g({ max_change_pct: 5, rounding_endings: [0.99], auto_approve_pct: 2 }) }] as MatrixProfile[];

test('issue 29: choosing a matrix profile fills the form and only Save applies it', () => {
  const saved = toDraft(g({ max_change_pct: 8 }));
  const d = chooseProfile(saved, profiles, 'conservative');
  expect(d).toMatchObject({ max: '5', rounding: '0.99', auto: '2', profile: 'conservative' });
  expect(dirty(d, saved)).toBe(true);
  expect(saveBody(d, saved)).toEqual({ matrix_profile: 'conservative' });
  // Typed values (the panel clears the profile on an edit) are sent as they are.
  expect(saveBody({ ...d, max: '7', profile: '' }, saved)).toEqual({ max_change_pct: 7, min_margin_pct: null, auto_approve_pct: 2, rounding_endings: [0.99] });
  // Custom keeps the draft's values.
  expect(chooseProfile(d, profiles, '')).toMatchObject({ max: '5', profile: '' });
  expect(dirty(saved, saved)).toBe(false);
});
