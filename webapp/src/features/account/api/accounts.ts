import { api } from '../../../lib/api';
import type { Route } from '../../../api/route';
import type { Account } from '../../../api/types';

type GetAccounts = Route<'/account/getAccounts', 'get'>;
type GetAccountsWithAuth = Route<'/account/getAccountsWithAuth', 'get'>;

/** The accounts a user may choose (docs/api-contract.md "Accounts"; none: an empty list); withAuth right after sign-in. */
export const getAccounts = (withAuth: boolean): Promise<Account[]> =>
  (withAuth ? api.get<GetAccountsWithAuth>('/account/getAccountsWithAuth') : api.get<GetAccounts>('/account/getAccounts')).then((r) => r.accounts ?? []);
