package access

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"pricelens/api/httperr"
	"pricelens/api/reqbody"
	"pricelens/api/session"
	"pricelens/store/authz"
)

// permissionColumns is GET /system/getPermissionColumnsDef.
func (s *Service) permissionColumns(c echo.Context) error {
	cols := []map[string]any{
		{"colId": "resource", "field": "resource", "headerName": "Resource", "rowGroup": true},
		{"colId": "action", "field": "action", "headerName": "Action", "rowGroup": true},
		{"colId": "permission", "field": "permission", "headerName": "Permission"},
	}
	for _, r := range authz.Roles {
		cols = append(cols, map[string]any{"colId": r, "field": r, "headerName": r, "format_type": "checkbox"})
	}
	return c.JSON(http.StatusOK, map[string]any{"columns": cols})
}

// permissionData is GET /system/getPermissionData: one row per (resource, action,
// code) with a checkbox per role.
func (s *Service) permissionData(c echo.Context) error {
	p, err := session.Account(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	grants, err := s.Store.AccountGrants(ctx, p.AccountID)
	if err != nil {
		return err
	}
	has := map[string]bool{}
	for _, g := range grants {
		has[g.Role+"|"+g.RowID()] = true
	}
	rows := []map[string]any{}
	for _, row := range authz.Rows() {
		perm, _ := authz.Lookup(row.Code)
		r := map[string]any{"id": row.RowID(), "resource_id": int(row.Resource), "resource": authz.ResourceNames[row.Resource],
			"action": string(row.Action), "code": int(row.Code), "permission": perm.Name}
		for _, role := range authz.Roles {
			r[role] = has[role+"|"+row.RowID()]
		}
		rows = append(rows, r)
	}
	return c.JSON(http.StatusOK, map[string]any{"rows": rows})
}

// updatePermission is POST /system/updatePermission {rowId, roleName, isChecked}.
func (s *Service) updatePermission(c echo.Context) error {
	p, err := session.Account(c)
	if err != nil {
		return err
	}
	var in struct {
		RowID     string `json:"rowId"`
		RoleName  string `json:"roleName"`
		IsChecked *bool  `json:"isChecked"`
	}
	if err := reqbody.Decode(c, &in); err != nil {
		return err
	}
	res, act, code, ok := authz.ParseRowID(in.RowID)
	if !ok {
		return httperr.BadRequest("rowId", "Unknown permission row %q", in.RowID)
	}
	if authz.RoleID(in.RoleName) == 0 {
		return httperr.BadRequest("roleName", "Unknown role %q", in.RoleName)
	}
	if in.IsChecked == nil {
		return httperr.BadRequest("isChecked", "isChecked must be true or false")
	}
	if in.RoleName == authz.Admin && code == authz.ManagePermissionToRole && !*in.IsChecked {
		return httperr.Conflict("The admin role must keep the permission to manage permissions")
	}
	g := authz.Grant{Role: in.RoleName, Resource: res, Action: act, Code: code}
	if err := s.Store.SetGrant(c.Request().Context(), actor(p), g, *in.IsChecked); err != nil {
		return err
	}
	s.Authz.Invalidate(p.AccountID)
	return c.JSON(http.StatusOK, map[string]any{"ok": true})
}
