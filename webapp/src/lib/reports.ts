/** The predefined reports of docs/product.md §2 "Predefined report index" and docs/api-contract.md#the-grid-contract report_type. */

export type PredefinedReport = { href: string; name: string; group: 'Comprehensive Report' | 'Competitive Landscape' | 'Price Distribution' };

export const LEVELS: { id: string; name: string }[] = [
  { id: 'super_category', name: 'Super Category' },
  { id: 'category', name: 'Category' },
  { id: 'vertical', name: 'Vertical' },
  { id: 'vertical_brand', name: 'Vertical X Brand' },
  { id: 'brand', name: 'Brand' },
  { id: 'label', name: 'Label' },
];

export const PREDEFINED_REPORTS: PredefinedReport[] = [
  { href: 'all_my_products', name: 'All my products', group: 'Comprehensive Report' },
  { href: 'my_products_at_competitors', name: 'My products found at competitors', group: 'Comprehensive Report' },
  { href: 'competitiveness_metrics_snapshot', name: 'Competitiveness metrics snapshot', group: 'Comprehensive Report' },
  { href: 'constraints_report', name: 'Constraints report', group: 'Comprehensive Report' },
  ...LEVELS.map((l) => ({ href: 'competitive_landscape_by_' + l.id, name: 'Competitive landscape by ' + l.name.toLowerCase(), group: 'Competitive Landscape' as const })),
  ...LEVELS.map((l) => ({ href: 'price_distribution_by_' + l.id, name: 'Price distribution by ' + l.name.toLowerCase(), group: 'Price Distribution' as const })),
];

export function predefinedByHref(href: string): PredefinedReport | undefined {
  return PREDEFINED_REPORTS.find((r) => r.href === href);
}

/** groupLevelOf gives the row-group level a landscape/distribution report opens with. */
export function groupLevelOf(href: string): string | undefined {
  const m = /^(?:competitive_landscape|price_distribution)_by_(.+)$/.exec(href);
  return m && LEVELS.some((l) => l.id === m[1]) ? m[1] : undefined;
}

/** The trend screens' report types (a saved trend report's report_type). */
const TREND_TYPES = ['price_trend', 'key_business_metrics', 'margin_trend', 'price_vs_market_trend', 'competitiveness_metrics'];

/** reportLink is where a saved report opens: a trend report on its trend screen, an assortment report on its own
 * screen (its path names the report), any other on the tabular one. */
export function reportLink(r: { id: number; report_type?: string; report_path?: string }): string {
  if (r.report_type && TREND_TYPES.includes(r.report_type)) return `/trend/${r.report_type}/type/${r.id}`;
  if (r.report_path && /^\/pricing\/assortment\/[a-z_]+$/.test(r.report_path)) return r.report_path + '/type/' + r.id;
  return '/pricing/type/' + r.id;
}
