import { useState, type FormEvent } from 'react';
import { ApiError } from '../../lib/api';
import { setPassword } from './api/login';
import { unavailableMessage } from '../../lib/errors';
import { Link, useLocation } from '../../lib/router';
import { Logo } from '../../components/Logo';

/**
 * SetPassword is the page of the links that password-reset and invitation mails
 * carry (/login/reset?token=…): the user chooses a password, then signs in. The
 * server checks the token (one use, limited life) and the password's length.
 */
export function SetPassword() {
  const token = useLocation().search.get('token') ?? '';
  const [password, setPw] = useState('');
  const [again, setAgain] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (password !== again) return setError('The two passwords are not the same.');
    setBusy(true);
    setError('');
    try {
      await setPassword(token, password);
      setDone(true);
    } catch (err) {
      if (err instanceof ApiError && err.status === 503) setError(unavailableMessage(err.message));
      else setError(err instanceof ApiError && err.message ? err.message : 'The password could not be set, please retry.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="signin">
      <div className="signin-card">
        <Logo />
        {done ? (
          <p role="status">
            Your password is set. <Link to="/login">Sign in</Link>
          </p>
        ) : !token ? (
          <div className="form-error" role="alert">
            This link has no token. Open the link from your e-mail again.
          </div>
        ) : (
          <form onSubmit={submit} className="signin-form" aria-label="Choose a password">
            <label>
              New password
              <input type="password" name="password" autoComplete="new-password" minLength={8} maxLength={72} value={password} onChange={(e) => setPw(e.target.value)} required />
            </label>
            <label>
              Repeat the password
              <input type="password" name="again" autoComplete="new-password" value={again} onChange={(e) => setAgain(e.target.value)} required />
            </label>
            {error && <div className="form-error" role="alert">{error}</div>}
            <button className="btn btn-primary" type="submit" disabled={busy}>
              {busy ? 'Saving...' : 'Set password'}
            </button>
          </form>
        )}
      </div>
    </div>
  );
}
