import { useEffect, useState } from 'react';
import { Breadcrumb } from '../../components/Breadcrumb';
import { getAuditLog, type AuditEntry } from './api/rules';
import { auditDiff } from './ruleForm';

const PAGE = 50;

/** Rules Audit Log (/new/repricing/audit_log): every rule change, newest first — who, when, what, before → after. */
export function AuditLog() {
  const [rows, setRows] = useState<AuditEntry[] | null>(null);
  const [total, setTotal] = useState(0);
  const more = (offset: number) =>
    getAuditLog(PAGE, offset).then(
      (r) => {
        setRows((x) => (offset === 0 ? r.rows : [...(x ?? []), ...r.rows]));
        setTotal(r.lastRow);
      },
      () => setRows((x) => x ?? []),
    );
  useEffect(() => {
    void more(0);
  }, []);
  return (
    <div className="page">
      <Breadcrumb items={[{ label: 'Rules Audit Log' }]} />
      <h1>Rules Audit Log</h1>
      {rows === null ? (
        <div className="page-loading">Loading...</div>
      ) : rows.length === 0 ? (
        <div className="empty-state">No data to display</div>
      ) : (
        <>
          <table className="table audit-log" aria-label="Rules audit log">
            <thead>
              <tr>
                <th>When</th>
                <th>Who</th>
                <th>What</th>
                <th>Before → after</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id}>
                  <td>{r.at ? new Date(r.at).toLocaleString() : ''}</td>
                  <td>{r.user}</td>
                  <td>
                    {r.action} {ruleName(r)}
                  </td>
                  <td>
                    <ul className="diff">
                      {auditDiff(r.before, r.after).map(([k, b, a]) => (
                        <li key={k}>
                          {k && <strong>{k}: </strong>}
                          <span className="before">{b || '—'}</span> → <span className="after">{a || '—'}</span>
                        </li>
                      ))}
                    </ul>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {rows.length < total && (
            <button className="btn" onClick={() => void more(rows.length)}>
              Show more
            </button>
          )}
        </>
      )}
    </div>
  );
}

function ruleName(r: AuditEntry): string {
  const pick = (x: unknown) => (x && typeof x === 'object' && 'name' in x ? String((x as { name: unknown }).name) : '');
  const name = pick(r.after) || pick(r.before);
  return name ? `"${name}"` : r.rule_id ? `#${r.rule_id}` : '';
}
