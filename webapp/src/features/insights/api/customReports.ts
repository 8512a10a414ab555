import { api } from '../../../lib/api';

/** Custom reports (api/CONTRACT.md "Custom reports"): the list and one report's embed address. */

export type CustomReport = { id: number; name: string; report_type: number };
export type Embed = { embed_url: string; embed_token: string };

/** listCustomReports: a 404 (none configured) is an empty list. */
export const listCustomReports = () => api.get<{ reports: CustomReport[] }>('/custom_reports', { quiet: [404] });

export const getEmbed = (id: string) => api.get<{ embed: Embed }>('/custom_reports/' + encodeURIComponent(id) + '/embed');
