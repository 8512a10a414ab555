import { useState } from 'react';
import { Dialog, DialogActions, FormError } from '../../components/Dialog';
import { ApiError } from '../../lib/api';
import { createCustomReport, updateCustomReport, type CustomReport } from './api/customReports';

/**
 * The administrator's custom report dialog (add, or edit one): name, report or
 * dashboard, and the BI tool's embed address (on edit, empty keeps the current one,
 * which the list does not show).
 */
export function CustomReportDialog({ report, onClose }: { report?: CustomReport; onClose: (changed: boolean) => void }) {
  const [name, setName] = useState(report?.name ?? '');
  const [type, setType] = useState(report?.report_type ?? 0);
  const [embedURL, setEmbedURL] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    setError('');
    try {
      if (report) await updateCustomReport(report.id, { name, report_type: type, ...(embedURL ? { embed_url: embedURL } : {}) });
      else await createCustomReport({ name, report_type: type, embed_url: embedURL });
      onClose(true);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'an error occurred, please try again');
      setBusy(false);
    }
  };
  return (
    <Dialog title={report ? 'Edit custom report' : 'Add custom report'} onClose={() => onClose(false)} actions={<DialogActions onCancel={() => onClose(false)} onPrimary={() => void save()} busy={busy} />}>
      <label className="field">
        Name
        <input value={name} onChange={(e) => setName(e.target.value)} maxLength={200} />
      </label>
      <label className="field">
        Kind
        <select value={type} onChange={(e) => setType(Number(e.target.value))}>
          <option value={0}>Report</option>
          <option value={1}>Dashboard</option>
        </select>
      </label>
      <label className="field">
        Embed address
        <input value={embedURL} onChange={(e) => setEmbedURL(e.target.value)} placeholder={report ? 'unchanged' : 'https://'} />
      </label>
      <FormError message={error} />
    </Dialog>
  );
}
