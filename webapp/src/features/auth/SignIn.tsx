import { useEffect, useState, type FormEvent } from 'react';
import { ApiError, rememberCsrf } from '../../lib/api';
import { getLoginConfig, logout, resetPassword, signIn, type LoginConfig } from './api/login';
import { isAuth } from '../../api/session';
import { readCookie } from '../../lib/cookies';
import { unavailableMessage } from '../../lib/errors';
import { navigate, navigationTarget, useLocation } from '../../lib/router';
import { clearStoredData } from '../../lib/storage';
import { Logo } from '../../components/Logo';

/**
 * Sign-in (docs/product.md §2): the single sign-on link with the configured text and URL,
 * and password sign-in for internal users. /login/OneLogin?navigationPage=…
 * (share links) lands here too and continues to that page after sign-in.
 */
export function SignIn() {
  const loc = useLocation();
  const [config, setConfig] = useState<LoginConfig | null>(null);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  // A failed single sign-on comes back as /login?error=<message>.
  const [error, setError] = useState(loc.search.get('error') ?? '');
  const next = navigationTarget(loc.search.get('navigationPage'));
  const accountId = loc.search.get('account_id');
  /** onward goes to the account chooser, which selects account_id (or asks) and then opens next. */
  const onward = () => {
    const q = new URLSearchParams();
    if (next) q.set('navigationPage', next);
    if (accountId) q.set('account_id', accountId);
    navigate('/account' + (q.toString() ? '?' + q : ''), { replace: true });
  };

  // A share link (/login/OneLogin) opened by someone already signed in (perhaps in another of
  // their accounts) goes straight on to its account and page; /login itself always shows the
  // form (to sign in as someone else). Only with a session's CSRF cookie: signed-out visitors
  // (sign-out clears it) are not sent to a 401.
  useEffect(() => {
    if (loc.path !== '/login/OneLogin' || !next || !readCookie('pricelens_csrf')) return;
    isAuth().then(
      (a) => {
        rememberCsrf(a.csrfToken);
        onward();
      },
      () => {},
    );
    // Once per page: the address does not change while it shows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    getLoginConfig()
      .then((c) => {
        setConfig(c);
        // With single sign-on only, /login continues straight to it (docs/product.md §2).
        if (c.sso.enabled && !c.password) window.location.assign(c.sso.url);
      })
      .catch(() => setConfig({ sso: { enabled: false, text: '', url: '' }, password: true, home_path: '' }));
  }, []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError('');
    try {
      const r = await signIn(email, password);
      rememberCsrf(r.csrfToken);
      onward();
    } catch (err) {
      if (err instanceof ApiError && err.status === 503) setError(unavailableMessage(err.message));
      else setError(err instanceof ApiError && err.message ? err.message : 'Sign-in failed, please retry.');
      setBusy(false);
    }
  };

  return (
    <div className="signin">
      <div className="signin-card">
        <Logo />
        {!config ? (
          <div className="spinner" role="status" aria-label="Loading" />
        ) : (
          <>
            {error && !config.password && (
              <div className="form-error" role="alert">
                {error}
              </div>
            )}
            {config.sso.enabled && (
              <a className="btn btn-primary sso-link" href={config.sso.url + (next ? (config.sso.url.includes('?') ? '&' : '?') + 'next=' + encodeURIComponent(next) : '')}>
                {config.sso.text}
              </a>
            )}
            {config.password && (
              <form onSubmit={submit} className="signin-form" aria-label="Internal user sign-in">
                <label>
                  Email
                  <input type="email" name="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} required />
                </label>
                <label>
                  Password
                  <input type="password" name="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} required />
                </label>
                {error && <div className="form-error" role="alert">{error}</div>}
                <button className="btn btn-primary" type="submit" disabled={busy}>
                  {busy ? 'Signing in...' : 'Sign in'}
                </button>
              </form>
            )}
            {config.password && <ForgotPassword email={email} />}
          </>
        )}
      </div>
    </div>
  );
}

/**
 * ForgotPassword asks for a reset link (POST /login/resetPassword): the mail links to
 * /login/reset, where the user chooses a new password. The answer does not say whether
 * the address is known.
 */
function ForgotPassword({ email }: { email: string }) {
  const [open, setOpen] = useState(false);
  const [address, setAddress] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  if (!open) {
    return (
      <button
        type="button"
        className="btn btn-link forgot-link"
        onClick={() => {
          setAddress(email);
          setOpen(true);
        }}
      >
        Forgot password?
      </button>
    );
  }
  const send = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError('');
    try {
      setMessage((await resetPassword(address.trim())).message);
    } catch (err) {
      setError(err instanceof ApiError && err.message ? err.message : 'The reset link could not be sent, please retry.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={send} className="signin-form forgot-form" aria-label="Reset your password">
      <p>Enter your e-mail address and we will send you a link to choose a new password.</p>
      <label>
        Email for the reset link
        <input type="email" autoComplete="username" value={address} onChange={(e) => setAddress(e.target.value)} required />
      </label>
      {error && <div className="form-error" role="alert">{error}</div>}
      {message ? (
        <div className="notice" role="status">
          {message}
        </div>
      ) : (
        <button className="btn" type="submit" disabled={busy}>
          {busy ? 'Sending...' : 'Send reset link'}
        </button>
      )}
    </form>
  );
}

export function Logout() {
  useEffect(() => {
    logout()
      .catch(() => {})
      .finally(() => {
        clearStoredData(window.localStorage);
        clearStoredData(window.sessionStorage);
        navigate('/login', { replace: true });
      });
  }, []);
  return <div className="page-loading" role="status">Signing out...</div>;
}
