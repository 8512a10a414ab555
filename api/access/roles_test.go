package access_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pricelens/api/access"
)

// TestAccountRolesAreEditable: an administrator adds a role and renames it; the
// permissions grid shows it, users get it, and casbin enforces what the grid says
// for it from the next request on. Roles are per account.
func TestAccountRolesAreEditable(t *testing.T) {
	e := newEnv(t, nil)
	acc := e.account("Acme")
	other := e.account("Other")
	e.user("admin@acme.test", "admin", acc)
	lead := e.user("lead@acme.test", "viewer", acc)
	e.user("admin@other.test", "admin", other)
	admin := e.login("admin@acme.test", acc)
	leadC := e.login("lead@acme.test", acc)
	otherAdmin := e.login("admin@other.test", other)

	// Bad names, with a message a person can act on; nothing is written.
	for body, want := range map[string]struct {
		st  int
		msg string
	}{
		`{"roleName": "  "}`:                              {400, "Role name is required"},
		`{"roleName": "` + strings.Repeat("x", 51) + `"}`: {400, "A role name can't be longer than 50 characters"},
		`{"roleName": "Viewer"}`:                          {409, "A role with this name already exists"},
		`{"roleName": "42"}`:                              {400, "A role name can't be only digits"},
		`{}`:                                              {400, ""},
	} {
		st, res := admin.call("POST", "/api/system/addRole", body)
		assert.Equal(t, want.st, st, body)
		if want.msg != "" {
			assert.Equal(t, want.msg, errMsg(res), body)
		}
	}
	assert.Equal(t, 3, e.count(`SELECT count(*) FROM account_roles WHERE account_id = $1`, acc))

	st, res := admin.call("POST", "/api/system/addRole", obj{"roleName": " Pricing lead "})
	require.Equal(t, 200, st, "%v", res)
	assert.Equal(t, obj{"id": float64(4), "name": "Pricing lead"}, res)
	st, res = admin.call("GET", "/api/system/getPermissionColumnsDef", nil)
	require.Equal(t, 200, st)
	last := res["columns"].([]any)[6].(obj)
	assert.Equal(t, obj{"colId": "role_4", "field": "role_4", "headerName": "Pricing lead", "format_type": "checkbox", "roleId": float64(4)}, last)
	st, res = admin.call("GET", "/api/account/getAccountData", nil)
	require.Equal(t, 200, st)
	assert.Contains(t, res["role_types"], obj{"id": float64(4), "name": "Pricing lead"})

	// The new role holds nothing: its user can't read reports until the grid says so.
	st, _ = admin.call("POST", "/api/users/updateUser", obj{"user_id": lead, "role": 4})
	require.Equal(t, 200, st)
	st, res = leadC.call("GET", "/api/labels/getAllLabels", nil)
	assert.Equal(t, 403, st)
	assert.Equal(t, access.Locked, errMsg(res))
	st, _ = admin.call("POST", "/api/system/updatePermission", obj{"rowId": "1:read:any:2", "roleName": "Pricing lead", "isChecked": true})
	require.Equal(t, 200, st)
	st, _ = leadC.call("GET", "/api/labels/getAllLabels", nil)
	assert.Equal(t, 200, st, "granted in the grid, allowed on the next request")

	// Renamed: the user and the grant stay with the role.
	st, res = admin.call("POST", "/api/system/renameRole", obj{"roleId": 4, "roleName": "Category lead"})
	require.Equal(t, 200, st, "%v", res)
	st, _ = leadC.call("GET", "/api/labels/getAllLabels", nil)
	assert.Equal(t, 200, st)
	st, res = admin.call("GET", "/api/users/getAllAccountUsers", nil)
	require.Equal(t, 200, st)
	for _, u := range res["users"].([]any) {
		if u.(obj)["email"] == "lead@acme.test" {
			assert.Equal(t, "Category lead", u.(obj)["role"])
			assert.Equal(t, float64(4), u.(obj)["role_id"])
		}
	}
	st, res = admin.call("GET", "/api/system/getPermissionData", nil)
	require.Equal(t, 200, st)
	for _, r := range res["rows"].([]any) {
		row := r.(obj)
		assert.Equal(t, row["id"] == "1:read:any:2", row["role_4"], "%s", row["id"])
	}
	st, _ = admin.call("POST", "/api/system/updatePermission", obj{"rowId": "1:read:any:2", "roleName": "Category lead", "isChecked": false})
	require.Equal(t, 200, st)
	st, _ = leadC.call("GET", "/api/labels/getAllLabels", nil)
	assert.Equal(t, 403, st, "revoked in the grid, refused on the next request")

	for body, want := range map[string]struct {
		st  int
		msg string
	}{
		`{"roleId": 4, "roleName": "ADMIN"}`:   {409, "A role with this name already exists"},
		`{"roleId": 99, "roleName": "Nobody"}`: {404, "Role not found"},
		`{"roleId": 0, "roleName": "Nobody"}`:  {400, "roleId is required"},
		`{"roleId": 4, "roleName": ""}`:        {400, "Role name is required"},
	} {
		st, res := admin.call("POST", "/api/system/renameRole", body)
		assert.Equal(t, want.st, st, body)
		assert.Equal(t, want.msg, errMsg(res), body)
	}

	// Tenancy: the other account has its own three roles and knows none of these.
	st, res = otherAdmin.call("POST", "/api/system/renameRole", obj{"roleId": 4, "roleName": "Mine"})
	assert.Equal(t, 404, st)
	st, res = otherAdmin.call("POST", "/api/system/updatePermission", obj{"rowId": "1:read:any:2", "roleName": "Category lead", "isChecked": true})
	assert.Equal(t, 400, st)
	assert.Equal(t, "Unknown role", errMsg(res))
	st, res = otherAdmin.call("GET", "/api/system/getPermissionColumnsDef", nil)
	require.Equal(t, 200, st)
	assert.Len(t, res["columns"], 6)
	st, _ = otherAdmin.call("POST", "/api/users/updateUser", obj{"user_id": lead, "role": 1})
	assert.Equal(t, 404, st, "not a user of the other account")

	// The administrator role (id 1) renamed still administers: resetting needs it.
	st, _ = admin.call("POST", "/api/system/renameRole", obj{"roleId": 1, "roleName": "Owner"})
	require.Equal(t, 200, st)
	st, res = admin.call("POST", "/api/users/generatePassword", obj{"user_id": lead})
	assert.Equal(t, 200, st, "%v", res)
	st, _ = admin.call("GET", "/api/system/getPermissionData", nil)
	assert.Equal(t, 200, st)
	assert.Equal(t, 3, e.count(`SELECT count(*) FROM audit_log WHERE account_id = $1 AND entity = 'role'`, acc))
}

