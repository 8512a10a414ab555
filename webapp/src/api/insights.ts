import { api } from '../lib/api';
import type { Route } from './route';

/**
 * The pricing insights (docs/product.md §7): GET /api/token gives a short-lived
 * bearer token, sent as the authorization header of GET /api/v1/insights/pricing.
 */

type GetToken = Route<'/token', 'get'>;
type GetPricing = Route<'/v1/insights/pricing', 'get'>;

export type PricingInsights = GetPricing['answer'];

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

