package access

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"pricelens/api/httperr"
	"pricelens/api/reqbody"
	"pricelens/api/route"
	"pricelens/api/session"
	"pricelens/store"
	"pricelens/store/authz"
)

// PermissionColumns are the ag-grid column definitions of the permissions grid.
type PermissionColumns struct {
	Columns []PermissionColumn `json:"columns" openapi:"always"`
}

// PermissionColumn is one ag-grid column: the row's resource and action (grouped),
// the permission, then a checkbox column per role of the account.
type PermissionColumn struct {
	ColID      string `json:"colId" openapi:"always"`
	Field      string `json:"field" openapi:"always"`
	HeaderName string `json:"headerName" openapi:"always"`
	RowGroup   bool   `json:"rowGroup,omitempty"`
	FormatType string `json:"format_type,omitempty"` // "checkbox" on the role columns
	RoleID     int    `json:"roleId,omitempty"`      // on the role columns: the role's id (renameRole)
}

// roleField is the row key and column id of a role's checkbox: by id, so that no
// role name can collide with the row's own keys and a rename keeps the column.
func roleField(id int) string { return "role_" + strconv.Itoa(id) }

// permissionColumns is GET /system/getPermissionColumnsDef.
func (s *Service) permissionColumns(c echo.Context, _ struct{}) (PermissionColumns, error) {
	p, err := session.Account(c)
	if err != nil {
		return PermissionColumns{}, err
	}
	roles, err := s.Store.AccountRoles(c.Request().Context(), p.AccountID)
	if err != nil {
		return PermissionColumns{}, err
	}
	cols := []PermissionColumn{
		{ColID: "resource", Field: "resource", HeaderName: "Resource", RowGroup: true},
		{ColID: "action", Field: "action", HeaderName: "Action", RowGroup: true},
		{ColID: "permission", Field: "permission", HeaderName: "Permission"},
	}
	for _, r := range roles {
		cols = append(cols, PermissionColumn{ColID: roleField(r.ID), Field: roleField(r.ID), HeaderName: r.Name, FormatType: "checkbox", RoleID: r.ID})
	}
	return PermissionColumns{Columns: cols}, nil
}

// PermissionRows are the rows of the permissions grid, one per (resource, action, code).
type PermissionRows struct {
	Rows []PermissionRow `json:"rows" openapi:"always"`
}

// PermissionRow is one permission and, under each role's column field ("role_<id>"),
// whether the account grants it to the role:
// {"id", "resource_id", "resource", "action", "code", "permission", "role_1": bool, ...}.
type PermissionRow struct {
	ID         string          `json:"id" openapi:"always"` // the rowId updatePermission takes
	ResourceID int             `json:"resource_id" openapi:"always"`
	Resource   string          `json:"resource" openapi:"always"`
	Action     string          `json:"action" openapi:"always"`
	Code       int             `json:"code" openapi:"always"`
	Permission string          `json:"permission" openapi:"always"`
	Roles      map[string]bool `json:"-"` // rendered as keys of the row itself
}

// MarshalJSON renders the role checkboxes as keys of the row, where ag-grid
// looks for a column's value.
func (r PermissionRow) MarshalJSON() ([]byte, error) {
	type fixed PermissionRow // without this method
	b, err := json.Marshal(fixed(r))
	if err != nil || len(r.Roles) == 0 {
		return b, err
	}
	roles, err := json.Marshal(r.Roles)
	if err != nil {
		return nil, err
	}
	// {"id":...,"permission":"x"} + {"role_1":true,...} → {"id":...,"permission":"x","role_1":true,...}
	return append(append(bytes.TrimSuffix(b, []byte("}")), ','), roles[1:]...), nil
}

// permissionData is GET /system/getPermissionData.
func (s *Service) permissionData(c echo.Context, _ struct{}) (PermissionRows, error) {
	p, err := session.Account(c)
	if err != nil {
		return PermissionRows{}, err
	}
	ctx := c.Request().Context()
	roles, err := s.Store.AccountRoles(ctx, p.AccountID)
	if err != nil {
		return PermissionRows{}, err
	}
	grants, err := s.Store.AccountGrants(ctx, p.AccountID)
	if err != nil {
		return PermissionRows{}, err
	}
	has := map[string]bool{}
	for _, g := range grants {
		has[g.Role+"|"+g.RowID()] = true
	}
	rows := []PermissionRow{}
	for _, row := range authz.Rows() {
		perm, _ := authz.Lookup(row.Code)
		r := PermissionRow{ID: row.RowID(), ResourceID: int(row.Resource), Resource: authz.ResourceNames[row.Resource],
			Action: string(row.Action), Code: int(row.Code), Permission: perm.Name, Roles: map[string]bool{}}
		for _, role := range roles {
			r.Roles[roleField(role.ID)] = has[role.Name+"|"+row.RowID()]
		}
		rows = append(rows, r)
	}
	return PermissionRows{Rows: rows}, nil
}

