package access_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pricelens/api"
	"pricelens/api/access"
	"pricelens/api/route"
	"pricelens/deploy/testenv"
)

// denied lists, per role, the routes a role must NOT reach with the default grants
// (written out by hand from the role descriptions, independently of the grant table):
// analysts do everything except user and permission management; viewers only read.
var (
	adminOnly = []string{
		"GET /users/getAllAccountUsers", "POST /users/addInternalUser", "POST /users/deleteUser", "POST /users/blockUser",
		"POST /users/generatePassword", "POST /users/updateUser",
		"GET /system/getPermissionColumnsDef", "GET /system/getPermissionData", "POST /system/updatePermission",
		"POST /system/addRole", "POST /system/renameRole", "POST /system/deleteRole",
		"POST /upload/upload",
		"POST /account/setTimezone", "GET /export/getSchedules", "POST /export/addSchedule", "POST /export/removeSchedule",
		"POST /custom_reports", "PATCH /custom_reports/:id", "DELETE /custom_reports/:id",
		// Mandated brands and FSNs, and deciding approvals (permission 21, administrators by default).
		"GET /repricing/getMandatedBrands", "POST /repricing/saveMandatedBrands", "POST /repricing/deleteMandatedBrands",
		"POST /upload/uploadMandatedFSNs", "GET /upload/mandatedFSNsExample",
		"POST /approval/decide", "POST /approval/updateComment", "POST /upload/uploadApprovalCsv",
		// The Upload Files kinds that change prices (contract, reset-BAU, manual contract, CI label, event planning).
		"POST /upload/uploadContractFile", "POST /upload/uploadResetBAUFile", "POST /upload/uploadManualContract",
		"POST /upload/uploadCILabel", "POST /upload/uploadEventPlanning",
	}
	viewerAlsoDenied = []string{
		"POST /saveReport/insertSaveReport", "POST /saveReport/updateSaveReport", "POST /saveReport/removeSaveReport",
		"POST /saveReport/insertSaveReportForCopyLink", "POST /saveReport/updateScheduledReport", "POST /saveReport/saveRemovedShareAs",
		"POST /saveReport/removeScheduledReport", "GET /saveReport/getUsersEmailForScheduledReport",
		"POST /scenarios", "PUT /scenarios/reorder", "PUT /scenarios/associate", "PATCH /scenarios/:id", "DELETE /scenarios/:id",
		"POST /labels/insertNewLabels", "POST /labels/insertNewLabelsForProduct", "POST /labels/insertProductLabels",
		"POST /labels/removeLabelFromProduct", "POST /labels/removeLabel",
		"POST /labels/addAlert", "POST /labels/removeAlert", "GET /labels/getAllAlerts",
		"POST /match_feedback/flagMatch", "POST /match_feedback/unflagMatch", "POST /match_feedback/resolveMatch",
		"GET /match_feedback/getFlags", "GET /match_feedback/exportCsv",
		"POST /rules/addRule", "POST /rules/removeRule", "POST /rules/updateStatus", "POST /rules/reorder",
		"POST /rules/runRulebase", "POST /rules/saveGuardrails",
		"POST /upload/uploadLabelFSNFile",
	}
)

func deniedFor(role string) map[string]bool {
	out := map[string]bool{}
	if role == "admin" {
		return out
	}
	for _, r := range adminOnly {
		out[r] = true
	}
	if role == "viewer" {
		for _, r := range viewerAlsoDenied {
			out[r] = true
		}
	}
	return out
}

type matrixRoute struct {
	method, path string
	need         route.Access
}

// allRoutes is the server's route table: every /api route it serves (Verify makes
// startup fail for any handler outside it).
func allRoutes(e *env) []matrixRoute {
	routes, _ := api.Routes(api.Deps{Config: testenv.Config(e.t), DB: e.db})
	var out []matrixRoute
	for _, r := range routes {
		out = append(out, matrixRoute{r.Method, r.Path, r.Access})
	}
	return out
}

