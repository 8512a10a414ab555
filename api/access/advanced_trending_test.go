package access_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pricelens/api/access"
	"pricelens/deploy/testenv"
)

// Resource 9 (advanced trending) gates the extra custom-field lines of the trend
// screens (docs/product.md §6: the insights permission gates advanced trending and
// the custom-field selectors), and only them: a user whose role loses it keeps the
// trend itself. Real sessions over the real server, the grant changed through the
// permission grid as an administrator would.
func TestAdvancedTrendingGatesCustomFieldLines(t *testing.T) {
	w, _ := testenv.ClickHouse(t)
	e := newEnv(t, w)
	acc := e.account("Acme")
	e.exec(`UPDATE accounts SET custom_fields = '[{"logical_name":"revenue_30d","display_name":"Revenue (30 days)"}]' WHERE id = $1`, acc)
	e.user("admin@acme.test", "admin", acc)
	e.user("viewer@acme.test", "viewer", acc)
	admin := e.login("admin@acme.test", acc)
	viewer := e.login("viewer@acme.test", acc)

	trend := obj{"report_name": "price_trend"}
	lowerData := obj{"condition": trend, "customField": "revenue_30d"}
	expect := func(c *client, want int, why string) {
		t.Helper()
		st, body := c.call("GET", "/api/trend/getLowerCfList", nil)
		assert.Equal(t, want, st, "getLowerCfList %s: %v", why, body)
		if want == 200 {
			fields, _ := body["customFields"].([]any)
			require.Len(t, fields, 1, "%v", body)
			assert.Equal(t, "revenue_30d", fields[0].(obj)["logical_name"])
		} else {
			assert.Equal(t, access.Locked, errMsg(body))
		}
		st, body = c.call("POST", "/api/trend/getLowerCfData", lowerData)
		assert.Equal(t, want, st, "getLowerCfData %s: %v", why, body)
		if want == 200 {
			assert.Contains(t, body, "rows")
		} else {
			assert.Equal(t, access.Locked, errMsg(body))
		}
		// The trend itself needs only "view report".
		st, body = c.call("POST", "/api/trend/getConditionsData", obj{"data": trend})
		assert.Equal(t, 200, st, "getConditionsData %s: %v", why, body)
	}

	expect(viewer, 200, "as a viewer with the default grants (advanced trending included)")
	expect(admin, 200, "as an admin")

	const advancedTrending = "9:read:any:23" // resource 9, read, code 23
	st, body := admin.call("POST", "/api/system/updatePermission", obj{"rowId": advancedTrending, "roleName": "viewer", "isChecked": false})
	require.Equal(t, 200, st, "%v", body)
	expect(viewer, 403, "as a viewer whose role lost advanced trending")
	expect(admin, 200, "as an admin while the viewer role lacks it")
	st, body = viewer.call("GET", "/api/system/getAccessControl", nil)
	require.Equal(t, 200, st)
	_, has := body["9"]
	assert.False(t, has, "the access-control map the screens read no longer lists resource 9: %v", body["9"])

	st, body = admin.call("POST", "/api/system/updatePermission", obj{"rowId": advancedTrending, "roleName": "viewer", "isChecked": true})
	require.Equal(t, 200, st, "%v", body)
	expect(viewer, 200, "as a viewer given advanced trending back")
}
