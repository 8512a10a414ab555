import { api } from '../lib/api';
import type { Route } from './route';

/**
 * Sending reports to people (docs/api-contract.md "Saved reports", "Labels and alerts"): the users a
 * report can go to, share links by e-mail and label alerts. A 400 is shown in the dialog.
 */

type Recipients = Route<'/saveReport/getUsersEmailForScheduledReport', 'get'>;
type ShareByMail = Route<'/system/sendShareLinkByMail', 'post'>;
type AddAlert = Route<'/labels/addAlert', 'post'>;
type GetAllAlerts = Route<'/labels/getAllAlerts', 'get'>;
type RemoveAlert = Route<'/labels/removeAlert', 'post'>;
type SaveRemovedShareAs = Route<'/saveReport/saveRemovedShareAs', 'post'>;

export type RecipientUser = NonNullable<Recipients['answer']['users']>[number];

export type AlertFields = AddAlert['body'];

export type Alert = NonNullable<GetAllAlerts['answer']['alerts']>[number];

/** getUsersEmailForScheduledReport lists the users a report can go to (none: an empty list). */
export const getUsersEmailForScheduledReport = (): Promise<RecipientUser[]> =>
  api.get<Recipients>('/saveReport/getUsersEmailForScheduledReport', { quiet: true }).then((r) => r.users ?? []);

export const sendShareLinkByMail = (url: string, emails: string[]) => api.post<ShareByMail>('/system/sendShareLinkByMail', { url, emails, condition: {} }, { quiet: [400, 404] });

export const addAlert = (body: AlertFields) => api.post<AddAlert>('/labels/addAlert', body, { quiet: [400] });

/** getAllAlerts lists the account's price alerts (none: an empty list). */
export const getAllAlerts = (): Promise<Alert[]> => api.get<GetAllAlerts>('/labels/getAllAlerts').then((r) => r.alerts ?? []);

/** removeAlert deletes an alert by its own id (report_id on the wire). */
export const removeAlert = (alertId: number) => api.post<RemoveAlert>('/labels/removeAlert', { report_id: alertId }, { quiet: true });

/** saveRemovedShareAs is Save As on a removed shared report (tabular or trend); 400 (bad name) and 404 (no longer possible) are the dialog's. */
export const saveRemovedShareAs = (body: SaveRemovedShareAs['body']) =>
  api.post<SaveRemovedShareAs>('/saveReport/saveRemovedShareAs', body, { quiet: [400, 404] });
