import { useEffect, useState } from 'react';
import { getUsersEmailForScheduledReport, type RecipientUser } from '../../api/sharing';
import { validateEmail } from '../../lib/validation';
import { FormError } from '../Dialog';

/** useRecipientUsers loads the account's users that reports can be sent to. */
export function useRecipientUsers(): RecipientUser[] {
  const [users, setUsers] = useState<RecipientUser[]>([]);
  useEffect(() => {
    getUsersEmailForScheduledReport()
      .then(setUsers)
      .catch(() => setUsers([]));
  }, []);
  return users;
}

/**
 * Recipients: account users (checkboxes, searchable) and free e-mail addresses
 * (an address needs an @, docs/product.md §5).
 */
export function Recipients({
  users,
  userIds,
  emails,
  onChange,
}: {
  users: RecipientUser[];
  userIds: number[];
  emails: string[];
  onChange: (userIds: number[], emails: string[]) => void;
}) {
  const [search, setSearch] = useState('');
  const [draft, setDraft] = useState('');
  const [error, setError] = useState('');
  const q = search.trim().toLowerCase();
  const shown = users.filter((u) => !q || u.email.toLowerCase().includes(q));
  const add = () => {
    const v = draft.trim();
    const err = validateEmail(v);
    if (err) return setError(err);
    setError('');
    setDraft('');
    if (!emails.includes(v)) onChange(userIds, [...emails, v]);
  };
  return (
    <fieldset className="recipients">
      <legend>Recipients</legend>
      {users.length > 0 && (
        <>
          <input placeholder="Search users" aria-label="Search users" value={search} onChange={(e) => setSearch(e.target.value)} />
          <div className="recipient-list">
            {shown.length === 0 && <div className="muted">no matching found</div>}
            {shown.map((u) => (
              <label key={u.id} className="check">
                <input
                  type="checkbox"
                  checked={userIds.includes(u.id)}
                  onChange={(e) => onChange(e.target.checked ? [...userIds, u.id] : userIds.filter((x) => x !== u.id), emails)}
                />
                {u.email}
              </label>
            ))}
          </div>
        </>
      )}
      <div className="row">
        <input
          placeholder="Add an e-mail address"
          aria-label="Add an e-mail address"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && (e.preventDefault(), add())}
        />
        <button type="button" className="btn" onClick={add}>
          Add
        </button>
      </div>
      <FormError message={error} />
      <div className="chips">
        {emails.map((m) => (
          <span key={m} className="chip">
            {m}
            <button type="button" aria-label={'Remove ' + m} onClick={() => onChange(userIds, emails.filter((x) => x !== m))}>
              ×
            </button>
          </span>
        ))}
      </div>
    </fieldset>
  );
}
