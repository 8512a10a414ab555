import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { AgGridReact, type CustomCellEditorProps, type CustomCellRendererProps } from 'ag-grid-react';
import type { CellValueChangedEvent, ColDef, FilterModel, GridApi, GridReadyEvent } from 'ag-grid-community';
import { useSession } from '../../lib/session';
import { useUI } from '../../store/ui';
import { Dialog, FormError } from '../../components/Dialog';
import { adminGridTheme, registerAdminGridModules } from './agGrid';
import {
  addInternalUser,
  blockUser,
  deleteUser,
  generatePassword,
  getAllAccountUsers,
  getSuperCategories,
  updateUser,
  type AccountUser,
  type SuperCategory,
} from './api/users';
import { validateNewUserEmail } from './validation';

registerAdminGridModules();

/** The spec's messages (docs/product.md §4, §8). */
export const MSG_SSO = "can't do action to sso user";
export const MSG_DELETED = 'user deleted successfully';
/** The users grid refreshes 500 ms after the users load (docs/product.md §9). */
export const REFRESH_AFTER_LOAD_MS = 500;
/** A new user's role unless another is chosen: role type 2 (docs/product.md §2). */
export const DEFAULT_ROLE_ID = 2;

/** A grid row: a user, or the placeholder shown while a user is added or deleted. */
type Row = AccountUser & { placeholder?: boolean };

const PLACEHOLDER: Row = { id: -1, email: '', role: '', role_id: 0, is_saml: 0, categories: [], category_names: [], placeholder: true };

type Role = { id: number; name: string };

/**
 * Manage users (docs/product.md §2): the account's users in an ag-grid with the Role and
 * Categories columns editable, actions per user and the add-user dialog. The page is hidden
 * until the user list loads; after each later load the grid's filters are restored.
 */