// TestDeleteRole: a role is deleted with its grants only when no user holds it (a
// 409 says how many do); the administrator and default roles stay; a user given
// the role again is refused; the grid and casbin follow at once; tenancy.
func TestDeleteRole(t *testing.T) {
	e := newEnv(t, nil)
	acc := e.account("Acme")
	other := e.account("Other")
	e.user("admin@acme.test", "admin", acc)
	lead := e.user("lead@acme.test", "viewer", acc)
	e.user("admin@other.test", "admin", other)
	admin := e.login("admin@acme.test", acc)
	otherAdmin := e.login("admin@other.test", other)

	st, res := admin.call("POST", "/api/system/addRole", obj{"roleName": "Pricing lead"})
	require.Equal(t, 200, st, "%v", res)
	st, _ = admin.call("POST", "/api/system/updatePermission", obj{"rowId": "1:read:any:2", "roleName": "Pricing lead", "isChecked": true})
	require.Equal(t, 200, st)
	st, _ = admin.call("POST", "/api/users/updateUser", obj{"user_id": lead, "role": 4})
	require.Equal(t, 200, st)
	leadC := e.login("lead@acme.test", acc)
	st, _ = leadC.call("GET", "/api/labels/getAllLabels", nil)
	require.Equal(t, 200, st)

	// Held by a user: refused, nothing changes.
	st, res = admin.call("POST", "/api/system/deleteRole", obj{"roleId": 4})
	assert.Equal(t, 409, st)
	assert.Equal(t, `The role "Pricing lead" can't be deleted: 1 user still holds it. Give them another role first.`, errMsg(res))
	assert.Equal(t, 1, e.count(`SELECT count(*) FROM role_grants WHERE account_id = $1 AND role = 'Pricing lead'`, acc))

	for body, want := range map[string]struct {
		st  int
		msg string
	}{
		`{"roleId": 1}`:  {409, "The administrator role can't be deleted; rename it instead"},
		`{"roleId": 2}`:  {409, "The new users' default role can't be deleted; rename it instead"},
		`{"roleId": 99}`: {404, "Role not found"},
		`{"roleId": 0}`:  {400, "roleId is required"},
		`{}`:             {400, ""},
	} {
		st, res := admin.call("POST", "/api/system/deleteRole", body)
		assert.Equal(t, want.st, st, body)
		if want.msg != "" {
			assert.Equal(t, want.msg, errMsg(res), body)
		}
	}
	// Another account's administrator can't reach it.
	st, _ = otherAdmin.call("POST", "/api/system/deleteRole", obj{"roleId": 4})
	assert.Equal(t, 404, st)

	// Once nobody holds it, it goes with its grants; the grid loses its column.
	st, _ = admin.call("POST", "/api/users/updateUser", obj{"user_id": lead, "role": "viewer"})
	require.Equal(t, 200, st)
	st, res = admin.call("POST", "/api/system/deleteRole", obj{"roleId": 4})
	require.Equal(t, 200, st, "%v", res)
	assert.Equal(t, 0, e.count(`SELECT count(*) FROM role_grants WHERE account_id = $1 AND role = 'Pricing lead'`, acc))
	assert.Equal(t, 0, e.count(`SELECT count(*) FROM account_roles WHERE account_id = $1 AND id = 4`, acc))
	st, res = admin.call("GET", "/api/system/getPermissionColumnsDef", nil)
	require.Equal(t, 200, st)
	assert.Len(t, res["columns"], 6)
	st, res = admin.call("GET", "/api/account/getAccountData", nil)
	require.Equal(t, 200, st)
	assert.NotContains(t, res["role_types"], obj{"id": float64(4), "name": "Pricing lead"})
	st, res = admin.call("POST", "/api/users/updateUser", obj{"user_id": lead, "role": 4})
	assert.Equal(t, 400, st)
	assert.Equal(t, "Unknown role", errMsg(res))
	// A new role of the same name starts with no grant: casbin enforces that.
	st, _ = admin.call("POST", "/api/system/addRole", obj{"roleName": "Pricing lead"})
	require.Equal(t, 200, st)
	st, _ = admin.call("POST", "/api/users/updateUser", obj{"user_id": lead, "role": "Pricing lead"})
	require.Equal(t, 200, st)
	st, _ = leadC.call("GET", "/api/labels/getAllLabels", nil)
	assert.Equal(t, 403, st, "the deleted role's grant did not come back with the name")
	assert.Equal(t, 1, e.count(`SELECT count(*) FROM audit_log WHERE account_id = $1 AND entity = 'role' AND action = 'delete'`, acc))
}

