import type { Action, PermName } from '../api/permissions.gen';
import type { Permissions } from '../api/types';

/**
 * Reading the permission map of getAccountData (docs/product.md §6). The ids themselves (Resource, Action,
 * PermCode, PermName) are generated from the Go catalog into src/api/permissions.gen.ts.
 */

/** PermissionName is a permission as the access-control answer names it ('edit label'). */
export type PermissionName = (typeof PermName)[keyof typeof PermName];

function norm(s: string): string {
  return s.trim().toLowerCase();
}

/** has reports whether the permission name is granted, optionally on one resource and action. */
export function has(perms: Permissions | undefined, name: PermissionName, resource?: number, action?: Action): boolean {
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
