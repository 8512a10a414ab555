import { useEffect, useMemo, useState } from 'react';
import { ApiError } from '../../lib/api';
import { useSession } from '../../lib/session';
import { useUI } from '../../store/ui';
import { Breadcrumb } from '../../components/Breadcrumb';
import { ConfirmDialog, Dialog, DialogActions, FormError } from '../../components/Dialog';
import { addSchedule, getSchedules, removeSchedule, setTimezone, type ExportSchedule, type ScheduleFields, type Schedules } from './api/settings';

/**
 * Account settings, for administrators ("manage application settings"): the account's time zone
 * (scheduled reports and price alerts keep its days) and the export schedules that write saved
 * reports as files into the account's drop folder for downstream tools (docs/exports.md).
 */
export function AccountSettings() {
  return (
    <div className="page">
      <Breadcrumb items={[{ label: 'Account settings' }]} />
      <h1>Account settings</h1>
      <TimezoneSection />
      <ExportSchedules />
    </div>
  );
}

/** zones lists the browser's IANA zones for the picker; the server checks the name either way. */
const zones = (): string[] => {
  const intl = Intl as unknown as { supportedValuesOf?: (k: string) => string[] };
  return intl.supportedValuesOf ? ['UTC', ...intl.supportedValuesOf('timeZone').filter((z) => z !== 'UTC')] : ['UTC'];
};

function TimezoneSection() {
  const { account, reload } = useSession();
  const snack = useUI((s) => s.snack);
  const current = String(account.settings.timezone ?? 'UTC');
  const [value, setValue] = useState(current);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const options = useMemo(() => zones(), []);

  const save = async () => {
    setBusy(true);
    setError('');
    try {
      const tz = await setTimezone(value);
      setValue(tz);
      snack('The time zone is now ' + tz);
      await reload();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'The time zone was not saved.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="settings-section" aria-label="Time zone">
      <h2>Time zone</h2>
      <p>Scheduled reports are mailed, and price alerts count their days, in this time zone.</p>
      <label>
        Time zone
        <input list="tz-options" aria-label="Time zone" value={value} onChange={(e) => setValue(e.target.value)} />
        <datalist id="tz-options">
          {options.map((z) => (
            <option key={z} value={z} />
          ))}
        </datalist>
      </label>{' '}
      <button className="btn btn-primary" onClick={() => void save()} disabled={busy || value.trim() === current}>
        Save time zone
      </button>
      <FormError message={error} />
    </section>
  );
}

const when = (iso?: string | null) => (iso ? new Date(iso).toLocaleString() : '');

function ExportSchedules() {
  const snack = useUI((s) => s.snack);
  const [data, setData] = useState<Schedules | null>(null);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<ExportSchedule | null>(null);

  const load = () => getSchedules().then(setData, () => {});
  useEffect(() => {
    void load();
  }, []);

  if (!data) return <div className="page-loading">Loading...</div>;
  const remove = async (s: ExportSchedule) => {
    setRemoving(null);
    try {
      await removeSchedule(s.id);
      snack('Export schedule removed');
    } catch {
      snack('Failed to remove the export schedule');
    }
    await load();
  };
  return (
    <section className="settings-section" aria-label="Export schedules">
      <h2>Export schedules</h2>
      <p>
        Saved reports written as files for downstream tools, into the account&apos;s drop folder <code>{data.root}</code>. Each drop is a data file
        and a <code>.manifest.json</code> (rows, checksum), renamed into place when complete.
      </p>
      <button className="btn btn-primary" onClick={() => setAdding(true)}>
        Add export schedule
      </button>
      {data.schedules.length === 0 ? (
        <div className="empty-state">No export schedules.</div>
      ) : (
        <table className="table" aria-label="Export schedules">
          <thead>
            <tr>
              <th>Report</th>
              <th>Cron</th>
              <th>Format</th>
              <th>Folder</th>
              <th>Next run</th>
              <th>Last run</th>
              <th>Last file</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {data.schedules.map((s) => (
              <tr key={s.id}>
                <td>{s.report_name}</td>
                <td>
                  <code>{s.cron}</code>
                </td>
                <td>{s.format}</td>
                <td>{s.directory || '(drop folder)'}</td>
                <td>{when(s.next_due)}</td>
                <td>
                  {!s.last_run ? (
                    'Never'
                  ) : (
                    <>
                      <span className={'status status-' + s.last_run.status}>{s.last_run.status}</span> {when(s.last_run.at)}
                      {s.last_run.error && <div className="form-error">{s.last_run.error}</div>}
                    </>
                  )}
                </td>
                <td>
                  {s.last_run?.manifest && (
                    <span title={'sha256 ' + s.last_run.manifest.sha256}>
                      {s.last_run.manifest.file}: {s.last_run.manifest.rows} rows, {s.last_run.manifest.bytes} bytes
                    </span>
                  )}
                </td>
                <td>
                  <button className="btn btn-link danger" aria-label={'Remove export schedule ' + s.id} onClick={() => setRemoving(s)}>
                    Remove
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {adding && (
        <AddScheduleDialog
          reports={data.reports}
          onClose={() => setAdding(false)}
          onAdded={() => {
            setAdding(false);
            snack('Export schedule added');
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
    </section>
  );
}

function AddScheduleDialog({ reports, onClose, onAdded }: { reports: Schedules['reports']; onClose: () => void; onAdded: () => void }) {
  const [fields, setFields] = useState<ScheduleFields>({ report_id: reports[0]?.id ?? 0, cron: '0 6 * * 1-5', format: 'csv', directory: '' });
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const set = (k: keyof ScheduleFields, v: string | number) => setFields((f) => ({ ...f, [k]: v }));

  const add = async () => {
    if (!fields.report_id) return setError('Choose a saved report.');
    setBusy(true);
    setError('');
    try {
      await addSchedule(fields);
      onAdded();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'The export schedule was not added.');
      setBusy(false);
    }
  };
  return (
    <Dialog title="Add export schedule" onClose={onClose} actions={<DialogActions onCancel={onClose} onPrimary={() => void add()} primaryLabel="Add" busy={busy} />}>
      <label>
        Report
        <select aria-label="Report" value={String(fields.report_id)} onChange={(e) => set('report_id', Number(e.target.value))}>
          {reports.length === 0 && <option value="0">No saved reports</option>}
          {reports.map((r) => (
            <option key={r.id} value={r.id}>
              {r.name}
              {r.owner ? ' (' + r.owner + ')' : ''}
            </option>
          ))}
        </select>
      </label>
      <label>
        Cron expression
        <input aria-label="Cron expression" value={fields.cron} onChange={(e) => set('cron', e.target.value)} />
      </label>
      <p className="hint">Minute hour day-of-month month day-of-week, in UTC (or starting with CRON_TZ=Europe/Berlin); &quot;0 6 * * 1-5&quot; is 06:00 on weekdays.</p>
      <label>
        Format
        <select aria-label="Format" value={fields.format} onChange={(e) => set('format', e.target.value)}>
          <option value="csv">CSV</option>
          <option value="parquet">Parquet</option>
        </select>
      </label>
      <label>
        Folder
        <input aria-label="Folder" placeholder="daily/finance" value={fields.directory ?? ''} onChange={(e) => set('directory', e.target.value)} />
      </label>
      <p className="hint">A folder inside the account&apos;s drop folder; empty for the drop folder itself.</p>
      <FormError message={error} />
    </Dialog>
  );
}
