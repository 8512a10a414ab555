import { api } from '../../../lib/api';
import type { Route } from '../../../api/route';

/** The insight cards and embeds; the panel's calls are shared (src/api/insights.ts: the home dashboard shows them too). */
export { getPricingInsights, getToken, type PricingInsights } from '../../../api/insights';

type GetCards = Route<'/insights/cards', 'get'>;
export type InsightCard = NonNullable<GetCards['answer']['insights']>[number];

export const getInsightCards = () => api.get<GetCards>('/insights/cards', { quiet: true }).then((r) => r.insights ?? []);

type GetEmbeds = Route<'/token/embed', 'get'>;
export type WidgetEmbed = NonNullable<GetEmbeds['answer']>[number];

/** listWidgets is GET /api/token/embed: the widgets another page can load by key. */
export const listWidgets = () => api.get<GetEmbeds>('/token/embed', { quiet: true }).then((r) => r ?? []);
