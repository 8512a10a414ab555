import { api } from '../../../lib/api';
import type { Route } from '../../../api/route';

/** Custom reports (api/CONTRACT.md "Custom reports"): the list and one report's embed address. */

type ListCustomReports = Route<'/custom_reports', 'get'>;
type GetEmbed = Route<'/custom_reports/{id}/embed', 'get'>;

export type CustomReport = NonNullable<ListCustomReports['answer']['reports']>[number];
export type Embed = GetEmbed['answer']['embed'];

/** listCustomReports lists the account's custom reports (none: an empty list); a 404 (none configured) is the caller's. */
export const listCustomReports = (): Promise<CustomReport[]> => api.get<ListCustomReports>('/custom_reports', { quiet: [404] }).then((r) => r.reports ?? []);

export const getEmbed = (id: string) => api.get<GetEmbed>('/custom_reports/' + encodeURIComponent(id) + '/embed');