func TestAuthorizationMatrix(t *testing.T) {
	e := newEnv(t, nil)
	acc := e.account("Acme")
	elsewhere := e.account("Elsewhere")
	routes := allRoutes(e)
	require.Greater(t, len(routes), 50)

	// Without a session, every non-public route is a 401 (the middleware covers the
	// grid engine's routes too).
	anon := e.client()
	for _, r := range routes {
		if r.need.IsPublic() {
			continue
		}
		st, _ := anon.call(r.method, "/api"+strings.ReplaceAll(r.path, ":id", "1"), obj{})
		assert.Equal(t, 401, st, "%s %s without a session", r.method, r.path)
	}

	for _, role := range []string{"admin", "analyst", "viewer"} {
		e.user(role+"@acme.test", role, acc)
		e.user(role+"@elsewhere.test", role, elsewhere)
		in := e.login(role+"@acme.test", 0)
		out := e.login(role+"@elsewhere.test", 0)
		denied := deniedFor(role)
		for _, r := range routes {
			if r.need.IsPublic() {
				continue
			}
			key := r.method + " " + r.path
			path := fmt.Sprintf("/api%s?account_id=%d", strings.ReplaceAll(r.path, ":id", "999999"), acc)

			if r.need.IsToken() {
				// The token of GET /api/token names the account (an unassigned caller
				// gets none, the row of /token above), and every role may read these.
				st, body := in.call("GET", fmt.Sprintf("/api/token?account_id=%d", acc), nil)
				require.Equal(t, 200, st, "%v", body)
				st, body = in.callWith(r.method, "/api"+r.path, nil, map[string]string{"Authorization": "Bearer " + body["token"].(string)})
				assert.NotContains(t, []int{401, 403, 440}, st, "%s as %s with a token must be allowed (%v)", key, role, body)
				if !r.need.TakesSession() {
					// A token-only route takes no session and no account_id.
					st, _ = out.call(r.method, path, obj{})
					assert.Equal(t, 401, st, "%s with a session and no token as %s", key, role)
					continue
				}
			}
			// account_id names an account the caller is not assigned to: 403 on every route.
			st, body := out.call(r.method, path, obj{})
			assert.Equal(t, 403, st, "%s as unassigned %s", key, role)
			assert.Equal(t, access.NotAssigned, errMsg(body), "%s as unassigned %s", key, role)

			st, body = in.call(r.method, path, obj{})
			if denied[key] {
				assert.Equal(t, 403, st, "%s as %s must be denied", key, role)
				assert.Equal(t, access.Locked, errMsg(body), "%s as %s", key, role)
			} else {
				assert.NotContains(t, []int{401, 403, 440}, st, "%s as %s must be allowed (%v)", key, role, body)
			}
		}
	}
}

func TestPermissionGridEditsEnforcement(t *testing.T) {
	e := newEnv(t, nil)
	acc := e.account("Acme")
	other := e.account("Other")
	e.user("admin@acme.test", "admin", acc)
	e.user("viewer@acme.test", "viewer", acc)
	e.user("viewer@other.test", "viewer", other)
	admin := e.login("admin@acme.test", acc)
	viewer := e.login("viewer@acme.test", acc)
	otherViewer := e.login("viewer@other.test", other)

	st, body := admin.call("GET", "/api/system/getPermissionColumnsDef", nil)
	require.Equal(t, 200, st)
	cols := body["columns"].([]any)
	assert.Equal(t, "checkbox", cols[len(cols)-1].(obj)["format_type"])
	st, body = admin.call("GET", "/api/system/getPermissionData", nil)
	require.Equal(t, 200, st)
	rows := body["rows"].([]any)
	var viewRow obj
	codes := map[float64]bool{}
	for _, r := range rows {
		codes[r.(obj)["code"].(float64)] = true
		if r.(obj)["id"] == "1:read:any:2" {
			viewRow = r.(obj)
		}
	}
	assert.Len(t, codes, 24, "the grid covers permission codes 1-24")
	require.NotNil(t, viewRow)
	assert.Equal(t, "view report", viewRow["permission"])
	assert.Equal(t, true, viewRow["role_3"], "role 3 is the viewer role")

	st, _ = viewer.call("GET", "/api/labels/getAllLabels", nil)
	require.Equal(t, 200, st)
	st, _ = admin.call("POST", "/api/system/updatePermission", obj{"rowId": "1:read:any:2", "roleName": "viewer", "isChecked": false})
	require.Equal(t, 200, st)
	st, body = viewer.call("GET", "/api/labels/getAllLabels", nil)
	assert.Equal(t, 403, st, "the revoked permission is enforced at once")
	assert.Equal(t, access.Locked, errMsg(body))
	st, _ = viewer.call("POST", "/api/tabular/getCountOfRow", obj{})
	assert.Equal(t, 403, st, "grid routes need view report too")
	st, body = viewer.call("GET", "/api/system/getAccessControl", nil)
	require.Equal(t, 200, st)
	assert.NotContains(t, body["1"].(obj)["read:any"], "view report")
	st, _ = otherViewer.call("GET", "/api/labels/getAllLabels", nil)
	assert.Equal(t, 200, st, "grants are per account")

	st, _ = admin.call("POST", "/api/system/updatePermission", obj{"rowId": "1:read:any:2", "roleName": "viewer", "isChecked": true})
	require.Equal(t, 200, st)
	st, _ = viewer.call("GET", "/api/labels/getAllLabels", nil)
	assert.Equal(t, 200, st)

	for _, bad := range []obj{
		{"rowId": "1:read:any:99", "roleName": "viewer", "isChecked": true},
		{"rowId": "1:read:any:2", "roleName": "owner", "isChecked": true},
		{"rowId": "1:read:any:2", "roleName": "viewer"},
		{"rowId": "1:read:any:2", "roleName": "viewer", "isChecked": "yes"},
	} {
		st, _ = admin.call("POST", "/api/system/updatePermission", bad)
		assert.Equal(t, 400, st, "%v", bad)
	}
	st, body = admin.call("POST", "/api/system/updatePermission", obj{"rowId": "5:update:any:17", "roleName": "admin", "isChecked": false})
	assert.Equal(t, 409, st, "the admin role is the only one with users that manages permissions")
	assert.Equal(t, "This change would leave no user of the account able to manage permissions", errMsg(body))
	assert.Equal(t, 2, e.count(`SELECT count(*) FROM audit_log WHERE account_id = $1 AND entity = 'permission'`, acc))
	assert.Equal(t, http.StatusOK, 200)
}