export function ManageUsers() {
  const { account } = useSession();
  const showDialog = useUI((s) => s.showDialog);
  const snack = useUI((s) => s.snack);
  const roles: Role[] = useMemo(() => (account.role_types ?? []).map((r) => ({ id: r.id, name: r.name })), [account.role_types]);
  const [rows, setRows] = useState<Row[] | null>(null);
  const [categories, setCategories] = useState<SuperCategory[]>([]);
  const [resetting, setResetting] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);
  const gridApi = useRef<GridApi<Row> | null>(null);
  const loads = useRef(0);
  const savedFilters = useRef<FilterModel | null>(null);

  const message = useCallback((text: string) => showDialog({ title: 'Message', message: text, buttons: ['ok'] }), [showDialog]);

  /** load reads the users; every load but the first keeps the grid's filters. */
  const load = useCallback(async () => {
    if (gridApi.current && loads.current > 0) savedFilters.current = gridApi.current.getFilterModel();
    const users = await getAllAccountUsers();
    loads.current++;
    setRows(users);
  }, []);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- load sets state after the list answers, not during the effect
    void load().catch(() => setRows([]));
    void getSuperCategories().then(setCategories, () => setCategories([]));
  }, [load]);

  // After each load: filters back (not on the first), then the 500 ms refresh.
  useEffect(() => {
    const api = gridApi.current;
    if (!api || !rows || rows.some((r) => r.placeholder)) return;
    if (savedFilters.current) {
      api.setFilterModel(savedFilters.current);
      savedFilters.current = null;
    }
    const t = window.setTimeout(() => api.refreshCells({ force: true }), REFRESH_AFTER_LOAD_MS);
    return () => window.clearTimeout(t);
  }, [rows]);

  /** withPlaceholder shows the loading row in place of the user (or at the top) while work runs, then reloads. */
  const withPlaceholder = useCallback(
    async (userId: number | null, work: () => Promise<void>) => {
      if (gridApi.current) savedFilters.current = gridApi.current.getFilterModel();
      setRows((rs) => (rs ? (userId === null ? [PLACEHOLDER, ...rs] : rs.map((r) => (r.id === userId ? PLACEHOLDER : r))) : rs));
      try {
        await work();
      } finally {
        await load().catch(() => {});
      }
    },
    [load],
  );

  const actions = useMemo(
    () => ({
      remove: (u: Row) =>
        void withPlaceholder(u.id, async () => {
          const r = await deleteUser(u.id, u.email);
          snack(r.message || MSG_DELETED);
        }).catch(() => {}),
      reset: (u: Row) => {
        setResetting(u.id);
        generatePassword(u.id)
          .then((r) => message(r.message))
          .catch(() => {})
          .finally(() => setResetting(null));
      },
      block: (u: Row) =>
        void withPlaceholder(u.id, async () => {
          const r = await blockUser(u.id);
          snack(r.message || 'done');
        }).catch(() => {}),
    }),
    [withPlaceholder, snack, message],
  );

  const onCellValueChanged = useCallback(
    (e: CellValueChangedEvent<Row>) => {
      const u = e.data;
      let change: { role: number } | { categories: number[] } | null = null;
      if (e.colDef.colId === 'role') {
        const role = roles.find((r) => r.name === e.newValue);
        if (role) change = { role: role.id };
      } else if (e.colDef.colId === 'categories') {
        change = { categories: u.categories };
      }
      if (!change) return;
      updateUser(u.id, change).then(
        () => load(),
        () => load(), // the server said why (message dialog); the grid shows what is stored
      );
    },
    [roles, load],
  );

  const columnDefs = useMemo<ColDef<Row>[]>(
    () => [
      {
        colId: 'email',
        field: 'email',
        headerName: 'Email',
        filter: 'agTextColumnFilter',
        sort: 'asc',
        flex: 2,
        cellRenderer: (p: CustomCellRendererProps<Row>) => (p.data?.placeholder ? <span className="cell-loading">Loading...</span> : p.value),
      },
      {
        colId: 'role',
        field: 'role',
        headerName: 'Role',
        filter: 'agSetColumnFilter',
        editable: (p) => !p.data?.placeholder,
        cellEditor: 'agSelectCellEditor',
        cellEditorParams: { values: roles.map((r) => r.name) },
        flex: 1,
      },
      {
        colId: 'categories',
        headerName: 'Categories',
        valueGetter: (p) => p.data?.categories,
        valueFormatter: (p) => (p.data?.placeholder ? '' : p.data?.categories.length ? namesOf(p.data.categories, categories, p.data.category_names) : 'All'),
        valueSetter: (p) => {
          p.data.categories = (p.newValue as number[]) ?? [];
          return true;
        },
        equals: (a, b) => JSON.stringify(a) === JSON.stringify(b),
        editable: (p) => !p.data?.placeholder,
        cellEditor: CategoriesEditor,
        cellEditorParams: { options: categories },
        cellEditorPopup: true,
        filter: false,
        flex: 2,
      },
      {
        colId: 'user_type',
        headerName: 'User type',
        valueGetter: (p) => (p.data?.placeholder ? '' : p.data?.is_saml === 1 ? 'SSO' : 'Internal user'),
        filter: 'agSetColumnFilter',
        flex: 1,
      },
      {
        colId: 'actions',
        headerName: 'Actions',
        sortable: false,
        filter: false,
        width: 130,
        cellStyle: { display: 'flex', alignItems: 'center' },
        cellRenderer: (p: CustomCellRendererProps<Row>) =>
          p.data && !p.data.placeholder ? <UserActions user={p.data} resetting={resetting} actions={actions} /> : null,
      },
    ],
    [roles, categories, resetting, actions],
  );

  if (!rows) return null;
  return (
    <div className="manage-users">
      <div className="toolbar">
        <button className="btn btn-primary" onClick={() => setAdding(true)}>
          Add user
        </button>
      </div>
      <div className="admin-grid" style={{ height: 520 }}>
        <AgGridReact<Row>
          theme={adminGridTheme}
          rowData={rows}
          columnDefs={columnDefs}
          getRowId={(p) => (p.data.placeholder ? 'placeholder' : String(p.data.id))}
          onGridReady={(e: GridReadyEvent<Row>) => (gridApi.current = e.api)}
          onCellValueChanged={onCellValueChanged}
          singleClickEdit
          tooltipShowDelay={300}
        />
      </div>
      {adding && (
        <AddUserDialog
          roles={roles}
          categories={categories}
          onClose={() => setAdding(false)}
          onSave={(email, roleId, cats) => {
            setAdding(false);
            void withPlaceholder(null, async () => {
              try {
                const r = await addInternalUser(email, cats, roleId);
                message(r.message);
              } catch (e) {
                message(e instanceof Error ? e.message : String(e));
              }
            });
          }}
        />
      )}
    </div>
  );
}

function namesOf(ids: number[], options: SuperCategory[], fallback: string[]): string {
  return ids.map((id, i) => options.find((o) => o.id === id)?.name ?? fallback[i] ?? String(id)).join(', ');
}

