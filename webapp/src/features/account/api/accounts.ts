import { api } from '../../../lib/api';
import type { Account } from '../../../api/types';

/** The accounts a user may choose (api/CONTRACT.md "Accounts"); withAuth right after sign-in. */
export const getAccounts = (withAuth: boolean) => api.get<{ accounts: Account[] }>(withAuth ? '/account/getAccountsWithAuth' : '/account/getAccounts');
