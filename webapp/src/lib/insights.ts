/**
 * The pricing insights panel's blocks (docs/product.md §2, "Pricing insights
 * panel"): each entry is a field of GET /api/v1/insights/pricing. Shared by the
 * panel and the report screen, which names the insight a link opened it with.
 */
export const PANEL_BLOCKS = [
  {
    title: 'Latest updates & alerts',
    entries: [
      { key: 'changes_at_competitor_last_day', label: 'Changes at competitors last day' },
      { key: 'changes_at_competitor_last_week', label: 'Changes at competitors last week' },
      { key: 'alert_reports_to_review', label: 'Alert reports to review' },
    ],
  },
  {
    title: 'Pricing opportunities',
    entries: [
      { key: 'num_products_for_price_up', label: 'Candidates for price raise' },
      { key: 'num_products_for_price_down', label: 'Candidates for price reduction' },
      { key: 'num_products_out_of_stock_at_comp', label: 'Products out of stock at competitors' },
    ],
  },
] as const;

export type InsightKey = (typeof PANEL_BLOCKS)[number]['entries'][number]['key'];

/** insightLabel names an insight key; undefined for anything else. */
export function insightLabel(key: string | null | undefined): string | undefined {
  for (const b of PANEL_BLOCKS) for (const e of b.entries) if (e.key === key) return e.label;
  return undefined;
}
