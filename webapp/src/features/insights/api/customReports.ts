import { api } from '../../../lib/api';
import type { Handwritten } from '../../../api/route';

/** Custom reports (api/CONTRACT.md "Custom reports"): the list and one report's embed address. */

export type CustomReport = { id: number; name: string; report_type: number };
export type Embed = { embed_url: string; embed_token: string };

type ListCustomReports = Handwritten<'/custom_reports', 'get', { answer: { reports: CustomReport[] } }>;
type GetEmbed = Handwritten<'/custom_reports/{id}/embed', 'get', { answer: { embed: Embed } }>;

/** listCustomReports: a 404 (none configured) is an empty list. */
export const listCustomReports = () => api.get<ListCustomReports>('/custom_reports', { quiet: [404] });

export const getEmbed = (id: string) => api.get<GetEmbed>('/custom_reports/' + encodeURIComponent(id) + '/embed');
