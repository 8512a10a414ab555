package access_test

import (
	"context"
	"fmt"
	"net/url"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pricelens/api/access"
)

// Share links across accounts (issue 13 item 6): the mailed link carries the
// link's account (/login/OneLogin?navigationPage={path}/share/{id}&account_id=N).
// A recipient whose session is in another of their accounts lands, through that
// account_id, in the link's account and opens the shared report there; the report
// is not found from the other account; a user who is not in the link's account
// gets the specification's refusal and nothing is selected.
func TestShareLinkOpensInItsAccount(t *testing.T) {
	t.Setenv("PRICELENS_PUBLIC_URL", "https://pricelens.example")
	e := newEnv(t, nil)
	acme := e.account("Acme")
	beta := e.account("Beta")
	other := e.account("Other")
	e.user("ana@acme.test", "analyst", acme)
	e.user("sam@both.test", "viewer", acme, beta)
	e.user("olga@other.test", "admin", other)
	ana := e.login("ana@acme.test", acme)

	st, res := ana.call("POST", "/api/saveReport/insertSaveReport", obj{"report_name": "Lego prices", "report_type": "all_my_products"})
	require.Equal(t, 200, st, "%v", res)
	st, res = ana.call("POST", "/api/saveReport/insertSaveReportForCopyLink", obj{"reportId": res["id"]})
	require.Equal(t, 200, st, "%v", res)
	share := res["id"].(string)
	st, res = ana.call("POST", "/api/system/sendShareLinkByMail", obj{"url": "/pricing/share/" + share, "emails": []string{"sam@both.test"}, "condition": obj{}})
	require.Equal(t, 200, st, "%v", res)
	var link string
	require.NoError(t, e.db.QueryRow(context.Background(), `SELECT detail->>'url' FROM mail_messages WHERE kind = 'share_link'`).Scan(&link))
	u, err := url.Parse(link)
	require.NoError(t, err)
	assert.Equal(t, "/login/OneLogin", u.Path)
	assert.Equal(t, "/pricing/share/"+share, u.Query().Get("navigationPage"))
	require.Equal(t, fmt.Sprint(acme), u.Query().Get("account_id"), "the link names its account")

	open := obj{"id": share, "isShareLink": true}
	// Sam is signed in to Beta: there the link's report does not exist.
	sam := e.login("sam@both.test", beta)
	st, res = sam.call("POST", "/api/saveReport/getSaveReport", open)
	assert.Equal(t, 404, st, "from the wrong account: %v", res)
	assert.Equal(t, "This share report is no longer available", errMsg(res))
	// The page the link leads to selects its account_id first, then opens the report.
	st, res = sam.call("POST", "/api/account/setAccount", obj{"account_id": u.Query().Get("account_id")})
	require.Equal(t, 200, st, "%v", res)
	st, res = sam.call("POST", "/api/saveReport/getSaveReport", open)
	require.Equal(t, 200, st, "%v", res)
	assert.Equal(t, "Lego prices", res["report"].(obj)["report_name"])
	st, res = sam.call("POST", "/api/auth/isAuth", obj{})
	require.Equal(t, 200, st)
	assert.Equal(t, float64(acme), res["account_id"], "the session stays in the link's account")
	// The same with account_id on the request itself (any route reads it).
	sam2 := e.login("sam@both.test", beta)
	st, res = sam2.call("POST", fmt.Sprintf("/api/saveReport/getSaveReport?account_id=%d", acme), open)
	require.Equal(t, 200, st, "%v", res)

	// Olga belongs to Other only: a clear refusal, and her session stays where it was.
	olga := e.login("olga@other.test", other)
	st, res = olga.call("POST", "/api/account/setAccount", obj{"account_id": acme})
	assert.Equal(t, 403, st)
	assert.Equal(t, access.NotAssigned, errMsg(res))
	st, res = olga.call("POST", fmt.Sprintf("/api/saveReport/getSaveReport?account_id=%d", acme), open)
	assert.Equal(t, 403, st)
	assert.Equal(t, access.NotAssigned, errMsg(res))
	st, res = olga.call("POST", "/api/auth/isAuth", obj{})
	require.Equal(t, 200, st)
	assert.Equal(t, float64(other), res["account_id"])
	st, res = olga.call("POST", "/api/saveReport/getSaveReport", open)
	assert.Equal(t, 404, st, "nor from her own account: %v", res)
}
