import { api } from '../../../lib/api';
import type { Route } from '../../../api/route';

/** Manage users (api/CONTRACT.md "Users"). */

type GetAllAccountUsers = Route<'/users/getAllAccountUsers', 'get'>;

/** AccountUser is a member of the account, with its categories (none: an empty list). */
export type AccountUser = Omit<NonNullable<GetAllAccountUsers['answer']['users']>[number], 'categories'> & { categories: string[] };

/** getAllAccountUsers lists the account's users (none: an empty list). */
export const getAllAccountUsers = (): Promise<AccountUser[]> =>
  api.get<GetAllAccountUsers>('/users/getAllAccountUsers').then((r) => (r.users ?? []).map((u) => ({ ...u, categories: u.categories ?? [] })));