// PermissionChange is the body of POST /system/updatePermission: tick or untick
// one role's checkbox in one row. Validate resolves the row; the store resolves the
// role among the account's and refuses to leave nobody able to manage permissions.
type PermissionChange struct {
	RowID     string `json:"rowId" required:"true"`
	RoleName  string `json:"roleName" required:"true"`
	IsChecked *bool  `json:"isChecked" required:"true"`
	grant     authz.Grant
}

// Validate checks the row and the flag.
func (in *PermissionChange) Validate() error {
	res, act, code, ok := authz.ParseRowID(in.RowID)
	if !ok {
		return httperr.BadRequest("rowId", "Unknown permission row %q", in.RowID)
	}
	if strings.TrimSpace(in.RoleName) == "" {
		return httperr.BadRequest("roleName", "roleName is required")
	}
	if in.IsChecked == nil {
		return httperr.BadRequest("isChecked", "isChecked must be true or false")
	}
	in.grant = authz.Grant{Role: in.RoleName, Resource: res, Action: act, Code: code}
	return nil
}

// updatePermission is POST /system/updatePermission {rowId, roleName, isChecked}.
func (s *Service) updatePermission(c echo.Context, in PermissionChange) (route.OK, error) {
	p, err := session.Account(c)
	if err != nil {
		return route.OK{}, err
	}
	if err := s.Store.SetGrant(c.Request().Context(), actor(p), in.grant, *in.IsChecked); err != nil {
		return route.OK{}, err
	}
	s.Authz.Invalidate(p.AccountID)
	return route.OK{OK: true}, nil
}

// NewRole is the body of POST /system/addRole.
type NewRole struct {
	RoleName string `json:"roleName" required:"true"`
}

// Validate leaves the name's checks to the store (one place for add and rename).
func (in NewRole) Validate() error { return nil }

// addRole is POST /system/addRole {roleName}: a new role of the account, holding no
// permission yet; the answer is the role with its role-type id.
func (s *Service) addRole(c echo.Context, in NewRole) (store.Role, error) {
	p, err := session.Account(c)
	if err != nil {
		return store.Role{}, err
	}
	r, err := s.Store.AddRole(c.Request().Context(), actor(p), in.RoleName)
	if err != nil {
		return store.Role{}, err
	}
	s.Authz.Invalidate(p.AccountID)
	return r, nil
}

// RoleRename is the body of POST /system/renameRole.
type RoleRename struct {
	RoleID   reqbody.ID `json:"roleId" required:"true"`
	RoleName string     `json:"roleName" required:"true"`
}

// Validate requires the role id.
func (in RoleRename) Validate() error {
	if in.RoleID <= 0 {
		return httperr.BadRequest("roleId", "roleId is required")
	}
	return nil
}

// renameRole is POST /system/renameRole {roleId, roleName}: its members and grants
// keep the role under the new name.
func (s *Service) renameRole(c echo.Context, in RoleRename) (route.OK, error) {
	p, err := session.Account(c)
	if err != nil {
		return route.OK{}, err
	}
	if err := s.Store.RenameRole(c.Request().Context(), actor(p), int(in.RoleID), in.RoleName); err != nil {
		return route.OK{}, err
	}
	s.Authz.Invalidate(p.AccountID)
	return route.OK{OK: true}, nil
}

// RoleDelete is the body of POST /system/deleteRole.
type RoleDelete struct {
	RoleID reqbody.ID `json:"roleId" required:"true"`
}

// Validate requires the role id.
func (in RoleDelete) Validate() error {
	if in.RoleID <= 0 {
		return httperr.BadRequest("roleId", "roleId is required")
	}
	return nil
}

// deleteRole is POST /system/deleteRole {roleId}: the role and its grants go (409
// while users hold it); casbin reloads the account's policy on the next request.
func (s *Service) deleteRole(c echo.Context, in RoleDelete) (route.OK, error) {
	p, err := session.Account(c)
	if err != nil {
		return route.OK{}, err
	}
	if err := s.Store.DeleteRole(c.Request().Context(), actor(p), int(in.RoleID)); err != nil {
		return route.OK{}, err
	}
	s.Authz.Invalidate(p.AccountID)
	return route.OK{OK: true}, nil
}
