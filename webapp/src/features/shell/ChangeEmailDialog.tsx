import { useState } from 'react';
import { ApiError } from '../../lib/api';
import { saveNewEmail } from '../../api/session';
import { Dialog, DialogActions, FormError } from '../../components/Dialog';
import { validateEmail } from '../../lib/validation';

/**
 * ChangeEmailDialog changes the signed-in user's own e-mail address (POST
 * /users/saveNewEmail); single sign-on users take theirs from the identity provider.
 * onSaved gets the new address.
 */
export function ChangeEmailDialog({ current, onSaved, onClose }: { current: string; onSaved: (email: string) => void; onClose: () => void }) {
  const [email, setEmail] = useState(current);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const save = async () => {
    const invalid = validateEmail(email);
    if (invalid) return setError(invalid);
    setBusy(true);
    setError('');
    try {
      const r = await saveNewEmail(email.trim());
      onSaved(r.email);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'The e-mail address was not saved.');
      setBusy(false);
    }
  };
  return (
    <Dialog title="Change e-mail" width={550} onClose={onClose} actions={<DialogActions onCancel={onClose} onPrimary={() => void save()} busy={busy} />}>
      <p className="muted">You sign in with this address, and mails for you go to it.</p>
      <label>
        New e-mail address
        <input type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      </label>
      <FormError message={error} />
    </Dialog>
  );
}
