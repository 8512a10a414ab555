import { useState, type ReactNode } from 'react';
import { Link } from '../../lib/router';
import { useSession } from '../../lib/session';
import { useUI } from '../../store/ui';
import { PermName } from '../../api/permissions.gen';
import { Logo } from '../../components/Logo';
import { CI_MENU, PRICER_MENU, openable } from './nav';
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
  // Only the pages the user may open (nav.ts).
  const pricer = openable(account.userPermissions, PRICER_MENU);
  const ci = openable(account.userPermissions, CI_MENU);
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
          {pricer.length > 0 && menu('pricer', 'Dynamic Pricer', pricer)}
          <Link to="/insights">Insights</Link>
          {ci.length > 0 && menu('ci', 'Competitive Intelligence', ci)}
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
