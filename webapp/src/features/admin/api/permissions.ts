import { api } from '../../../lib/api';
import type { Route } from '../../../api/route';

/** Manage permissions (docs/api-contract.md "Permissions"): the grid's columns and rows, a checkbox change, the account's roles. */

type GetColumns = Route<'/system/getPermissionColumnsDef', 'get'>;
type GetData = Route<'/system/getPermissionData', 'get'>;
type UpdatePermission = Route<'/system/updatePermission', 'post'>;
type AddRole = Route<'/system/addRole', 'post'>;
type RenameRole = Route<'/system/renameRole', 'post'>;
type DeleteRole = Route<'/system/deleteRole', 'post'>;

export type PermissionColumn = NonNullable<GetColumns['answer']['columns']>[number];

/** PermissionRow is a row of the grid: the permission and a boolean under each role column's field. */
export type PermissionRow = NonNullable<GetData['answer']['rows']>[number] & Record<string, unknown>;

export const getPermissionColumnsDef = (): Promise<PermissionColumn[]> => api.get<GetColumns>('/system/getPermissionColumnsDef').then((r) => r.columns ?? []);

export const getPermissionData = (): Promise<PermissionRow[]> =>
  api.get<GetData>('/system/getPermissionData').then((r) => (r.rows ?? []) as PermissionRow[]);

/** updatePermission ticks or unticks one role's checkbox; a failure is the caller's (the checkbox reverts silently). */
export const updatePermission = (rowId: string, roleName: string, isChecked: boolean) =>
  api.post<UpdatePermission>('/system/updatePermission', { rowId, roleName, isChecked }, { quiet: true });

export const addRole = (roleName: string) => api.post<AddRole>('/system/addRole', { roleName }, { quiet: [400, 409] });

export const renameRole = (roleId: number, roleName: string) => api.post<RenameRole>('/system/renameRole', { roleId, roleName }, { quiet: [400, 404, 409] });

/** deleteRole deletes a role nobody holds (with its grants); a 409 says how many users still hold it. */
export const deleteRole = (roleId: number) => api.post<DeleteRole>('/system/deleteRole', { roleId }, { quiet: [400, 404, 409] });
