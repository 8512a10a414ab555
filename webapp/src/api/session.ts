import { api, type RequestOptions } from '../lib/api';
import type { AccountData, User } from './types';

/** Sign-in state and the chosen account (api/CONTRACT.md "Sign-in and session", "Accounts"). */

export type IsAuth = { isAuth: boolean; user: User; account_id: number | null; csrfToken?: string };

/** isAuth checks the session; a 401 is the caller's (it goes to sign-in with the page to come back to). */
export const isAuth = () => api.post<IsAuth>('/auth/isAuth', { site_id: '' }, { quiet: [401] });

/** setAccount chooses the session's account. */
export const setAccount = (accountId: number, opts?: RequestOptions) => api.post('/account/setAccount', { account_id: accountId }, opts);

export const getAccountData = () => api.get<AccountData>('/account/getAccountData');
