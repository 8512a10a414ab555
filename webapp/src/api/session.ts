import { api, type RequestOptions } from '../lib/api';
import type { Handwritten } from './route';
import type { AccountData, User } from './types';

/** Sign-in state and the chosen account (api/CONTRACT.md "Sign-in and session", "Accounts"). */

export type IsAuth = { isAuth: boolean; user: User; account_id: number | null; csrfToken?: string };

type IsAuthRoute = Handwritten<'/auth/isAuth', 'post', { body: { site_id: string }; answer: IsAuth }>;
type SetAccount = Handwritten<'/account/setAccount', 'post', { body: { account_id: number }; answer: { ok: boolean; account_id: number } }>;
type GetAccountData = Handwritten<'/account/getAccountData', 'get', { answer: AccountData }>;

/** isAuth checks the session; a 401 is the caller's (it goes to sign-in with the page to come back to). */
export const isAuth = () => api.post<IsAuthRoute>('/auth/isAuth', { site_id: '' }, { quiet: [401] });

/** setAccount chooses the session's account. */
export const setAccount = (accountId: number, opts?: RequestOptions) => api.post<SetAccount>('/account/setAccount', { account_id: accountId }, opts);

export const getAccountData = () => api.get<GetAccountData>('/account/getAccountData');
