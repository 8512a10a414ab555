/** Bar chart height for n rows (docs/product.md §9). */
export function barChartHeight(n: number): number {
  if (n < 15) return 60 * n + 80;
  if (n < 50) return 40 * n + 80;
  if (n < 80) return 20 * n + 80;
  if (n <= 100) return 10 * n + 80;
  return 5 * n + 80;
}

export type GraphBar = { key: string; Lower: number; Similar: number; Higher: number };

/** graphBars reads the Lower/Similar/Higher shares of the selected group rows (NULL → 0). */
export function graphBars(rows: Record<string, unknown>[], groupField: string): GraphBar[] {
  const num = (v: unknown) => {
    const n = Number(v);
    return v === null || v === undefined || !Number.isFinite(n) ? 0 : n;
  };
  return rows.map((r) => ({ key: String(r[groupField] ?? '(none)'), Lower: num(r.Lower), Similar: num(r.Similar), Higher: num(r.Higher) }));
}
