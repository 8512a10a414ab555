package access

import (
	"bytes"
	"context"
	"encoding/json"
	"pricelens/api/route"

	"github.com/labstack/echo/v4"

	"pricelens/api/httperr"
	"pricelens/api/session"
	"pricelens/store/authz"
)

// PermissionColumns are the ag-grid column definitions of the permissions grid.
type PermissionColumns struct {
	Columns []PermissionColumn `json:"columns" openapi:"always"`
}

// PermissionColumn is one ag-grid column: the row's resource, action and
// permission (grouped), then a checkbox column per role.
type PermissionColumn struct {
	ColID      string `json:"colId" openapi:"always"`
	Field      string `json:"field" openapi:"always"`
	HeaderName string `json:"headerName" openapi:"always"`
	RowGroup   bool   `json:"rowGroup,omitempty"`
	FormatType string `json:"format_type,omitempty"` // "checkbox" on the role columns
}

// permissionColumns is GET /system/getPermissionColumnsDef.
func (s *Service) permissionColumns(echo.Context, struct{}) (PermissionColumns, error) {
	cols := []PermissionColumn{
		{ColID: "resource", Field: "resource", HeaderName: "Resource", RowGroup: true},
		{ColID: "action", Field: "action", HeaderName: "Action", RowGroup: true},
		{ColID: "permission", Field: "permission", HeaderName: "Permission"},
	}
	for _, r := range authz.Roles {
		cols = append(cols, PermissionColumn{ColID: r, Field: r, HeaderName: r, FormatType: "checkbox"})
	}
	return PermissionColumns{Columns: cols}, nil
}

// PermissionRows are the rows of the permissions grid, one per (resource, action, code).
type PermissionRows struct {
	Rows []PermissionRow `json:"rows" openapi:"always"`
}

// PermissionRow is one permission and, under each role's name (the grid's column
// ids, authz.Roles), whether the account grants it to the role:
// {"id", "resource_id", "resource", "action", "code", "permission", "admin": bool, ...}.
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
	// {"id":...,"permission":"x"} + {"admin":true,...} → {"id":...,"permission":"x","admin":true,...}
	return append(append(bytes.TrimSuffix(b, []byte("}")), ','), roles[1:]...), nil
}

// permissionData is GET /system/getPermissionData.
func (s *Service) permissionData(c echo.Context, _ struct{}) (PermissionRows, error) {
	p, err := session.Account(c)
	if err != nil {
		return PermissionRows{}, err
	}
	grants, err := s.Store.AccountGrants(c.Request().Context(), p.AccountID)
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
		for _, role := range authz.Roles {
			r.Roles[role] = has[role+"|"+row.RowID()]
		}
		rows = append(rows, r)
	}
	return PermissionRows{Rows: rows}, nil
}

// PermissionChange is the body of POST /system/updatePermission: tick or untick
// one role's checkbox in one row. Validate resolves the row.
type PermissionChange struct {
	RowID     string `json:"rowId" required:"true"`
	RoleName  string `json:"roleName" required:"true"`
	IsChecked *bool  `json:"isChecked" required:"true"`
	grant     authz.Grant
}

// Validate checks the row, the role and the flag, and keeps the admin role able to
// manage permissions (409).
func (in *PermissionChange) Validate() error {
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
	in.grant = authz.Grant{Role: in.RoleName, Resource: res, Action: act, Code: code}
	return nil
}

// updatePermission is POST /system/updatePermission {rowId, roleName, isChecked}.
func (s *Service) updatePermission(c echo.Context, in PermissionChange) (route.OK, error) {
	p, err := session.Account(c)
	if err != nil {
		return route.OK{}, err
	}
	if err := s.setGrant(c.Request().Context(), p, in.grant, *in.IsChecked); err != nil {
		return route.OK{}, err
	}
	return route.OK{OK: true}, nil
}

// setGrant grants or revokes one permission of a role in the principal's account
// and drops the account's cached policy.
func (s *Service) setGrant(ctx context.Context, p session.Principal, g authz.Grant, granted bool) error {
	if err := s.Store.SetGrant(ctx, actor(p), g, granted); err != nil {
		return err
	}
	s.Authz.Invalidate(p.AccountID)
	return nil
}
