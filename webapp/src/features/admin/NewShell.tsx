import { useEffect, useState } from 'react';
import { getAllAccountUsers, type AccountUser } from './api/users';
import { useSession } from '../../lib/session';
import { canReadResource } from '../../lib/permissions';
import { Resource } from '../../api/permissions.gen';
import { Breadcrumb } from '../../components/Breadcrumb';
import { LockedFeature, NotFound } from '../../components/ErrorPage';
import { HomeDashboard } from './HomeDashboard';

/** The /new/{a}/{b}[/{c}] pages of the administration document, with their resource. */
const PAGES: Record<string, { title: string; resource: number }> = {
  'repricing/dynamic_pricer': { title: 'Manage Pricing Rules', resource: Resource.DynamicPricer },
  'repricing/results': { title: 'Results', resource: Resource.DynamicPricer },
  'repricing/simulation_results': { title: 'Simulation Results', resource: Resource.DynamicPricer },
  'repricing/approval': { title: 'Manual Approval', resource: Resource.DynamicPricer },
  'repricing/manual_approval_audit': { title: 'Manual Approval Audit Log', resource: Resource.DynamicPricer },
  'repricing/upload_files': { title: 'Upload Files', resource: Resource.DynamicPricer },
  'repricing/audit_log': { title: 'Rules Audit Log', resource: Resource.DynamicPricer },
  'competitive_intelligence/match_feedback': { title: 'Match Feedback', resource: Resource.ReviewMatches },
  'manage/users': { title: 'Manage users', resource: Resource.ManageUsers },
  'manage/permissions': { title: 'Manage permissions', resource: Resource.ManagePermissions },
};

export function NewShell({ parts }: { parts: string[] }) {
  const { account } = useSession();
  const key = parts.slice(0, 2).join('/');
  if (key === 'home/dashboard') return <HomeDashboard />;
  const page = PAGES[key];
  if (!page || parts.length > 2) return <NotFound />;
  const allowed = canReadResource(account.userPermissions, page.resource);
  return (
    <div className="page">
      <Breadcrumb items={[{ label: page.title }]} />
      <h1>{page.title}</h1>
      {!allowed ? <LockedFeature /> : key === 'manage/users' ? <UsersTable /> : <div className="empty-state">No data to display</div>}
    </div>
  );
}

/** Manage users: the list of the account's users (hidden until it loads). */
function UsersTable() {
  const [users, setUsers] = useState<AccountUser[] | null>(null);
  useEffect(() => {
    getAllAccountUsers().then(setUsers).catch(() => setUsers([]));
  }, []);
  if (!users) return null;
  const sorted = [...users].sort((a, b) => a.email.localeCompare(b.email));
  return (
    <table className="table">
      <thead>
        <tr>
          <th>Email</th>
          <th>Role</th>
          <th>Categories</th>
          <th>User type</th>
        </tr>
      </thead>
      <tbody>
        {sorted.map((u) => (
          <tr key={u.id}>
            <td>{u.email}</td>
            <td>{u.role}</td>
            <td>{u.categories.join(', ') || 'All'}</td>
            <td>{u.is_saml === 1 ? 'SSO' : 'Internal user'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