/** UserActions is a user's Actions menu: disabled with a spinner while a reset runs, and for SSO users. */
function UserActions({ user, resetting, actions }: { user: Row; resetting: number | null; actions: Record<'remove' | 'reset' | 'block', (u: Row) => void> }) {
  const [at, setAt] = useState<{ top: number; left: number } | null>(null);
  const sso = user.is_saml === 1;
  const busy = resetting !== null;
  useEffect(() => {
    if (!at) return;
    const close = () => setAt(null);
    window.addEventListener('scroll', close, true);
    return () => window.removeEventListener('scroll', close, true);
  }, [at]);
  const run = (f: (u: Row) => void) => () => {
    setAt(null);
    f(user);
  };
  return (
    <span title={sso ? MSG_SSO : undefined}>
      <button
        className="btn btn-small"
        disabled={sso || busy}
        aria-label={'Actions for ' + user.email}
        onClick={(e) => {
          const r = e.currentTarget.getBoundingClientRect();
          setAt((open) => (open ? null : { top: r.bottom, left: r.left }));
        }}
      >
        {resetting === user.id ? <span className="spinner-inline" role="status" aria-label="Resetting password" /> : 'Actions'}
      </button>
      {/* The grid clips its cells: the menu opens over the page, under the button. */}
      {at &&
        createPortal(
          <div className="menu-list user-actions-menu" role="menu" aria-label={'Actions for ' + user.email} style={{ top: at.top, left: at.left }}>
            <button className="menu-item" role="menuitem" onClick={run(actions.remove)}>
              Delete
            </button>
            <button className="menu-item" role="menuitem" onClick={run(actions.reset)}>
              Reset password
            </button>
            <button className="menu-item" role="menuitem" onClick={run(actions.block)}>
              Block
            </button>
          </div>,
          document.body,
        )}
    </span>
  );
}

/** CategoriesEditor picks super categories (none ticked: all of them). */
function CategoriesEditor(props: CustomCellEditorProps<Row, number[]> & { options: SuperCategory[] }) {
  const value = props.value ?? [];
  const toggle = (id: number) => props.onValueChange(value.includes(id) ? value.filter((v) => v !== id) : [...value, id]);
  return (
    <div className="categories-editor" role="group" aria-label="Categories">
      {props.options.length === 0 && <div className="muted">No data to display</div>}
      {props.options.map((o) => (
        <label key={o.id}>
          <input type="checkbox" checked={value.includes(o.id)} onChange={() => toggle(o.id)} /> {o.name}
        </label>
      ))}
      <button className="btn btn-primary" onClick={() => props.stopEditing()}>
        Apply
      </button>
    </div>
  );
}

/** AddUserDialog asks for the e-mail, the role (role type 2 unless chosen) and a super-category restriction. */
function AddUserDialog({
  roles,
  categories,
  onClose,
  onSave,
}: {
  roles: Role[];
  categories: SuperCategory[];
  onClose: () => void;
  onSave: (email: string, roleId: number, categories: number[]) => void;
}) {
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const [roleId, setRoleId] = useState(DEFAULT_ROLE_ID);
  const [cats, setCats] = useState<number[]>([]);
  const error = validateNewUserEmail(email);
  return (
    <Dialog
      title="Add user"
      width={550}
      onClose={onClose}
      actions={
        <>
          <button className="btn" onClick={onClose}>
            Cancel
          </button>
          <button className="btn btn-primary" disabled={!!error} onClick={() => onSave(email.trim(), roleId, cats)}>
            Save
          </button>
        </>
      }
    >
      <label>
        Email
        <input
          type="email"
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            setTouched(true);
          }}
          onBlur={() => setTouched(true)}
          autoFocus
        />
      </label>
      {touched && <FormError message={error ?? ''} />}
      <label>
        Role
        <select value={roleId} onChange={(e) => setRoleId(Number(e.target.value))}>
          {roles.map((r) => (
            <option key={r.id} value={r.id}>
              {r.name}
            </option>
          ))}
        </select>
      </label>
      <fieldset className="category-choice">
        <legend>Super categories (none: all)</legend>
        {categories.map((c) => (
          <label key={c.id}>
            <input type="checkbox" checked={cats.includes(c.id)} onChange={() => setCats((cs) => (cs.includes(c.id) ? cs.filter((x) => x !== c.id) : [...cs, c.id]))} /> {c.name}
          </label>
        ))}
      </fieldset>
    </Dialog>
  );
}
