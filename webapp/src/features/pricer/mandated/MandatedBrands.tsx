import { useCallback, useEffect, useState } from 'react';
import { ConfirmDialog } from '../../../components/Dialog';
import { useSession } from '../../../lib/session';
import { has } from '../../../lib/permissions';
import { PermName, Resource } from '../../../api/permissions.gen';
import { deleteMandatedBrands, getMandatedBrands, type MandatedBrand } from '../api/mandated';
import { MandatedBrandDialog } from './MandatedBrandDialog';
import { MandatedFSNDialog } from './MandatedFSNDialog';

/**
 * The "Mandated brands" section of Manage Pricing Rules: the brands whose products the pricer never
 * changes automatically (a run sends them to manual approval), with Add (the dialog) and Delete, and how
 * many FSNs are mandated by CSV. Shown with the "mandated brands" permission (read); Add and Delete need
 * its create and delete actions.
 */
export function MandatedBrands() {
  const { account } = useSession();
  const perms = account.userPermissions;
  const can = (action: 'read:any' | 'create:any' | 'update:any' | 'delete:any') => has(perms, PermName.MandatedBrands, Resource.DynamicPricer, action);
  const canRead = can('read:any');
  const [list, setList] = useState<{ brands: MandatedBrand[]; fsns: number } | null>(null);
  const [adding, setAdding] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [removing, setRemoving] = useState<MandatedBrand | null>(null);
  const load = useCallback(() => getMandatedBrands().then(setList, () => setList({ brands: [], fsns: 0 })), []);
  useEffect(() => {
    if (canRead) void load();
  }, [canRead, load]);
  if (!canRead) return null;
  return (
    <section className="rule-section mandated-brands" aria-label="Mandated brands">
      <div className="page-head">
        <h2>Mandated brands</h2>
        <div className="head-actions">
          {can('update:any') && (
            <button className="btn" onClick={() => setUploading(true)}>
              Upload mandated FSNs
            </button>
          )}
          {can('create:any') && (
            <button className="btn" onClick={() => setAdding(true)}>
              Add mandated brands
            </button>
          )}
        </div>
      </div>
      <p className="muted" role="note" aria-label="Mandated FSNs">
        Products of these brands, and the {list?.fsns ?? 0} mandated FSNs, are never repriced automatically: a run sends their new prices to
        Manual Approval.
      </p>
      {list === null ? (
        <div className="page-loading">Loading...</div>
      ) : list.brands.length === 0 ? (
        <div className="empty-state">No data to display</div>
      ) : (
        <table className="table" aria-label="Mandated brands list">
          <thead>
            <tr>
              <th>Super category</th>
              <th>Verticals</th>
              <th>Brand</th>
              <th>Comment</th>
              <th>Added</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {list.brands.map((b) => (
              <tr key={b.id}>
                <td>{b.super_category}</td>
                <td>{b.verticals?.length ? b.verticals.join(', ') : 'All'}</td>
                <td>{b.brand}</td>
                <td>{b.comment}</td>
                <td className="muted">
                  {b.created_by} {new Date(b.created_at).toLocaleString()}
                </td>
                <td>
                  {can('delete:any') && (
                    <button className="btn btn-link" aria-label={'Delete ' + b.brand + ' in ' + b.super_category} onClick={() => setRemoving(b)}>
                      Delete
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {adding && (
        <MandatedBrandDialog
          onClose={(toSave) => {
            setAdding(false);
            if (toSave) void load();
          }}
        />
      )}
      {uploading && (
        <MandatedFSNDialog
          onClose={(refresh) => {
            setUploading(false);
            if (refresh) void load();
          }}
        />
      )}
      {removing && (
        <ConfirmDialog
          message={`Delete the mandated brand "${removing.brand}" in ${removing.super_category}?`}
          onCancel={() => setRemoving(null)}
          onConfirm={() => {
            const id = removing.id;
            setRemoving(null);
            void deleteMandatedBrands([id]).then(load, load);
          }}
        />
      )}
    </section>
  );
}
