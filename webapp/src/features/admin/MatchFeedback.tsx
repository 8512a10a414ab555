import { useCallback, useEffect, useState } from 'react';
import { exportCsvUrl, getFlags, resolveMatch, unflagMatch, type FlagStatus, type MatchFlag } from '../../api/matchFeedback';
import { useSession } from '../../lib/session';
import { PermName } from '../../api/permissions.gen';

/**
 * Match feedback: the wrong-match flags of the account. An open flag keeps the pair out of every
 * comparison; Unflag takes it back (the match was right), Resolve marks it fixed by the data team.
 */
export function MatchFeedback() {
  const { can } = useSession();
  const mayChange = can(PermName.ManageReviewMatches);
  const [status, setStatus] = useState<FlagStatus>('open');
  const [flags, setFlags] = useState<MatchFlag[] | null>(null);
  const [busy, setBusy] = useState('');
  const [message, setMessage] = useState('');

  const load = useCallback(() => {
    getFlags(status).then(setFlags, () => setFlags([]));
  }, [status]);
  useEffect(load, [load]);

  const act = (f: MatchFlag, call: typeof unflagMatch) => {
    const key = f.product_id + '@' + f.competitor_id;
    setBusy(key);
    call(f.product_id, f.competitor_id)
      .then((r) => setMessage(r.message), (e: { message?: string }) => setMessage(e.message ?? 'The flag could not be changed'))
      .finally(() => {
        setBusy('');
        load();
      });
  };

  return (
    <div className="match-feedback">
      <div className="toolbar">
        <label>
          Status{' '}
          <select aria-label="Status" value={status} onChange={(e) => setStatus(e.target.value as FlagStatus)}>
            <option value="open">Open</option>
            <option value="resolved">Resolved</option>
            <option value="">All</option>
          </select>
        </label>
        <a className="button" href={exportCsvUrl(status)} download>
          Export CSV
        </a>
      </div>
      {message && (
        <div className="snackbar" role="status">
          {message}
        </div>
      )}
      {flags === null ? (
        <div className="page-loading">Loading...</div>
      ) : flags.length === 0 ? (
        <div className="empty-state">No data to display</div>
      ) : (
        <table className="data-table" aria-label="Match feedback">
          <thead>
            <tr>
              <th>Product</th>
              <th>Competitor</th>
              <th>Competitor product</th>
              <th>Reason</th>
              <th>Status</th>
              <th>Flagged by</th>
              <th>Flagged at</th>
              <th>Actions</th>
            </tr>
          </thead>
          <tbody>
            {flags.map((f) => {
              const key = f.product_id + '@' + f.competitor_id;
              return (
                <tr key={key}>
                  <td>{f.product_id}</td>
                  <td>{f.competitor_name}</td>
                  <td>{f.competitor_product_id}</td>
                  <td>{f.reason}</td>
                  <td>{f.status === 'open' ? 'Open' : 'Resolved'}</td>
                  <td>{f.flagged_by}</td>
                  <td>{new Date(f.flagged_at).toLocaleString()}</td>
                  <td>
                    {mayChange && (
                      <>
                        <button disabled={busy === key} onClick={() => act(f, unflagMatch)}>
                          Unflag
                        </button>{' '}
                        {f.status === 'open' && (
                          <button disabled={busy === key} onClick={() => act(f, resolveMatch)}>
                            Resolve
                          </button>
                        )}
                      </>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </div>
  );
}
