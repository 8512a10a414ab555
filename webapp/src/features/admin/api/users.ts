import { api } from '../../../lib/api';

/** Manage users (api/CONTRACT.md "Users"). */

export type AccountUser = { id: number; email: string; is_saml: number; role: string; categories: string[] };

export const getAllAccountUsers = () => api.get<{ users: AccountUser[] }>('/users/getAllAccountUsers');
