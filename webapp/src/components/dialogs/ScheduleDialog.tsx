import { useState } from 'react';
import { Dialog, ConfirmDialog, FormError } from '../Dialog';
import { Recipients, useRecipientUsers } from './Recipients';
import { parseDays, validateSchedule, WEEKDAYS } from '../../lib/validation';
import type { SavedReportSummary } from '../../api/types';

/**
 * Send report by email / schedule (docs/product.md §2 Dialogs): weekdays Mo–Su and
 * recipients. The secondary button reads Disable when the report is already
 * scheduled (with the "Disable email report?" confirmation), otherwise Cancel.
 */
export function ScheduleDialog({
  report,
  onSave,
  onDisable,
  onClose,
}: {
  report: SavedReportSummary;
  onSave: (days: number[], userIds: number[], emails: string[]) => void;
  onDisable: () => void;
  onClose: () => void;
}) {
  const users = useRecipientUsers();
  const scheduled = parseDays(report.scheduled_days).length > 0;
  const [days, setDays] = useState<number[]>(parseDays(report.scheduled_days));
  const [userIds, setUserIds] = useState<number[]>(report.user_ids);
  const [emails, setEmails] = useState<string[]>(report.email_ids);
  const [error, setError] = useState('');
  const [confirm, setConfirm] = useState(false);

  const save = () => {
    const err = validateSchedule(days, userIds.length + emails.length);
    if (err) return setError(err);
    onSave(days, userIds, emails);
  };
  if (confirm) {
    return <ConfirmDialog message="Disable email report?" onConfirm={onDisable} onCancel={() => setConfirm(false)} />;
  }
  return (
    <Dialog
      title="Send report by email"
      onClose={onClose}
      actions={
        <>
          {scheduled ? (
            <button className="btn" onClick={() => setConfirm(true)}>
              Disable
            </button>
          ) : (
            <button className="btn" onClick={onClose}>
              Cancel
            </button>
          )}
          <button className="btn btn-primary" onClick={save}>
            Save
          </button>
        </>
      }
    >
      <p>
        Report: <strong>{report.report_name}</strong>
      </p>
      <div className="weekdays" role="group" aria-label="Weekdays">
        {WEEKDAYS.map((d) => (
          <button
            key={d.id}
            type="button"
            aria-pressed={days.includes(d.id)}
            className={days.includes(d.id) ? 'day active' : 'day'}
            onClick={() => setDays(days.includes(d.id) ? days.filter((x) => x !== d.id) : [...days, d.id])}
          >
            {d.label}
          </button>
        ))}
      </div>
      <Recipients users={users} userIds={userIds} emails={emails} onChange={(u, m) => (setUserIds(u), setEmails(m))} />
      <FormError message={error} />
    </Dialog>
  );
}
