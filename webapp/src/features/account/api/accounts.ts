import { api } from '../../../lib/api';
import type { Handwritten } from '../../../api/route';
import type { Account } from '../../../api/types';

type Accounts = { answer: { accounts: Account[] } };
type GetAccounts = Handwritten<'/account/getAccounts', 'get', Accounts>;
type GetAccountsWithAuth = Handwritten<'/account/getAccountsWithAuth', 'get', Accounts>;

/** The accounts a user may choose (api/CONTRACT.md "Accounts"); withAuth right after sign-in. */
export const getAccounts = (withAuth: boolean) =>
  withAuth ? api.get<GetAccountsWithAuth>('/account/getAccountsWithAuth') : api.get<GetAccounts>('/account/getAccounts');
