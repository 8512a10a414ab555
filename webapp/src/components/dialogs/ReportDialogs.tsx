import { useEffect, useState } from 'react';
import { ApiError } from '../../lib/api';
import { addAlert, sendShareLinkByMail } from '../../api/sharing';
import { listScenarios } from '../../api/scenarios';
import { Dialog, DialogActions, FormError } from '../Dialog';
import { FolderChoice, resolveFolder } from './ScenarioDialogs';
import { Recipients, useRecipientUsers } from './Recipients';
import { ALERT_DATE_FILTERS, LABEL_COLORS, MSG, validateAlert, validateReportName, validateShareRecipients } from '../../lib/validation';
import type { Competitor, Scenario } from '../../api/types';

/** Save report as: a name (docs/product.md §5 rules) and a scenario choice. */
export function SaveAsDialog({
  initialName,
  folderId = -1,
  onSave,
  onClose,
}: {
  initialName: string;
  folderId?: number;
  onSave: (name: string, folderId: number) => Promise<void>;
  onClose: () => void;
}) {
  const [name, setName] = useState(initialName);
  const [scenarios, setScenarios] = useState<Scenario[]>([]);
  const [folder, setFolder] = useState(folderId === -1 ? '' : String(folderId));
  const [newName, setNewName] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    listScenarios(true)
      .then(setScenarios)
      .catch(() => setScenarios([]));
  }, []);
  const save = async () => {
    const err = validateReportName(name);
    if (err) return setError(err);
    setBusy(true);
    try {
      const f = await resolveFolder(folder, newName);
      await onSave(name.trim(), f);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'create a new report fail');
      setBusy(false);
    }
  };
  return (
    <Dialog
      title="Save report as"
      onClose={onClose}
      actions={<DialogActions onCancel={onClose} onPrimary={save} busy={busy} />}
    >
      <label>
        Report name
        <input aria-label="Report name" value={name} onChange={(e) => setName(e.target.value)} autoFocus />
      </label>
      <FolderChoice scenarios={scenarios} current={folderId} value={folder} onChange={setFolder} newName={newName} onNewName={setNewName} />
      <FormError message={error} />
    </Dialog>
  );
}

/**
 * Share report: copy a link or send it by e-mail. An unsaved report gets a link
 * usable for 30 days (docs/product.md §5), which the dialog says.
 */
export function ShareDialog({
  saved,
  createLink,
  onCopied,
  onSent,
  onClose,
}: {
  saved: boolean;
  createLink: () => Promise<string>;
  onCopied: () => void;
  onSent: () => void;
  onClose: () => void;
}) {
  const users = useRecipientUsers();
  const [link, setLink] = useState('');
  const [userIds, setUserIds] = useState<number[]>([]);
  const [emails, setEmails] = useState<string[]>([]);
  const [error, setError] = useState('');
  const ensureLink = async () => {
    if (link) return link;
    const l = await createLink();
    setLink(l);
    return l;
  };
  const copy = async () => {
    try {
      const l = await ensureLink();
      try {
        await navigator.clipboard.writeText(l);
      } catch {
        /* the link stays visible in the dialog to copy by hand */
      }
      onCopied();
    } catch (e) {
      if (e instanceof ApiError) setError(e.message);
    }
  };
  const send = async () => {
    const all = [...users.filter((u) => userIds.includes(u.id)).map((u) => u.email), ...emails];
    const err = validateShareRecipients(all);
    if (err) return setError(err);
    try {
      // The server mails its own sign-in link for the share id in this path
      // (the address the dialog shows may be a proxy's or the dev server's).
      const url = new URL(await ensureLink(), window.location.href).pathname;
      await sendShareLinkByMail(url, all);
      onSent();
    } catch (e) {
      if (e instanceof ApiError) setError(e.message);
    }
  };
  return (
    <Dialog
      title="Share report"
      onClose={onClose}
      actions={
        <>
          <button className="btn" onClick={onClose}>
            Cancel
          </button>
          <button className="btn" onClick={copy}>
            Copy link
          </button>
          <button className="btn btn-primary" onClick={send}>
            Send
          </button>
        </>
      }
    >
      {saved ? <p className="hint">Report saved</p> : <p className="hint">This report is not saved: its share link can be used for 30 days.</p>}
      {link && (
        <input className="share-link" aria-label="Share link" readOnly value={link} onFocus={(e) => e.target.select()} />
      )}
      <Recipients users={users} userIds={userIds} emails={emails} onChange={(u, m) => (setUserIds(u), setEmails(m))} />
      <FormError message={error} />
    </Dialog>
  );
}

