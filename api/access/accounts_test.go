package access_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pricelens/api/access"
)

func TestAccountsSelectionAndData(t *testing.T) {
	e := newEnv(t, nil)
	acme := e.account("Acme")
	globex := e.account("Globex")
	other := e.account("Initech")
	e.user("ana@example.com", "analyst", acme, globex)
	e.exec(`UPDATE accounts SET settings = '{"currency_symbol": "€"}' WHERE id = $1`, acme)
	e.exec(`INSERT INTO labels (account_id, name, color) VALUES ($1, 'Promo', 'ff0000'), ($2, 'Secret', '00ff00')`, acme, other)

	c := e.login("ana@example.com", 0)
	st, body := c.call("GET", "/api/account/getAccounts", nil)
	require.Equal(t, 200, st)
	accs := body["accounts"].([]any)
	require.Len(t, accs, 2, "only assigned accounts are listed")
	assert.Equal(t, "Acme", accs[0].(obj)["name"])
	assert.Equal(t, "Globex", accs[1].(obj)["name"])
	st, body = c.call("GET", "/api/account/getAccountsWithAuth", nil)
	require.Equal(t, 200, st)
	assert.Equal(t, "analyst", body["accounts"].([]any)[0].(obj)["role"])

	st, body = c.call("POST", "/api/account/setAccount", obj{"account_id": other})
	assert.Equal(t, 403, st)
	assert.Equal(t, access.NotAssigned, errMsg(body))
	st, body = c.call("GET", fmt.Sprintf("/api/labels/getAllLabels?account_id=%d", other), nil)
	assert.Equal(t, 403, st)
	assert.Equal(t, access.NotAssigned, errMsg(body))
	st, _ = c.call("GET", "/api/labels/getAllLabels?account_id=abc", nil)
	assert.Equal(t, 400, st)

	// account_id on any route selects that account for that request only: a GET
	// (no CSRF token needed) must not change the session's stored account.
	st, body = c.call("GET", fmt.Sprintf("/api/account/getAccounts?account_id=%d", globex), nil)
	require.Equal(t, 200, st, "%v", body)
	st, body = c.call("POST", "/api/auth/isAuth", obj{})
	require.Equal(t, 200, st)
	assert.Nil(t, body["account_id"], "a GET stored no account on the session")
	st, body = c.call("GET", fmt.Sprintf("/api/account/getAccountData?account_id=%d", globex), nil)
	require.Equal(t, 200, st, "%v", body)
	assert.Equal(t, "Globex", body["account_name"])
	st, body = c.call("POST", "/api/account/setAccount", obj{"account_id": acme})
	require.Equal(t, 200, st, "%v", body)
	st, body = c.call("GET", fmt.Sprintf("/api/account/getAccountData?account_id=%d", globex), nil)
	require.Equal(t, 200, st, "%v", body)
	assert.Equal(t, "Globex", body["account_name"], "the parameter wins for its request")
	st, body = c.call("GET", "/api/account/getAccountData", nil)
	require.Equal(t, 200, st, "%v", body)
	assert.Equal(t, "Acme", body["account_name"])
	assert.Equal(t, "ana@example.com", body["userEmail"])
	assert.Equal(t, "analyst", body["role"])
	settings := body["settings"].(obj)
	assert.Equal(t, "€", settings["currency_symbol"], "the account's own setting wins")
	assert.Equal(t, "revenue_30d,units_30d,page_views_30d", settings["distribution_weights_cf_list"], "defaults fill the rest")
	assert.Len(t, body["competitors"].(obj), 2)
	labels := body["labels"].([]any)
	require.Len(t, labels, 1)
	assert.Equal(t, "Promo", labels[0].(obj)["name"])
	assert.Len(t, body["role_types"].([]any), 3)
	perms := body["userPermissions"].(obj)
	assert.Contains(t, perms["1"].(obj)["create:any"], "create report")
	assert.NotContains(t, perms, "8", "an analyst does not manage users")

	st, body = c.call("POST", "/api/auth/isAuth", obj{})
	require.Equal(t, 200, st)
	assert.Equal(t, float64(acme), body["account_id"])
	st, body = c.call("GET", "/api/account/refreshAccountData", nil)
	require.Equal(t, 200, st)
	assert.Equal(t, float64(acme), body["account_id"])

	st, body = c.call("GET", "/api/system/getAccessControl", nil)
	require.Equal(t, 200, st)
	assert.Equal(t, []any{"view report", "filters competitor price"}, body["1"].(obj)["read:any"])
	st, body2 := c.call("GET", "/api/users/getUserPermissions", nil)
	require.Equal(t, 200, st)
	assert.Equal(t, body, body2)

	// Removing the assignment takes the account away from the live session.
	e.exec(`DELETE FROM memberships WHERE account_id = $1`, acme)
	st, body = c.call("GET", "/api/account/getAccountData", nil)
	assert.Equal(t, 403, st)
	assert.Equal(t, access.NotAssigned, errMsg(body))
}

func TestSaveNewEmail(t *testing.T) {
	e := newEnv(t, nil)
	acc := e.account("Acme")
	e.user("ana@example.com", "analyst", acc)
	e.user("bob@example.com", "analyst", acc)
	c := e.login("ana@example.com", acc)
	st, body := c.call("POST", "/api/users/saveNewEmail", obj{"email": ""})
	assert.Equal(t, 400, st)
	assert.Equal(t, "Email is required", errMsg(body))
	st, body = c.call("POST", "/api/users/saveNewEmail", obj{"email": "not-an-email"})
	assert.Equal(t, 400, st)
	assert.Equal(t, "Please enter a valid email address", errMsg(body))
	st, body = c.call("POST", "/api/users/saveNewEmail", obj{"email": "BOB@example.com"})
	assert.Equal(t, 409, st)
	assert.Equal(t, "This email address is already in use", errMsg(body))
	st, _ = c.call("POST", "/api/users/saveNewEmail", obj{"email": "ana.new@example.com"})
	require.Equal(t, 200, st)
	e.login("ana.new@example.com", acc)
}
