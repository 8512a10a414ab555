import { useEffect, useState } from 'react';
import { getAllAlerts, removeAlert, type Alert } from '../../api/sharing';
import { getAllSaveReports } from './api/savedReports';
import { Link } from '../../lib/router';
import { useUI } from '../../store/ui';
import { useSession } from '../../lib/session';
import { PermName, Resource } from '../../api/permissions.gen';
import { ConfirmDialog } from '../../components/Dialog';
import { AlertDialog } from '../../components/dialogs/ReportDialogs';
import { ALERT_DATE_FILTERS } from '../../lib/validation';
import { has } from '../../lib/permissions';
import { removeLabel } from './api/labels';
import type { Label } from '../../api/types';

/**
 * The account's price alerts: what each watches (its saved report, a label, or every
 * product), how often it mails and over which period, when it last mailed; with
 * "edit alerts" an alert can be removed. Alerts are added from a report's Alert dialog.
 */
export function Alerts() {
  const { can, account } = useSession();
  const labels = new Map(account.labels.map((l) => [l.id, l.name]));
  const snack = useUI((s) => s.snack);
  const [alerts, setAlerts] = useState<Alert[] | null>(null);
  const [reports, setReports] = useState<Map<number, string>>(new Map());
  const [removing, setRemoving] = useState<Alert | null>(null);
  const [adding, setAdding] = useState(false);

  const load = () =>
    Promise.all([getAllAlerts(), getAllSaveReports()])
      .then(([a, r]) => {
        setReports(new Map(r.map((x) => [x.id, x.report_name])));
        setAlerts(a);
      })
      .catch(() => {});
  useEffect(() => {
    void load();
  }, []);

  if (!alerts) return <div className="page-loading">Loading...</div>;

  const remove = async (a: Alert) => {
    setRemoving(null);
    try {
      await removeAlert(a.report_id);
      setAlerts((as) => as!.filter((x) => x.report_id !== a.report_id));
      snack('Alert deleted successfully');
    } catch {
      snack('Failed to delete alert');
    }
  };
  const period = (days: number) => ALERT_DATE_FILTERS.find((f) => f.days === days)?.label ?? days + ' days';

  return (
    <div className="page">
      <h1>Price alerts</h1>
      {can(PermName.EditAlerts) && (
        <button className="btn btn-primary" onClick={() => setAdding(true)}>
          Add alert
        </button>
      )}
      {alerts.length === 0 ? (
        <div className="empty-state">No alerts. Add one here, or from a report&apos;s Alert button.</div>
      ) : (
        <table className="table" aria-label="Price alerts">
          <thead>
            <tr>
              <th>Alert</th>
              <th>Watches</th>
              <th>Frequency</th>
              <th>Changes in</th>
              <th>Last sent</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {alerts.map((a) => (
              <tr key={a.report_id}>
                <td>{a.label_name}</td>
                <td>
                  {a.saved_report_id ? (
                    <Link to={'/pricing/type/' + a.saved_report_id}>{reports.get(a.saved_report_id) ?? 'Report ' + a.saved_report_id}</Link>
                  ) : a.label_id ? (
                    'Label ' + (labels.get(a.label_id) ?? a.label_id)
                  ) : (
                    'All products'
                  )}
                </td>
                <td>{a.frequency === 1 ? 'Once a week' : 'Once a day'}</td>
                <td>
                  {period(a.date_filter)}
                  {a.only_changes_since_last_notification ? ', since the last notification' : ''}
                </td>
                <td>{a.last_notified_at ? new Date(a.last_notified_at).toLocaleString() : 'Never'}</td>
                <td>
                  {can(PermName.EditAlerts) && (
                    <button className="btn btn-link danger" aria-label={'Remove alert ' + a.label_name} onClick={() => setRemoving(a)}>
                      Remove
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {adding && (
        <AlertDialog
          labels={account.labels}
          competitors={Object.values(account.competitors)}
          onClose={() => setAdding(false)}
          onDone={() => {
            setAdding(false);
            snack('Alert added');
            void load();
          }}
        />
      )}
      {removing && (
        <ConfirmDialog
          message="Are you sure you want to delete this item?"
          confirmLabel="Delete"
          onConfirm={() => void remove(removing)}
          onCancel={() => setRemoving(null)}
        />
      )}
      <Labels />
    </div>
  );
}

/**
 * The account's labels, each removable (POST /labels/removeLabel: the label and its
 * assignments) with the delete permission of labels and alerts; a label of single sign-on
 * users (read-only for them) needs "edit CI label" (docs/product.md §6). The session's account
 * data is read again afterwards (refreshAccountData), so every screen's label list follows.
 */
function Labels() {
  const { account, reload } = useSession();
  const snack = useUI((s) => s.snack);
  const [removing, setRemoving] = useState<Label | null>(null);
  const perms = account.userPermissions;
  const canDelete = (l: Label) =>
    l.sso_user_read_only ? has(perms, PermName.EditCILabel, Resource.LabelsAndAlerts, 'delete:any') : has(perms, PermName.EditLabel, Resource.LabelsAndAlerts, 'delete:any');
  const remove = async (l: Label) => {
    setRemoving(null);
    try {
      await removeLabel(l.id, l.name);
      snack('Label deleted successfully');
      await reload();
    } catch {
      snack('Failed to delete label');
    }
  };
  return (
    <section aria-label="Labels">
      <h2>Labels</h2>
      {account.labels.length === 0 ? (
        <div className="empty-state">No labels. Add one from a report&apos;s Assign a label menu.</div>
      ) : (
        <table className="table" aria-label="Labels">
          <tbody>
            {account.labels.map((l) => (
              <tr key={l.id}>
                <td>
                  <i className="label-dot" style={{ background: '#' + l.color }} /> {l.name}
                </td>
                <td>
                  {canDelete(l) && (
                    <button className="btn btn-link danger" aria-label={'Remove label ' + l.name} onClick={() => setRemoving(l)}>
                      Remove
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {removing && (
        <ConfirmDialog
          message="Are you sure you want to delete this item?"
          confirmLabel="Delete"
          onConfirm={() => void remove(removing)}
          onCancel={() => setRemoving(null)}
        />
      )}
    </section>
  );
}
