package access_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// An administrator sets the account's time zone (scheduled reports and alerts
// keep its days); a name that is no IANA zone is a 400 that changes nothing; other
// roles and other accounts are untouched.
func TestAccountTimezone(t *testing.T) {
	e := newEnv(t, nil)
	acc := e.account("Acme")
	other := e.account("Other")
	e.user("ada@acme.test", "admin", acc)
	e.user("ana@acme.test", "analyst", acc)
	e.user("eve@other.test", "admin", other)
	ada := e.login("ada@acme.test", acc)
	ana := e.login("ana@acme.test", acc)
	eve := e.login("eve@other.test", other)
	tz := func(c *client) string {
		st, res := c.call("GET", "/api/account/getAccountData", nil)
		require.Equal(t, 200, st, "%v", res)
		return res["settings"].(obj)["timezone"].(string)
	}
	assert.Equal(t, "UTC", tz(ada), "the default")

	audits := e.count(`SELECT count(*) FROM audit_log`)
	for _, bad := range []string{"", "Mars/Olympus", "Local", "local", "../../etc/passwd", "Europe/Berlin; DROP TABLE accounts", "+01:00"} {
		st, res := ada.call("POST", "/api/account/setTimezone", obj{"timezone": bad})
		assert.Equal(t, 400, st, "%q: %v", bad, res)
		if bad != "" {
			assert.Equal(t, `"`+bad+`" is not a time zone: use an IANA name such as Europe/Berlin or UTC.`, errMsg(res), bad)
		}
		assert.Equal(t, "timezone", res["error"].(obj)["field"], bad)
	}
	st, res := ada.call("POST", "/api/account/setTimezone", obj{"timezone": 5})
	assert.Equal(t, 400, st, "%v", res)
	st, res = ana.call("POST", "/api/account/setTimezone", obj{"timezone": "Europe/Berlin"})
	assert.Equal(t, 403, st, "an analyst may not: %v", res)
	assert.Equal(t, audits, e.count(`SELECT count(*) FROM audit_log`))
	assert.Equal(t, "UTC", tz(ada))

	st, res = ada.call("POST", "/api/account/setTimezone", obj{"timezone": " Asia/Tokyo "})
	require.Equal(t, 200, st, "%v", res)
	assert.Equal(t, "Asia/Tokyo", res["timezone"])
	assert.Equal(t, "Asia/Tokyo", tz(ada), "the next account data has it at once")
	assert.Equal(t, "Asia/Tokyo", tz(ana))
	assert.Equal(t, "UTC", tz(eve), "another account keeps its own")
	assert.Equal(t, 1, e.count(`SELECT count(*) FROM audit_log WHERE entity = 'account_timezone'`))
	// The other settings are kept.
	e.exec(`UPDATE accounts SET settings = settings || '{"currency_symbol": "€"}' WHERE id = $1`, acc)
	st, _ = ada.call("POST", "/api/account/setTimezone", obj{"timezone": "Europe/Berlin"})
	require.Equal(t, 200, st)
	assert.Equal(t, "€", e.text(`SELECT settings->>'currency_symbol' FROM accounts WHERE id = $1`, acc))
	assert.Equal(t, "Europe/Berlin", e.text(`SELECT settings->>'timezone' FROM accounts WHERE id = $1`, acc))
}
