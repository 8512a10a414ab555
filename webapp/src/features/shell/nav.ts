import type { Permissions } from '../../api/types';
import { Resource } from '../../api/permissions.gen';
import { canReadResource } from '../../lib/permissions';

/**
 * The navigation's menus and the resource each page's route guard asks for (App.tsx): a menu
 * lists only the pages the user may open, and a menu with none is not shown (issue 29: the
 * Dynamic Pricer menu led users without pricer rights to a 403 page). Pure: unit-tested.
 */

export type NavEntry = { to: string; label: string; resource: number };

export const PRICER_MENU: NavEntry[] = [
  { to: '/new/repricing/dynamic_pricer', label: 'Manage Pricing Rules', resource: Resource.DynamicPricer },
  { to: '/new/repricing/results', label: 'Results', resource: Resource.DynamicPricer },
  { to: '/new/repricing/simulation_results', label: 'Simulation Results', resource: Resource.DynamicPricer },
  { to: '/new/repricing/approval', label: 'Manual Approval', resource: Resource.DynamicPricer },
  { to: '/new/repricing/manual_approval_audit', label: 'Manual Approval Audit Log', resource: Resource.DynamicPricer },
  { to: '/new/repricing/upload_files', label: 'Upload Files', resource: Resource.DynamicPricer },
  { to: '/new/repricing/audit_log', label: 'Rules Audit Log', resource: Resource.DynamicPricer },
];

export const CI_MENU: NavEntry[] = [{ to: '/new/competitive_intelligence/match_feedback', label: 'Match Feedback', resource: Resource.ReviewMatches }];

/** openable are the entries whose page the user may open (read:any on its resource, as the route guard asks). */
export function openable(perms: Permissions | undefined, entries: NavEntry[]): NavEntry[] {
  return entries.filter((e) => canReadResource(perms, e.resource));
}
