import { api } from '../../../lib/api';
import type { Handwritten } from '../../../api/route';

/** Manage users (api/CONTRACT.md "Users"). */

export type AccountUser = { id: number; email: string; is_saml: number; role: string; categories: string[] };

type GetAllAccountUsers = Handwritten<'/users/getAllAccountUsers', 'get', { answer: { users: AccountUser[] } }>;

export const getAllAccountUsers = () => api.get<GetAllAccountUsers>('/users/getAllAccountUsers');
