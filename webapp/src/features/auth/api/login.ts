import { api } from '../../../lib/api';
import type { Handwritten } from '../../../api/route';

/** Sign-in and logout (api/CONTRACT.md "Sign-in and session"); the pages show their own errors. */

export type LoginConfig = { sso: { enabled: boolean; text: string; url: string }; password: boolean };

type GetLoginConfig = Handwritten<'/login/config', 'get', { answer: LoginConfig }>;
type SignIn = Handwritten<'/auth', 'post', { body: { email: string; password: string }; answer: { csrfToken?: string } }>;
type Logout = Handwritten<'/login/logout', 'get', { answer: { ok: boolean } }>;

export const getLoginConfig = () => api.get<GetLoginConfig>('/login/config', { quiet: true });

export const signIn = (email: string, password: string) => api.post<SignIn>('/auth', { email, password }, { quiet: true });

export const logout = () => api.get<Logout>('/login/logout', { quiet: true });
