import { api } from '../../../lib/api';
import type { Route } from '../../../api/route';

/** Manage users (docs/api-contract.md "Users"): the account's users, adding, removing, credentials, role and categories. */

type GetAllAccountUsers = Route<'/users/getAllAccountUsers', 'get'>;
type AddInternalUser = Route<'/users/addInternalUser', 'post'>;
type DeleteUser = Route<'/users/deleteUser', 'post'>;
type BlockUser = Route<'/users/blockUser', 'post'>;
type GeneratePassword = Route<'/users/generatePassword', 'post'>;
type UpdateUser = Route<'/users/updateUser', 'post'>;
type GetCategoryDropDownList = Route<'/filters/getCategoryDropDownList', 'get'>;

/** AccountUser is a member of the account; categories are super category ids with their names (none: all). */
export type AccountUser = Omit<NonNullable<GetAllAccountUsers['answer']['users']>[number], 'categories' | 'category_names'> & {
  categories: number[];
  category_names: string[];
};

/** getAllAccountUsers lists the account's users (none: an empty list). */
export const getAllAccountUsers = (): Promise<AccountUser[]> =>
  api
    .get<GetAllAccountUsers>('/users/getAllAccountUsers')
    .then((r) => (r.users ?? []).map((u) => ({ ...u, categories: u.categories ?? [], category_names: u.category_names ?? [] })));

/** addInternalUser answers the server's message (an invitation is mailed; the address is never confirmed or denied). */
export const addInternalUser = (email: string, categories: number[], userRole: number) =>
  api.post<AddInternalUser>('/users/addInternalUser', { email, categories, user_role: userRole }, { quiet: true });

export const deleteUser = (userId: number, email: string) => api.post<DeleteUser>('/users/deleteUser', { user_id: userId, email });

export const blockUser = (userId: number) => api.post<BlockUser>('/users/blockUser', { user_id: userId });

/** generatePassword answers the new password ("your new password is: …"), shown once. */
export const generatePassword = (userId: number) => api.post<GeneratePassword>('/users/generatePassword', { user_id: userId });

export const updateUser = (userId: number, change: { role: number } | { categories: number[] }) =>
  api.post<UpdateUser>('/users/updateUser', { user_id: userId, ...change });

/** SuperCategory is a super category a user may be limited to. */
export type SuperCategory = { id: number; name: string };

/** getSuperCategories lists the account's super categories with their ids (the top of the category tree). */
export const getSuperCategories = (): Promise<SuperCategory[]> =>
  api
    .get<GetCategoryDropDownList>('/filters/getCategoryDropDownList', { quiet: true })
    .then((r) => (r.categories ?? []).flatMap((c) => (c?.id ? [{ id: c.id, name: c.name }] : [])));