// TestPermissionAdministrationCannotBeLockedOut: no grant change, role change,
// removal or block may leave the account without a user who can manage permissions.
func TestPermissionAdministrationCannotBeLockedOut(t *testing.T) {
	e := newEnv(t, nil)
	acc := e.account("Acme")
	e.user("admin@acme.test", "admin", acc)
	ana := e.user("ana@acme.test", "analyst", acc)
	admin := e.login("admin@acme.test", acc)
	const lockout = "This change would leave no user of the account able to manage permissions"

	// The analysts get the grid too; then the admin role may drop it.
	for _, row := range []string{"5:read:any:17", "5:update:any:17"} {
		st, _ := admin.call("POST", "/api/system/updatePermission", obj{"rowId": row, "roleName": "analyst", "isChecked": true})
		require.Equal(t, 200, st)
	}
	st, res := admin.call("POST", "/api/system/updatePermission", obj{"rowId": "5:update:any:17", "roleName": "admin", "isChecked": false})
	require.Equal(t, 200, st, "%v", res)

	// Ana is now the only one: her grant, her role and her membership stay.
	st, _ = admin.call("POST", "/api/system/updatePermission", obj{"rowId": "5:read:any:17", "roleName": "analyst", "isChecked": false})
	assert.Equal(t, 403, st, "the admin role no longer edits the grid")
	anaC := e.login("ana@acme.test", acc)
	st, res = anaC.call("POST", "/api/system/updatePermission", obj{"rowId": "5:read:any:17", "roleName": "analyst", "isChecked": false})
	assert.Equal(t, 409, st)
	assert.Equal(t, lockout, errMsg(res))
	st, res = admin.call("POST", "/api/users/updateUser", obj{"user_id": ana, "role": "viewer"})
	assert.Equal(t, 409, st)
	assert.Equal(t, lockout, errMsg(res))
	st, res = admin.call("POST", "/api/users/deleteUser", obj{"user_id": ana})
	assert.Equal(t, 409, st)
	assert.Equal(t, lockout, errMsg(res))
	st, res = admin.call("POST", "/api/users/blockUser", obj{"user_id": ana})
	assert.Equal(t, 409, st)
	assert.Equal(t, lockout, errMsg(res))
	assert.Equal(t, 1, e.count(`SELECT count(*) FROM memberships WHERE user_id = $1 AND role = 'analyst' AND NOT blocked`, ana))

	// Given back to the admin role, the analysts can lose it again.
	st, _ = anaC.call("POST", "/api/system/updatePermission", obj{"rowId": "5:update:any:17", "roleName": "admin", "isChecked": true})
	require.Equal(t, 200, st)
	st, _ = admin.call("POST", "/api/users/updateUser", obj{"user_id": ana, "role": "viewer"})
	assert.Equal(t, 200, st)
}

// TestHomePath: the login configuration says where "/" leads on this deployment.
func TestHomePath(t *testing.T) {
	t.Setenv("PRICELENS_HOME_PAGE", "saved_reports")
	e := newEnv(t, nil)
	st, res := e.client().call("GET", "/api/login/config", nil)
	require.Equal(t, 200, st)
	assert.Equal(t, "/saved_reports", res["home_path"])
}
