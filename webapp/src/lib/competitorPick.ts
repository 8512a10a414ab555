/**
 * The trend screens' competitor multi-select (docs/product.md §2, §4): the entries Market
 * price, Selected competitors, each competitor, and All, which is added when every
 * competitor is chosen and removed otherwise. A pick is the list of chosen entry
 * keys; Apply hands it to the screen, Cancel drops the edits.
 */

export const MARKET = 'market';
export const SELECTED = 'selected_competitors';
export const ALL = 'all';

/** competitorKey is the key of one competitor's entry. */
export const competitorKey = (id: number) => 'c' + id;

export type Pick = string[];

/** chosenIds are the competitors a pick chooses, in the account's order. */
export function chosenIds(p: Pick, allIds: number[]): number[] {
  return allIds.filter((id) => p.includes(competitorKey(id)));
}

/** normalize adds All when every competitor is chosen and removes it otherwise. */
export function normalize(p: Pick, allIds: number[]): Pick {
  const rest = p.filter((k) => k !== ALL);
  const every = allIds.length > 0 && allIds.every((id) => rest.includes(competitorKey(id)));
  return every ? [...rest, ALL] : rest;
}

/** toggle flips one entry; All chooses every competitor, or none when all were chosen. */
export function toggle(p: Pick, key: string, allIds: number[]): Pick {
  if (key === ALL) {
    const keys = allIds.map(competitorKey);
    const lines = p.filter((k) => !keys.includes(k) && k !== ALL);
    return normalize(p.includes(ALL) ? lines : [...lines, ...keys], allIds);
  }
  return normalize(p.includes(key) ? p.filter((k) => k !== key) : [...p, key], allIds);
}

/** defaultPick is the pick a trend opens with: the market, the selected competitors' mean and every competitor. */
export function defaultPick(allIds: number[]): Pick {
  return normalize([MARKET, SELECTED, ...allIds.map(competitorKey)], allIds);
}

/** pickError says why a pick cannot be applied: a trend needs at least one competitor. */
export function pickError(p: Pick, allIds: number[]): string | null {
  return chosenIds(p, allIds).length === 0 ? 'Choose at least one competitor.' : null;
}

/** pickSummary is the closed select's text: All when every competitor is chosen, else the count. */
export function pickSummary(p: Pick, allIds: number[]): string {
  const n = chosenIds(p, allIds).length;
  const lines = [p.includes(MARKET) ? 'Market price' : '', p.includes(SELECTED) ? 'Selected competitors' : ''].filter(Boolean);
  return [...lines, p.includes(ALL) ? 'All competitors' : n === 1 ? '1 competitor' : `${n} competitors`].join(', ');
}
