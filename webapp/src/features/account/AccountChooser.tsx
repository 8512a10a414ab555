import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api';
import { setAccount } from '../../api/session';
import { getAccounts } from './api/accounts';
import { navigate, navigationTarget, useLocation } from '../../lib/router';
import { Logo } from '../../components/Logo';
import { MSG_NOT_ASSIGNED } from '../../lib/errors';
import { useUI } from '../../store/ui';
import type { Account } from '../../api/types';

const DEFAULT_LANDING = '/pricing/reports';

/**
 * The account chooser of /account and /switch_account (docs/product.md §2): "Choose an
 * account", "Preparing your data..." with Cancel, automatic choice of a single
 * account, and the "Please choose account" alert.
 */
export function AccountChooser({ withAuth }: { withAuth: boolean }) {
  const loc = useLocation();
  const [accounts, setAccounts] = useState<Account[] | null>(null);
  const [chosen, setChosen] = useState('');
  const [preparing, setPreparing] = useState(false);
  const [alert, setAlert] = useState('');
  const abort = useRef<AbortController | null>(null);
  const next = navigationTarget(loc.search.get('navigationPage')) || DEFAULT_LANDING;
  const requested = loc.search.get('account_id');
  const showErrorPage = useUI((s) => s.showErrorPage);

  const choose = async (id: number) => {
    const ctl = new AbortController();
    abort.current = ctl;
    setPreparing(true);
    setAlert('');
    try {
      await setAccount(id, { signal: ctl.signal });
      navigate(next, { replace: true });
    } catch (e) {
      if (!ctl.signal.aborted && e instanceof ApiError) setAlert(e.message);
      setPreparing(false);
    }
  };

  useEffect(() => {
    getAccounts(withAuth)
      .then((accounts) => {
        setAccounts(accounts);
        const pick = requested ? accounts.find((a) => String(a.id) === requested) : accounts.length === 1 ? accounts[0] : undefined;
        if (requested && !pick) {
          // A link into an account the user is not assigned to (docs/product.md §8: 403 with an account_id).
          showErrorPage({ status: 403, title: 'Access denied', message: MSG_NOT_ASSIGNED, hideHome: true });
          return;
        }
        if (pick) {
          setChosen(String(pick.id));
          void choose(pick.id);
        }
      })
      .catch(() => {});
    // Once per page: the account asked for on arrival is chosen once, not again on each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [withAuth]);

  const cancel = () => {
    abort.current?.abort();
    setPreparing(false);
  };

  const submit = () => {
    if (!chosen) {
      setAlert('Please choose account');
      return;
    }
    void choose(Number(chosen));
  };

  return (
    <div className="signin">
      <div className="signin-card account-chooser">
        <Logo />
        {!accounts ? (
          <div className="spinner" role="status" aria-label="Loading" />
        ) : (
          <>
            <label>
              Choose an account
              <select aria-label="Choose an account" value={chosen} disabled={preparing} onChange={(e) => setChosen(e.target.value)}>
                <option value="">Choose...</option>
                {accounts.map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.name}
                  </option>
                ))}
              </select>
            </label>
            {alert && (
              <div className="alert" role="alert">
                {alert}
              </div>
            )}
            {preparing ? (
              <div className="preparing">
                <div className="progress" role="progressbar" aria-label="Preparing your data..." />
                <span>Preparing your data...</span>
                <button className="btn" onClick={cancel}>
                  Cancel
                </button>
              </div>
            ) : (
              <button className="btn btn-primary" onClick={submit}>
                Continue
              </button>
            )}
          </>
        )}
      </div>
    </div>
  );
}
