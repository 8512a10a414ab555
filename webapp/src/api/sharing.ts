import { api } from '../lib/api';

/**
 * Sending reports to people (api/CONTRACT.md "Saved reports", "Labels and alerts"): the users a
 * report can go to, share links by e-mail and label alerts. A 400 is shown in the dialog.
 */

export type RecipientUser = { id: number; email: string };

export const getUsersEmailForScheduledReport = () => api.get<{ users: RecipientUser[] }>('/saveReport/getUsersEmailForScheduledReport', { quiet: true });

export const sendShareLinkByMail = (url: string, emails: string[]) => api.post('/system/sendShareLinkByMail', { url, emails, condition: {} }, { quiet: [400, 404] });

export const addAlert = (body: { report_id?: number; label_name: string; competitorsIds: number[]; frequency: number | null; email_ids: string[]; user_ids: string[] }) =>
  api.post('/labels/addAlert', body, { quiet: [400] });
