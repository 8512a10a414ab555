import { api } from '../../../lib/api';
import type { Route } from '../../../api/route';

/** Sign-in and logout (docs/api-contract.md "Sign-in and session"); the pages show their own errors. */

type GetLoginConfig = Route<'/login/config', 'get'>;
type SignIn = Route<'/auth', 'post'>;
type Logout = Route<'/login/logout', 'get'>;

export type LoginConfig = GetLoginConfig['answer'];

export const getLoginConfig = () => api.get<GetLoginConfig>('/login/config', { quiet: true });

export const signIn = (email: string, password: string) => api.post<SignIn>('/auth', { email, password }, { quiet: true });

export const logout = () => api.get<Logout>('/login/logout', { quiet: true });

type ConfirmReset = Route<'/login/resetPassword/confirm', 'post'>;

/** setPassword uses the token of a reset or invitation mail to choose a password. */
export const setPassword = (token: string, password: string) =>
  api.post<ConfirmReset>('/login/resetPassword/confirm', { token, password }, { quiet: true });

type ResetPassword = Route<'/login/resetPassword', 'post'>;

/** resetPassword asks for a reset link by mail; the answer is the same whether the address is known or not. */
export const resetPassword = (email: string) => api.post<ResetPassword>('/login/resetPassword', { email }, { quiet: true });
