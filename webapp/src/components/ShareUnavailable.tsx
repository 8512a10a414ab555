import { useState } from 'react';
import { Breadcrumb } from './Breadcrumb';
import { Dialog, DialogActions, FormError } from './Dialog';
import { ApiError } from '../lib/api';
import { navigate } from '../lib/router';
import { saveRemovedShareAs } from '../api/sharing';

/**
 * The shared-report-removed state (docs/product.md §2): the message and a Save As offer,
 * worded by the create report permission (§6): with it, Save As copies the
 * removed report's last saved state into a report of the user's own; without
 * it, the note says who can help. The tabular and trend screens show it; the copy
 * opens where savedPath says (a trend report on its trend screen).
 */
export function ShareUnavailable({
  canCreate,
  shareId,
  crumbs = [{ label: 'Reports', to: '/pricing/reports' }, { label: 'Shared report' }],
  savedPath = (id) => '/pricing/type/' + id,
}: {
  canCreate: boolean;
  shareId: string;
  crumbs?: { label: string; to?: string }[];
  savedPath?: (id: number) => string;
}) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    setError('');
    try {
      const r = await saveRemovedShareAs({ shareId, report_name: name });
      navigate(savedPath(r.id));
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'create a new report fail');
      setBusy(false);
    }
  };
  return (
    <div className="page">
      <Breadcrumb items={crumbs} />
      <div className="unavailable" role="alert">
        <h2>This share report is no longer available</h2>
        {canCreate ? (
          <p>
            You can still keep your own copy: <button className="btn btn-link" onClick={() => setOpen(true)}>Save As</button>. Save As on a
            shared report stays available until the link expires: two months after the report is 30 days old.
          </p>
        ) : (
          <p>Ask the person who shared it for a new link. Save As needs the create report permission.</p>
        )}
      </div>
      {open ? (
        <Dialog title="Save report as" width={550} onClose={() => setOpen(false)} actions={<DialogActions onCancel={() => setOpen(false)} onPrimary={() => void save()} busy={busy} />}>
          <label className="field">
            Report name
            <input value={name} onChange={(e) => setName(e.target.value)} maxLength={200} autoFocus />
          </label>
          <FormError message={error} />
        </Dialog>
      ) : null}
    </div>
  );
}
