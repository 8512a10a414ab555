import type { Label } from '../../api/types';
import type { LabelChip } from './cells';

/** The product row's labels: the API sends label ids (labels) and names (labelsNames) as comma lists. */

export function splitList(v: unknown): string[] {
  if (Array.isArray(v)) return v.map(String);
  if (typeof v === 'string' && v) return v.split(',').map((s) => s.trim()).filter(Boolean);
  return [];
}

/** labelIds: the row's label ids (the API sends a comma list). */
export function labelIds(d: Record<string, unknown>): string[] {
  return splitList(d.labels);
}

/** labelNames: the row's label names, from labelsNames or else through the account's labels. */
export function labelNames(d: Record<string, unknown>, labels: Label[]): string[] {
  const names = splitList(d.labelsNames);
  if (names.length) return names;
  return labelIds(d).map((id) => labels.find((l) => String(l.id) === id)?.name ?? id);
}

/** labelChips pairs the row's label ids and names with the account's colours. */
export function labelChips(d: Record<string, unknown>, labels: Label[]): LabelChip[] {
  const ids = labelIds(d);
  const names = labelNames(d, labels);
  return ids.map((id, i) => {
    const l = labels.find((x) => String(x.id) === id);
    return { id, name: names[i] ?? l?.name ?? id, color: l?.color };
  });
}
