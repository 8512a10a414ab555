import { api } from '../../../lib/api';
import type { Route } from '../../../api/route';

/**
 * The pricing insights (docs/product.md §7): GET /api/token gives a short-lived
 * bearer token, sent as the authorization header of GET /api/v1/insights/pricing.
 */

type GetToken = Route<'/token', 'get'>;
type GetPricing = Route<'/v1/insights/pricing', 'get'>;
type GetCards = Route<'/insights/cards', 'get'>;

export type PricingInsights = GetPricing['answer'];
export type InsightCard = NonNullable<GetCards['answer']['insights']>[number];

/** getToken asks for a bearer token; a failure logs 'No Token' (docs/product.md §8) and gives ''. */
export async function getToken(): Promise<string> {
  try {
    return (await api.get<GetToken>('/token', { quiet: true })).token;
  } catch {
    console.log('No Token');
    return '';
  }
}

export async function getPricingInsights(): Promise<PricingInsights> {
  const token = await getToken();
  return api.get<GetPricing>('/v1/insights/pricing', { quiet: true, headers: token ? { Authorization: 'Bearer ' + token } : {} });
}

export const getInsightCards = () => api.get<GetCards>('/insights/cards', { quiet: true }).then((r) => r.insights ?? []);

type GetEmbeds = Route<'/token/embed', 'get'>;
export type WidgetEmbed = NonNullable<GetEmbeds['answer']>[number];

/** listWidgets is GET /api/token/embed: the widgets another page can load by key. */
export const listWidgets = () => api.get<GetEmbeds>('/token/embed', { quiet: true }).then((r) => r ?? []);
