import { useState, type ReactNode } from 'react';
import { Link } from '../../lib/router';
import { useSession } from '../../lib/session';
import { useUI } from '../../store/ui';
import { PermName } from '../../api/permissions.gen';
import { Logo } from '../../components/Logo';
import { ChangeEmailDialog } from './ChangeEmailDialog';

/** A menu entry: a screen (to) or an action (onClick). */
type Entry = { label: string; to?: string; onClick?: () => void };

/** The navigation of docs/product.md §2, shown only when logged in. */
export function Layout({ children }: { children: ReactNode }) {
  const { account, user, can, reload } = useSession();
  const snack = useUI((s) => s.snack);
  const [open, setOpen] = useState<string | null>(null);
  const [changingEmail, setChangingEmail] = useState(false);
  const toggle = (m: string) => setOpen((o) => (o === m ? null : m));
  const refresh = () =>
    reload().then(
      () => snack('Account data refreshed'),
      () => {},
    );
  const menu = (id: string, label: string, entries: Entry[]) => (
    <div className="menu" onMouseLeave={() => setOpen(null)}>
      <button className="menu-button" aria-expanded={open === id} onClick={() => toggle(id)}>
        {label}
      </button>
      {open === id && (
        <div className="menu-list" role="menu" onClick={() => setOpen(null)}>
          {entries.map((e) =>
            e.to ? (
              <Link key={e.label} to={e.to} className="menu-item">
                {e.label}
              </Link>
            ) : (
              <button key={e.label} className="menu-item" onClick={e.onClick}>
                {e.label}
              </button>
            ),
          )}
        </div>
      )}
    </div>
  );
  return (
    <div className="app">
      <header className="topbar">
        <Link to="/" className="brand">
          <Logo />
        </Link>
        <nav className="topnav">
          <Link to="/pricing/reports">Reports</Link>
          <Link to="/saved_reports">Saved reports</Link>
          <Link to="/alerts">Alerts</Link>
          {menu('pricer', 'Dynamic Pricer', [
            { to: '/new/repricing/dynamic_pricer', label: 'Manage Pricing Rules' },
            { to: '/new/repricing/results', label: 'Results' },
            { to: '/new/repricing/simulation_results', label: 'Simulation Results' },
            { to: '/new/repricing/approval', label: 'Manual Approval' },
            { to: '/new/repricing/manual_approval_audit', label: 'Manual Approval Audit Log' },
            { to: '/new/repricing/upload_files', label: 'Upload Files' },
            { to: '/new/repricing/audit_log', label: 'Rules Audit Log' },
          ])}
          <Link to="/insights">Insights</Link>
          {menu('ci', 'Competitive Intelligence', [{ to: '/new/competitive_intelligence/match_feedback', label: 'Match Feedback' }])}
        </nav>
        {menu(
          'account',
          account.account_name,
          [
            { to: '/switch_account', label: 'Switch Business' },
            ...(can(PermName.ManageUsers) ? [{ to: '/new/manage/users', label: 'Manage Users' }] : []),
            ...(can(PermName.ManageApplicationSettings) ? [{ to: '/settings', label: 'Account settings' }] : []),
            // Single sign-on users take their address from the identity provider.
            ...(user.is_saml ? [] : [{ label: 'Change e-mail', onClick: () => setChangingEmail(true) }]),
            { label: 'Refresh account data', onClick: refresh },
            { to: '/login/logout', label: 'Logout' },
          ],
        )}
        <span className="user-email" title="Signed in as">
          {user.email}
        </span>
      </header>
      <main className="content">{children}</main>
      {changingEmail && (
        <ChangeEmailDialog
          current={user.email}
          onClose={() => setChangingEmail(false)}
          onSaved={(email) => {
            setChangingEmail(false);
            snack('Your e-mail address is now ' + email);
            void reload();
          }}
        />
      )}
    </div>
  );
}
