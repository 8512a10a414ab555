/** Personalisation survives logout (docs/product.md §4); everything else stored is cleared. */
export const PERSONAL_PREFIX = 'pricelens.personal.';

export function clearStoredData(storage: Storage): void {
  const keep: [string, string][] = [];
  for (let i = 0; i < storage.length; i++) {
    const k = storage.key(i)!;
    if (k.startsWith(PERSONAL_PREFIX)) keep.push([k, storage.getItem(k) ?? '']);
  }
  storage.clear();
  for (const [k, v] of keep) storage.setItem(k, v);
}
