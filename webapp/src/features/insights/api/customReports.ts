import { api } from '../../../lib/api';
import type { Route } from '../../../api/route';

/** Custom reports (docs/api-contract.md "Custom reports"): the list and one report's embed address. */

type ListCustomReports = Route<'/custom_reports', 'get'>;
type GetCustomReport = Route<'/custom_reports/{id}', 'get'>;
type GetEmbed = Route<'/custom_reports/{id}/embed', 'get'>;

export type CustomReport = NonNullable<ListCustomReports['answer']['reports']>[number];
export type Embed = GetEmbed['answer']['embed'];

/** listCustomReports lists the account's custom reports (none: an empty list); a 404 (none configured) is the caller's. */
export const listCustomReports = (): Promise<CustomReport[]> => api.get<ListCustomReports>('/custom_reports', { quiet: [404] }).then((r) => r.reports ?? []);

/** getCustomReport reads one custom report (its name titles the page). */
export const getCustomReport = (id: string) => api.get<GetCustomReport>('/custom_reports/' + encodeURIComponent(id), { quiet: [404] }).then((r) => r.report);

export const getEmbed = (id: string) => api.get<GetEmbed>('/custom_reports/' + encodeURIComponent(id) + '/embed');

type CreateCustomReport = Route<'/custom_reports', 'post'>;
type UpdateCustomReport = Route<'/custom_reports/{id}', 'patch'>;
type DeleteCustomReport = Route<'/custom_reports/{id}', 'delete'>;

export type CustomReportFields = CreateCustomReport['body'];

/** An administrator's changes to the custom reports (manage application settings). */
export const createCustomReport = (f: CustomReportFields) => api.post<CreateCustomReport>('/custom_reports', f, { quiet: [400] }).then((r) => r.report);
export const updateCustomReport = (id: number, f: UpdateCustomReport['body']) =>
  api.patch<UpdateCustomReport>('/custom_reports/' + id, f, { quiet: [400] }).then((r) => r.report);
export const deleteCustomReport = (id: number) => api.del<DeleteCustomReport>('/custom_reports/' + id);
