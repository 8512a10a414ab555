import { api } from '../lib/api';
import type { Handwritten } from './route';

/**
 * Sending reports to people (api/CONTRACT.md "Saved reports", "Labels and alerts"): the users a
 * report can go to, share links by e-mail and label alerts. A 400 is shown in the dialog.
 */

export type RecipientUser = { id: number; email: string };

export type AlertFields = { report_id?: number; label_name: string; competitorsIds: number[]; frequency: number | null; email_ids: string[]; user_ids: string[] };

type Recipients = Handwritten<'/saveReport/getUsersEmailForScheduledReport', 'get', { answer: { users: RecipientUser[] } }>;
type ShareByMail = Handwritten<'/system/sendShareLinkByMail', 'post', { body: { url: string; emails: string[]; condition: object }; answer: { ok: boolean; message: string } }>;
type AddAlert = Handwritten<'/labels/addAlert', 'post', { body: AlertFields; answer: { alert: unknown } }>;

export const getUsersEmailForScheduledReport = () => api.get<Recipients>('/saveReport/getUsersEmailForScheduledReport', { quiet: true });

export const sendShareLinkByMail = (url: string, emails: string[]) => api.post<ShareByMail>('/system/sendShareLinkByMail', { url, emails, condition: {} }, { quiet: [400, 404] });

export const addAlert = (body: AlertFields) => api.post<AddAlert>('/labels/addAlert', body, { quiet: [400] });
