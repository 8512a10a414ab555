package access_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Finding 5 of issue 11: sendShareLinkByMail mailed whatever url it was given, so
// anyone could send a mail "from the product" with their own link. The mail's link
// is now built by the server from a live share link of the caller's account and the
// configured public address.
func TestShareMailCarriesOnlyTheServersLink(t *testing.T) {
	t.Setenv("PRICELENS_PUBLIC_URL", "https://pricelens.example")
	e := newEnv(t, nil)
	acc := e.account("Acme")
	other := e.account("Other")
	e.user("ana@acme.test", "analyst", acc)
	e.user("eve@other.test", "admin", other)
	ana := e.login("ana@acme.test", acc)
	eve := e.login("eve@other.test", other)

	st, res := ana.call("POST", "/api/saveReport/insertSaveReportForCopyLink", obj{"condition": obj{"report_path": "/pricing/type/x"}})
	require.Equal(t, 200, st, "%v", res)
	mine := res["id"].(string)
	st, res = eve.call("POST", "/api/saveReport/insertSaveReportForCopyLink", obj{"condition": obj{"report_path": "/pricing/type/y"}})
	require.Equal(t, 200, st, "%v", res)
	theirs := res["id"].(string)
	mails := func() int { return e.count(`SELECT count(*) FROM mail_messages WHERE kind = 'share_link'`) }
	send := func(url string) (int, obj) {
		return ana.call("POST", "/api/system/sendShareLinkByMail", obj{"url": url, "emails": []string{"boss@acme.test"}, "condition": obj{}})
	}

	for _, url := range []string{
		"https://evil.example/login",
		"https://evil.example/pricing/share/" + mine,
		"//evil.example/pricing/share/" + mine,
		"http://pricelens.example/pricing/share/" + mine, // not the configured scheme
		"https://pricelens.example/pricing/share/" + mine + "?next=https://evil.example",
		"https://user@pricelens.example/pricing/share/" + mine,
		"/pricing/type/" + mine,
		"javascript:alert(1)",
		"",
	} {
		st, res := send(url)
		assert.Equal(t, 400, st, url)
		assert.Equal(t, "url", res["error"].(obj)["field"], url)
	}
	for _, url := range []string{"/pricing/share/" + theirs, "/pricing/share/no-such-link"} {
		st, res := send(url)
		assert.Equal(t, 404, st, url)
		assert.Equal(t, "This share report is no longer available", errMsg(res), url)
	}
	assert.Zero(t, mails(), "a refused share mail queues nothing")

	st, res = send("https://pricelens.example/pricing/share/" + mine)
	require.Equal(t, 200, st, "%v", res)
	assert.Equal(t, "Share link was sent successfully", res["message"])
	want := fmt.Sprintf("https://pricelens.example/login/OneLogin?navigationPage=/pricing/share/%s&account_id=%d", mine, acc)
	var body, url string
	require.NoError(t, e.db.QueryRow(context.Background(), `SELECT body, detail->>'url' FROM mail_messages WHERE kind = 'share_link' AND account_id = $1`, acc).Scan(&body, &url))
	assert.Equal(t, "Open the report: "+want, body)
	assert.Equal(t, want, url)

	// A saved trend report's link opens its trend screen; the path comes from the
	// stored report, whatever share path the caller wrote.
	var rid int64
	require.NoError(t, e.db.QueryRow(context.Background(), `INSERT INTO saved_reports (account_id, user_id, report_name, report_type, report_path)
		SELECT $1, id, 'trend', 'price_trend', '/trend/price_trend/type/1' FROM users WHERE email = 'ana@acme.test' RETURNING id`, acc).Scan(&rid))
	st, res = ana.call("POST", "/api/saveReport/insertSaveReportForCopyLink", obj{"reportId": rid})
	require.Equal(t, 200, st, "%v", res)
	trend := res["id"].(string)
	st, res = send("/pricing/share/" + trend)
	require.Equal(t, 200, st, "%v", res)
	require.NoError(t, e.db.QueryRow(context.Background(), `SELECT body FROM mail_messages WHERE kind = 'share_link' ORDER BY id DESC LIMIT 1`).Scan(&body))
	assert.Equal(t, fmt.Sprintf("Open the report: https://pricelens.example/login/OneLogin?navigationPage=/trend/price_trend/share/%s&account_id=%d", trend, acc), body)

	// A revoked link (its report removed) is no longer mailed.
	st, _ = ana.call("POST", "/api/saveReport/removeSaveReport", obj{"reportId": rid})
	require.Equal(t, 200, st)
	st, _ = send("/trend/price_trend/share/" + trend)
	assert.Equal(t, 404, st)
	assert.Equal(t, 2, mails())
}
