package access_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pricelens/api/access"
	"pricelens/deploy/testenv"
)

func TestUserManagement(t *testing.T) {
	e := newEnv(t, nil)
	acc := e.account("Acme")
	other := e.account("Other")
	e.user("admin@acme.test", "admin", acc)
	outsider := e.user("outsider@other.test", "analyst", other)
	sso := e.ssoUser("sso@acme.test", "analyst", acc)
	admin := e.login("admin@acme.test", acc)
	electronics, toys, books := e.superCategory(acc, "Electronics"), e.superCategory(acc, "Toys"), e.superCategory(acc, "Books")
	theirs := e.superCategory(other, "Garden")

	// Validation, with the specification's messages; nothing is written.
	for body, msg := range map[string]string{
		`{"email": ""}`:     "Email is required",
		`{"email": "bob@"}`: "Please enter a valid email address",
		`{"email": "bob@acme.test", "user_role": "god"}`:                   "Unknown role",
		`{"email": "bob@acme.test", "categories": [` + itoa(theirs) + `]}`: "Unknown category",
		`{"email": "bob@acme.test", "categories": [0]}`:                    "Unknown category",
	} {
		st, res := admin.call("POST", "/api/users/addInternalUser", body)
		assert.Equal(t, 400, st, body)
		assert.Equal(t, msg, errMsg(res), body)
	}
	st, res := admin.call("POST", "/api/users/addInternalUser", `{"email": 12}`)
	assert.Equal(t, 400, st)
	assert.Equal(t, "email", res["error"].(obj)["field"])
	assert.Equal(t, 0, e.count(`SELECT count(*) FROM users WHERE email LIKE 'bob%'`))

	// A new address gets an invitation (a set-password link by mail), role type 2 by
	// default; an address that already has a user gets the very same answer.
	st, res = admin.call("POST", "/api/users/addInternalUser", obj{"email": "bob@acme.test", "categories": []int64{electronics}})
	require.Equal(t, 200, st, "%v", res)
	assert.Equal(t, obj{"message": "An invitation has been sent to bob@acme.test."}, res)
	pw := "bobs own password"
	st, res = e.client().call("POST", "/api/login/resetPassword/confirm", obj{"token": inviteToken(t, e, "bob@acme.test"), "password": pw})
	require.Equal(t, 200, st, "%v", res)
	bob := e.client()
	st, _ = bob.call("POST", "/api/auth", obj{"email": "bob@acme.test", "password": pw})
	require.Equal(t, 200, st)
	st, _ = admin.call("POST", "/api/users/addInternalUser", obj{"email": "bob@acme.test"})
	assert.Equal(t, 409, st, "already assigned")
	st, res = admin.call("POST", "/api/users/addInternalUser", obj{"email": "outsider@other.test", "user_role": 3})
	require.Equal(t, 200, st)
	assert.Equal(t, obj{"message": "An invitation has been sent to outsider@other.test."}, res,
		"the answer does not reveal that the address already has a user")

	st, res = admin.call("GET", "/api/users/getAllAccountUsers", nil)
	require.Equal(t, 200, st)
	users := map[string]obj{}
	for _, u := range res["users"].([]any) {
		users[u.(obj)["email"].(string)] = u.(obj)
	}
	require.Len(t, users, 4)
	assert.Equal(t, "analyst", users["bob@acme.test"]["role"])
	assert.Equal(t, float64(2), users["bob@acme.test"]["role_id"])
	assert.Equal(t, []any{float64(electronics)}, users["bob@acme.test"]["categories"], "super category ids")
	assert.Equal(t, []any{"Electronics"}, users["bob@acme.test"]["category_names"])
	assert.Equal(t, []any{}, users["admin@acme.test"]["categories"], "empty: all categories")
	assert.Equal(t, float64(1), users["sso@acme.test"]["is_saml"])
	assert.Equal(t, "viewer", users["outsider@other.test"]["role"])
	bobID := num(users["bob@acme.test"]["id"])

	// Role and categories; the change applies to the user's next request.
	st, _ = admin.call("POST", "/api/users/updateUser", obj{"user_id": bobID, "role": 3})
	require.Equal(t, 200, st)
	st, _ = admin.call("POST", "/api/users/updateUser", obj{"user_id": bobID, "categories": []any{toys, itoa(books)}})
	require.Equal(t, 200, st)
	st, res = admin.call("POST", "/api/users/updateUser", obj{"user_id": bobID, "categories": []int64{theirs}})
	assert.Equal(t, 400, st, "another account's category")
	assert.Equal(t, "Unknown category", errMsg(res))
	assert.Equal(t, 1, e.count(`SELECT count(*) FROM memberships WHERE user_id = $1 AND role = 'viewer' AND categories = '{Toys,Books}'`, bobID))
	st, _ = admin.call("POST", "/api/users/updateUser", obj{"user_id": bobID, "role": "owner"})
	assert.Equal(t, 400, st)

	// SSO users cannot be deleted or have passwords reset.
	st, res = admin.call("POST", "/api/users/deleteUser", obj{"user_id": sso, "email": "sso@acme.test"})
	assert.Equal(t, 409, st)
	assert.Equal(t, "can't do action to sso user", errMsg(res))
	st, res = admin.call("POST", "/api/users/generatePassword", obj{"user_id": sso})
	assert.Equal(t, 409, st)
	assert.Equal(t, "can't do action to sso user", errMsg(res))

	// A new password replaces the old one and ends the user's sessions.
	st, res = admin.call("POST", "/api/users/generatePassword", obj{"user_id": bobID})
	require.Equal(t, 200, st)
	newPW := res["password"].(string)
	assert.NotEqual(t, pw, newPW)
	st, _ = bob.call("POST", "/api/auth/isAuth", obj{})
	assert.Equal(t, 401, st)
	st, _ = e.client().call("POST", "/api/auth", obj{"email": "bob@acme.test", "password": newPW})
	assert.Equal(t, 200, st)

	// Users of other accounts are unknown here.
	st, _ = admin.call("POST", "/api/users/deleteUser", obj{"user_id": outsider + 1000})
	assert.Equal(t, 404, st)
	st, _ = admin.call("POST", "/api/users/deleteUser", obj{"user_id": "abc"})
	assert.Equal(t, 400, st)

	// The outsider also belongs to an account this admin does not administer: no
	// block and no password for them here (see TestAdminCannotTakeOverOtherAccountsUser).
	st, res = admin.call("POST", "/api/users/blockUser", obj{"user_id": outsider})
	assert.Equal(t, 403, st)
	assert.Equal(t, "Feature is locked for this user", errMsg(res))

	// Block removes the user from the list and from the account; a blocked member
	// can still be deleted, and adding them again unblocks them.
	st, res = admin.call("POST", "/api/users/blockUser", obj{"user_id": bobID})
	require.Equal(t, 200, st)
	assert.Equal(t, "done", res["message"])
	bob2 := e.client()
	st, res = bob2.call("POST", "/api/auth", obj{"email": "bob@acme.test", "password": newPW})
	require.Equal(t, 200, st)
	bob2.csrf = res["csrfToken"].(string)
	st, res = bob2.call("POST", "/api/account/setAccount", obj{"account_id": acc})
	assert.Equal(t, 403, st)
	assert.Equal(t, access.NotAssigned, errMsg(res))
	st, _ = admin.call("POST", "/api/users/addInternalUser", obj{"email": "bob@acme.test", "user_role": 3})
	require.Equal(t, 200, st, "adding a blocked user again unblocks them")
	st, _ = bob2.call("POST", "/api/account/setAccount", obj{"account_id": acc})
	assert.Equal(t, 200, st)
	st, _ = admin.call("POST", "/api/users/blockUser", obj{"user_id": bobID})
	require.Equal(t, 200, st)

	st, res = admin.call("POST", "/api/users/deleteUser", obj{"user_id": bobID, "email": "bob@acme.test"})
	require.Equal(t, 200, st)
	assert.Equal(t, "user deleted successfully", res["message"])
	st, res = admin.call("GET", "/api/users/getAllAccountUsers", nil)
	require.Equal(t, 200, st)
	assert.Len(t, res["users"].([]any), 3)
	assert.Equal(t, 1, e.count(`SELECT count(*) FROM users WHERE email = 'bob@acme.test'`),
		"a user who signed in keeps their user row")

	// An address added by mistake (never signed in) goes away with its membership.
	st, _ = admin.call("POST", "/api/users/addInternalUser", obj{"email": "typo@acme.tset"})
	require.Equal(t, 200, st)
	typo := e.count(`SELECT id FROM users WHERE email = 'typo@acme.tset'`)
	st, _ = admin.call("POST", "/api/users/deleteUser", obj{"user_id": typo})
	require.Equal(t, 200, st)
	assert.Zero(t, e.count(`SELECT count(*) FROM users WHERE email = 'typo@acme.tset'`))

	// Every change and every refused attempt left its audit row in this account.
	var actions []string
	require.NoError(t, e.db.QueryRow(t.Context(), `SELECT array_agg(action ORDER BY id) FROM audit_log WHERE account_id = $1`, acc).Scan(&actions))
	assert.Equal(t, []string{"create", "assign", "assign", "update", "update", "reset_password", "denied_block", "block",
		"assign", "block", "delete", "create", "assign", "delete"}, actions)
}

// inviteToken reads the set-password token from the invitation mailed to email.
func inviteToken(t *testing.T, e *env, email string) string {
	t.Helper()
	var link string
	require.NoError(t, e.db.QueryRow(t.Context(), `SELECT detail->>'link' FROM mail_messages
		WHERE kind = 'invitation' AND $1 = ANY(recipients) ORDER BY id DESC LIMIT 1`, email).Scan(&link))
	token, ok := strings.CutPrefix(link, testenv.Config(t).PublicURL+"/login/reset?token=")
	require.True(t, ok, "the invitation link is absolute, on the public address: %s", link)
	return token
}
