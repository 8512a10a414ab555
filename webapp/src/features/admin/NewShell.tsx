import { lazy, Suspense } from 'react';
import { useSession } from '../../lib/session';
import { canReadResource } from '../../lib/permissions';
import { Resource } from '../../api/permissions.gen';
import { Breadcrumb } from '../../components/Breadcrumb';
import { NotFound, PermissionDenied } from '../../components/ErrorPage';
import { MatchFeedback } from './MatchFeedback';

// The two grids carry ag-grid: loaded when opened, so that other pages stay light.
const ManageUsers = lazy(() => import('./ManageUsers').then((m) => ({ default: m.ManageUsers })));
const ManagePermissions = lazy(() => import('./ManagePermissions').then((m) => ({ default: m.ManagePermissions })));

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
  const page = PAGES[key];
  if (!page || parts.length > 2) return <NotFound />;
  // Without read permission on the page's area: the permission-denied page (docs/product.md §6, §8).
  if (!canReadResource(account.userPermissions, page.resource)) return <PermissionDenied />;
  return (
    <div className="page">
      <Breadcrumb items={[{ label: page.title }]} />
      <h1>{page.title}</h1>
      <Suspense fallback={null}>
        {key === 'manage/users' ? (
          <ManageUsers />
        ) : key === 'manage/permissions' ? (
          <ManagePermissions />
        ) : key === 'competitive_intelligence/match_feedback' ? (
          <MatchFeedback />
        ) : (
          <div className="empty-state">No data to display</div>
        )}
      </Suspense>
    </div>
  );
}

