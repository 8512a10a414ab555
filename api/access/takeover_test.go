package access_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestAdminCannotTakeOverOtherAccountsUser is issue 11's finding 1, end to end: an
// administrator of account B only adds the e-mail of an analyst of account A only,
// then tries to set that user's password, block them and delete the trace.
func TestAdminCannotTakeOverOtherAccountsUser(t *testing.T) {
	e := newEnv(t, nil)
	accA, accB := e.account("Victim Co"), e.account("Attacker Co")
	victim := e.user("victim@a.test", "analyst", accA)
	both := e.user("owner@both.test", "admin", accA, accB) // like the demo administrator
	e.user("mallory@b.test", "admin", accB)
	mallory := e.login("mallory@b.test", accB)

	// Adding the victim's address answers exactly as for a new address...
	st, res := mallory.call("POST", "/api/users/addInternalUser", obj{"email": "victim@a.test"})
	require.Equal(t, 200, st, "%v", res)
	assert.Equal(t, obj{"message": "An invitation has been sent to victim@a.test."}, res)
	st, fresh := mallory.call("POST", "/api/users/addInternalUser", obj{"email": "nobody@b.test"})
	require.Equal(t, 200, st)
	assert.Equal(t, obj{"message": "An invitation has been sent to nobody@b.test."}, fresh)
	assert.Equal(t, 1, e.count(`SELECT count(*) FROM mail_messages WHERE kind = 'invitation' AND 'victim@a.test' = ANY(recipients)
		AND NOT detail ? 'link'`), "the existing user is told of the new account and gets no set-password link")

	// ...but gives no control of the victim's credentials or block state.
	for _, path := range []string{"/api/users/generatePassword", "/api/users/blockUser"} {
		st, res = mallory.call("POST", path, obj{"user_id": victim})
		assert.Equal(t, 403, st, path)
		assert.Equal(t, "Feature is locked for this user", errMsg(res), path)
	}
	st, res = mallory.call("POST", "/api/users/generatePassword", obj{"user_id": both})
	assert.Equal(t, 403, st, "nor of a user who also belongs to an account the caller does not administer")
	assert.Nil(t, res["password"])

	// The trace can be removed from B, not from the audit log.
	st, _ = mallory.call("POST", "/api/users/deleteUser", obj{"user_id": victim, "email": "victim@a.test"})
	require.Equal(t, 200, st)
	assert.Equal(t, 3, e.count(`SELECT count(*) FROM audit_log WHERE account_id = $1 AND action LIKE 'denied_%'`, accB))
	assert.Equal(t, 1, e.count(`SELECT count(*) FROM audit_log WHERE account_id = $1 AND action = 'assign' AND entity_id = $2::text
		AND detail->>'existing_user' = 'true'`, accB, fmt.Sprint(victim)))

	// The victim still signs in with their own password and reads only account A.
	v := e.login("victim@a.test", accA)
	st, _ = v.call("POST", "/api/account/setAccount", obj{"account_id": accB})
	assert.Equal(t, 403, st)
	assert.Equal(t, 0, e.count(`SELECT count(*) FROM memberships WHERE user_id = $1 AND account_id = $2`, victim, accB))

	// An administrator of every account the user belongs to keeps the power to reset.
	owner := e.login("owner@both.test", accA)
	st, res = owner.call("POST", "/api/users/generatePassword", obj{"user_id": victim})
	require.Equal(t, 200, st, "%v", res)
	assert.Equal(t, "your new password is: "+res["password"].(string), res["message"])
}