/** Add label: a name and one of 16 colours (docs/product.md §9). */
export function AddLabelDialog({ onSave, onClose }: { onSave: (name: string, color: string) => Promise<void>; onClose: () => void }) {
  const [name, setName] = useState('');
  const [color, setColor] = useState(LABEL_COLORS[0]);
  const [error, setError] = useState('');
  const save = async () => {
    if (!name.trim()) return setError(MSG.labelName);
    try {
      await onSave(name.trim(), color);
    } catch (e) {
      if (e instanceof ApiError) setError(e.message);
    }
  };
  return (
    <Dialog
      title="Add label"
      width={550}
      onClose={onClose}
      actions={<DialogActions onCancel={onClose} onPrimary={save} />}
    >
      <label>
        Label name
        <input aria-label="Label name" value={name} onChange={(e) => setName(e.target.value)} autoFocus />
      </label>
      <div className="palette" role="group" aria-label="Label colour">
        {LABEL_COLORS.map((c) => (
          <button key={c} type="button" aria-label={'#' + c} aria-pressed={color === c} className={color === c ? 'swatch active' : 'swatch'} style={{ background: '#' + c }} onClick={() => setColor(c)} />
        ))}
      </div>
      <FormError message={error} />
    </Dialog>
  );
}

/** Add or update alert: competitors to watch, frequency and recipients; all required. */
export function AlertDialog({
  reportId,
  labels,
  competitors,
  onDone,
  onClose,
}: {
  reportId?: number;
  /** without a report: the labels the alert may watch instead of every product */
  labels?: { id: number; name: string }[];
  competitors: Competitor[];
  onDone: () => void;
  onClose: () => void;
}) {
  const users = useRecipientUsers();
  const [labelId, setLabelId] = useState(0);
  const [name, setName] = useState('');
  const [picked, setPicked] = useState<number[]>([]);
  const [frequency, setFrequency] = useState<number | null>(null);
  const [dateFilter, setDateFilter] = useState<number | null>(null);
  const [sinceLast, setSinceLast] = useState(false);
  const [userIds, setUserIds] = useState<number[]>([]);
  const [emails, setEmails] = useState<string[]>([]);
  const [error, setError] = useState('');
  const save = async () => {
    const err = validateAlert({ name, competitors: picked, recipients: userIds.length + emails.length, frequency });
    if (err) return setError(err);
    try {
      await addAlert({
        // The saved report the alert watches; report_id would name an alert to update.
        ...(reportId ? { saved_report_id: reportId } : labelId ? { label_id: labelId } : {}),
        label_name: name.trim(),
        competitorsIds: picked,
        frequency,
        ...(dateFilter ? { date_filter: dateFilter } : {}),
        only_changes_since_last_notification: sinceLast,
        email_ids: emails,
        user_ids: userIds.map(String),
      });
      onDone();
    } catch (e) {
      if (e instanceof ApiError) setError(e.message);
    }
  };
  return (
    <Dialog
      title="Add or update alert"
      onClose={onClose}
      actions={<DialogActions onCancel={onClose} onPrimary={save} />}
    >
      <label>
        Alert name
        <input aria-label="Alert name" value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      {!reportId && labels && (
        <label>
          Products
          <select aria-label="Products" value={String(labelId)} onChange={(e) => setLabelId(Number(e.target.value))}>
            <option value="0">All products</option>
            {labels.map((l) => (
              <option key={l.id} value={String(l.id)}>
                Label {l.name}
              </option>
            ))}
          </select>
        </label>
      )}
      <fieldset>
        <legend>Competitors</legend>
        {competitors.map((c) => (
          <label key={c.id} className="check">
            <input type="checkbox" checked={picked.includes(c.id)} onChange={(e) => setPicked(e.target.checked ? [...picked, c.id] : picked.filter((x) => x !== c.id))} />
            {c.name}
          </label>
        ))}
      </fieldset>
      <label>
        Frequency
        <select aria-label="Frequency" value={frequency === null ? '' : String(frequency)} onChange={(e) => setFrequency(e.target.value === '' ? null : Number(e.target.value))}>
          <option value="">Choose...</option>
          <option value="0">Once a day</option>
          <option value="1">Once a week</option>
        </select>
      </label>
      <label>
        Changes in
        <select aria-label="Date filter" value={dateFilter === null ? '' : String(dateFilter)} onChange={(e) => setDateFilter(e.target.value === '' ? null : Number(e.target.value))}>
          <option value="">The alert's period</option>
          {ALERT_DATE_FILTERS.map((f) => (
            <option key={f.days} value={String(f.days)}>
              {f.label}
            </option>
          ))}
        </select>
      </label>
      <label className="check">
        <input type="checkbox" aria-label="Only changes since the last notification" checked={sinceLast} onChange={(e) => setSinceLast(e.target.checked)} />
        Only changes since the last notification
      </label>
      <Recipients users={users} userIds={userIds} emails={emails} onChange={(u, m) => (setUserIds(u), setEmails(m))} />
      <FormError message={error} />
    </Dialog>
  );
}
