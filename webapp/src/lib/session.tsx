import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { ApiError, rememberCsrf } from './api';
import { getAccountData, isAuth, refreshAccountData, setAccount, type IsAuth } from '../api/session';
import { navigate, useLocation } from './router';
import { useUI } from '../store/ui';
import { MSG_NOT_ASSIGNED } from './errors';
import type { AccountData, User } from '../api/types';
import { has, type PermissionName } from './permissions';

/**
 * The signed-in user and the selected account's data. Loaded once per account
 * by <RequireAccount>; screens read it with useSession(). This is server data,
 * kept in a request hook, not in the UI store.
 */
export type Session = {
  user: User;
  account: AccountData;
  can: (permission: PermissionName) => boolean;
  reload: () => Promise<void>;
};

const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const s = useContext(SessionContext);
  if (!s) throw new Error('useSession outside <RequireAccount>');
  return s;
}

export function RequireAccount({ children }: { children: ReactNode }) {
  const loc = useLocation();
  const [state, setState] = useState<{ user: User; account: AccountData } | null>(null);
  const accountParam = loc.search.get('account_id');
  const showErrorPage = useUI((s) => s.showErrorPage);

  const load = useCallback(async (refresh = false) => {
    const here = window.location.pathname + window.location.search;
    let auth: IsAuth;
    try {
      auth = await isAuth();
    } catch (e) {
      if (e instanceof ApiError && e.status === 401) navigate('/login?navigationPage=' + encodeURIComponent(here), { replace: true });
      return;
    }
    rememberCsrf(auth.csrfToken);
    if (accountParam) {
      try {
        await setAccount(Number(accountParam), { quiet: [403, 404] });
      } catch (e) {
        if (e instanceof ApiError && (e.status === 403 || e.status === 404)) {
          showErrorPage({ status: 403, title: 'Access denied', message: MSG_NOT_ASSIGNED, hideHome: true });
        }
        return;
      }
    } else if (auth.account_id == null) {
      navigate('/account?navigationPage=' + encodeURIComponent(here), { replace: true });
      return;
    }
    const account = await (refresh ? refreshAccountData() : getAccountData());
    setState({ user: auth.user, account });
  }, [accountParam, showErrorPage]);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- load sets state after its requests answer, not during the effect
    void load().catch(() => {});
  }, [load]);

  if (!state) return <div className="page-loading" role="status">Loading...</div>;
  const session: Session = {
    user: state.user,
    account: state.account,
    can: (p) => has(state.account.userPermissions, p),
    // A reload reads the account again through refreshAccountData (docs/product.md §7).
    reload: () => load(true),
  };
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
