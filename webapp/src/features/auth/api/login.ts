import { api } from '../../../lib/api';

/** Sign-in and logout (api/CONTRACT.md "Sign-in and session"); the pages show their own errors. */

export type LoginConfig = { sso: { enabled: boolean; text: string; url: string }; password: boolean };

export const getLoginConfig = () => api.get<LoginConfig>('/login/config', { quiet: true });

export const signIn = (email: string, password: string) => api.post<{ csrfToken?: string }>('/auth', { email, password }, { quiet: true });

export const logout = () => api.get('/login/logout', { quiet: true });
