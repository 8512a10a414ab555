import { api, type RequestOptions } from '../lib/api';
import type { Route } from './route';
import type { AccountData, Competitor, CustomField, Label, Permissions } from './types';

/** Sign-in state and the chosen account (docs/api-contract.md "Sign-in and session", "Accounts"). */

type IsAuthRoute = Route<'/auth/isAuth', 'post'>;
type SetAccount = Route<'/account/setAccount', 'post'>;
type GetAccountData = Route<'/account/getAccountData', 'get'>;
type RefreshAccountData = Route<'/account/refreshAccountData', 'get'>;
type SaveNewEmail = Route<'/users/saveNewEmail', 'post'>;

export type IsAuth = IsAuthRoute['answer'];

/** isAuth checks the session; a 401 is the caller's (it goes to sign-in with the page to come back to). */
export const isAuth = () => api.post<IsAuthRoute>('/auth/isAuth', { site_id: '' }, { quiet: [401] });

/** setAccount chooses the session's account. */
export const setAccount = (accountId: number, opts?: RequestOptions) => api.post<SetAccount>('/account/setAccount', { account_id: accountId }, opts);

/**
 * getAccountData reads the account with its nil collections as empty ones. The casts narrow what
 * the document leaves open: custom_fields (any JSON in the settings), the competitors' and labels' fields (always
 * written, not marked required) and the permission map's action keys (the four of permissions.gen).
 */
export const getAccountData = (): Promise<AccountData> => api.get<GetAccountData>('/account/getAccountData').then(accountDataOf);

/**
 * refreshAccountData reads the account again (GET /account/refreshAccountData): after a
 * change made elsewhere (competitors, labels, permissions), and after a 409's OK.
 */
export const refreshAccountData = (): Promise<AccountData> => api.get<RefreshAccountData>('/account/refreshAccountData').then(accountDataOf);

/** saveNewEmail changes the signed-in user's own e-mail address (internal users); refusals are the caller's. */
export const saveNewEmail = (email: string) => api.post<SaveNewEmail>('/users/saveNewEmail', { email }, { quiet: [400, 403, 409] });

const accountDataOf = (a: GetAccountData['answer']): AccountData => ({
    ...a,
    competitors: (a.competitors ?? {}) as Record<string, Competitor>,
    settings: a.settings ?? {},
    labels: (a.labels ?? []) as Label[],
    custom_fields: (a.custom_fields ?? []) as CustomField[],
    userPermissions: (a.userPermissions ?? {}) as Permissions,
    categories: a.categories ?? [],
  });
