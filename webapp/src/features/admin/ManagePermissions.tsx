import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { AgGridReact, type CustomCellRendererProps } from 'ag-grid-react';
import type { ColDef, GridApi } from 'ag-grid-community';
import { useSession } from '../../lib/session';
import { ConfirmDialog, FormError } from '../../components/Dialog';
import { adminGridTheme, registerAdminGridModules } from './agGrid';
import { addRole, deleteRole, getPermissionColumnsDef, getPermissionData, renameRole, updatePermission, type PermissionColumn, type PermissionRow } from './api/permissions';

registerAdminGridModules();

/**
 * Manage permissions (docs/product.md §2): grouped rows, columns defined by the server, a
 * checkbox per role in each non-group row. Shown only once both the columns and the rows have
 * loaded. A tick is sent at once; when the server refuses it the checkbox goes back silently.
 * Above the grid the account's roles can be added and renamed.
 */
export function ManagePermissions() {
  const { reload } = useSession();
  const [defs, setDefs] = useState<PermissionColumn[] | null>(null);
  const [rows, setRows] = useState<PermissionRow[] | null>(null);
  const gridApi = useRef<GridApi<PermissionRow> | null>(null);

  const load = useCallback(() => {
    // Both must answer before the grid shows (docs/product.md §2).
    return Promise.all([getPermissionColumnsDef(), getPermissionData()]).then(([c, r]) => {
      setDefs(c);
      setRows(r);
    });
  }, []);
  useEffect(() => {
    void load().catch(() => {});
  }, [load]);

  const columnDefs = useMemo<ColDef<PermissionRow>[]>(
    () =>
      (defs ?? []).map((c) =>
        c.rowGroup
          ? { colId: c.colId, field: c.field, headerName: c.headerName, rowGroup: true, hide: true }
          : c.format_type === 'checkbox'
            ? {
                colId: c.colId,
                field: c.field,
                headerName: c.headerName,
                width: 130,
                cellRenderer: (p: CustomCellRendererProps<PermissionRow>) => <PermissionCheckbox p={p} column={c} />,
              }
            : { colId: c.colId, field: c.field, headerName: c.headerName, minWidth: 200 },
      ),
    [defs],
  );

  const rolesChanged = useCallback(() => {
    void load().catch(() => {});
    void reload().catch(() => {});
  }, [load, reload]);

  if (!defs || !rows) return null;
  const roles = defs.filter((c) => c.format_type === 'checkbox' && c.roleId).map((c) => ({ id: c.roleId as number, name: c.headerName }));
  return (
    <div className="manage-permissions">
      <RolesEditor roles={roles} onChanged={rolesChanged} />
      <div className="admin-grid" style={{ height: 600 }}>
        <AgGridReact<PermissionRow>
          theme={adminGridTheme}
          rowData={rows}
          columnDefs={columnDefs}
          getRowId={(p) => p.data.id}
          autoGroupColumnDef={{ headerName: 'Group', minWidth: 240 }}
          groupDisplayType="singleColumn"
          onGridReady={(e) => (gridApi.current = e.api)}
          onRowGroupOpened={(e) => e.api.autoSizeAllColumns()}
        />
      </div>
    </div>
  );
}

/** PermissionCheckbox is a role's checkbox in a permission row (none in group rows). */
function PermissionCheckbox({ p, column }: { p: CustomCellRendererProps<PermissionRow>; column: PermissionColumn }) {
  if (!p.data || p.node.group) return null;
  const row = p.data;
  const checked = p.value === true;
  const toggle = () => {
    const next = !checked;
    p.node.setDataValue(column.field, next);
    updatePermission(row.id, column.headerName, next).catch(() => p.node.setDataValue(column.field, checked));
  };
  return <input type="checkbox" checked={checked} onChange={toggle} aria-label={`${column.headerName}: ${row.permission} (${row.action})`} />;
}

/** RolesEditor adds a role, renames or deletes one; the server's message shows when it refuses. */
function RolesEditor({ roles, onChanged }: { roles: { id: number; name: string }[]; onChanged: () => void }) {
  const [name, setName] = useState('');
  const [editing, setEditing] = useState<{ id: number; name: string } | null>(null);
  const [deleting, setDeleting] = useState<{ id: number; name: string } | null>(null);
  const [error, setError] = useState('');
  const fail = (e: unknown) => setError(e instanceof Error ? e.message : String(e));
  return (
    <section className="roles-editor" aria-label="Roles">
      <div className="toolbar">
        <span>Roles:</span>
        {roles.map((r) =>
          editing?.id === r.id ? (
            <form
              key={r.id}
              onSubmit={(e) => {
                e.preventDefault();
                renameRole(r.id, editing.name).then(() => {
                  setEditing(null);
                  setError('');
                  onChanged();
                }, fail);
              }}
            >
              <input aria-label={'New name for ' + r.name} value={editing.name} onChange={(e) => setEditing({ id: r.id, name: e.target.value })} autoFocus />
              <button className="btn btn-primary" type="submit">
                Save
              </button>
              <button className="btn" type="button" onClick={() => setEditing(null)}>
                Cancel
              </button>
              <button className="btn btn-danger" type="button" aria-label={'Delete ' + r.name} onClick={() => setDeleting(r)}>
                Delete role
              </button>
            </form>
          ) : (
            <button key={r.id} className="btn btn-link" aria-label={'Rename ' + r.name} onClick={() => setEditing({ id: r.id, name: r.name })}>
              {r.name}
            </button>
          ),
        )}
        <form
          onSubmit={(e) => {
            e.preventDefault();
            addRole(name).then(() => {
              setName('');
              setError('');
              onChanged();
            }, fail);
          }}
        >
          <input aria-label="New role name" placeholder="New role" value={name} onChange={(e) => setName(e.target.value)} />
          <button className="btn" type="submit">
            Add role
          </button>
        </form>
      </div>
      <FormError message={error} />
      {deleting && (
        <ConfirmDialog
          message="Are you sure you want to delete this item?"
          confirmLabel="Delete"
          onConfirm={() => {
            const r = deleting;
            setDeleting(null);
            deleteRole(r.id).then(() => {
              setEditing(null);
              setError('');
              onChanged();
            }, fail);
          }}
          onCancel={() => setDeleting(null)}
        />
      )}
    </section>
  );
}
