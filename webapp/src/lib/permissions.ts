import type { Permissions } from '../api/types';

/** Resource ids of the access-control map (spec §6). */
export const Resource = {
  Reports: 1,
  DynamicPricer: 2,
  LabelsAlerts: 3,
  EmailReport: 4,
  ManagePermissions: 5,
  ReviewMatches: 6,
  AppSettings: 7,
  ManageUsers: 8,
  AdvancedTrending: 9,
} as const;

export type Action = 'create:any' | 'read:any' | 'update:any' | 'delete:any';

/** Permission names the UI gates on (spec §6 codes). */
export const Perm = {
  CreateReport: 'create report',
  ViewReport: 'view report',
  EditReport: 'edit report',
  DeleteReport: 'delete report',
  EditLabel: 'edit label',
  EditCILabel: 'edit CI label',
  EditAlerts: 'edit alerts',
  ScheduleReports: 'schedule reports',
  ManageUsers: 'manage users',
} as const;

function norm(s: string): string {
  return s.trim().toLowerCase();
}

/** has reports whether the permission name is granted, optionally on one resource and action. */
export function has(perms: Permissions | undefined, name: string, resource?: number, action?: Action): boolean {
  if (!perms) return false;
  const want = norm(name);
  for (const [rid, actions] of Object.entries(perms)) {
    if (resource !== undefined && Number(rid) !== resource) continue;
    for (const [act, names] of Object.entries(actions ?? {})) {
      if (action !== undefined && act !== action) continue;
      if ((names ?? []).some((n) => norm(n) === want)) return true;
    }
  }
  return false;
}

/** canReadResource is the route guard: the resource lists something under read:any. */
export function canReadResource(perms: Permissions | undefined, resource: number): boolean {
  return !!perms?.[String(resource)]?.['read:any']?.length;
}
