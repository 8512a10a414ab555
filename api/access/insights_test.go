package access_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pricelens/api/signed"
	"pricelens/deploy/testenv"
)

// GET /api/token and the bearer-token route GET /api/v1/insights/pricing: a token
// opens its own account's numbers and nothing else; a missing, tampered, expired,
// foreign-key or embed token is a 401; a token signed before a secret rotation
// still works with the previous secret configured; a user removed from the
// account loses the token's access at once; the session cookie alone is not a token.
func TestInsightsToken(t *testing.T) {
	const secret = "insights-test-secret-0123"
	t.Setenv("PRICELENS_EMBED_SECRET", secret)
	w, _ := testenv.ClickHouse(t)
	e := newEnv(t, w)
	acc, other := e.account("Acme"), e.account("Other")
	vic := e.user("vic@acme.test", "viewer", acc)
	e.user("eve@other.test", "admin", other)
	e.exec(`INSERT INTO alerts (account_id, frequency, last_notified_at) VALUES ($1, 0, now() - interval '1 hour'),
		($1, 0, now() - interval '10 days'), ($2, 1, now())`, acc, other)
	c := e.login("vic@acme.test", acc)

	st, res := c.call("GET", "/api/token", nil)
	require.Equal(t, 200, st, "%v", res)
	tok := res["token"].(string)
	exp, err := time.Parse(time.RFC3339, res["expires_at"].(string))
	require.NoError(t, err)
	assert.WithinDuration(t, time.Now().Add(10*time.Minute), exp, 5*time.Second)

	bearer := func(tok string) (int, obj) {
		return e.client().callWith("GET", "/api/v1/insights/pricing", nil, map[string]string{"Authorization": "Bearer " + tok})
	}
	st, res = bearer(tok)
	require.Equal(t, 200, st, "%v", res)
	assert.Equal(t, float64(1), res["alert_reports_to_review"], "the one alert of this account that mailed in the last 7 days")
	for _, k := range []string{"changes_at_competitor_last_day", "changes_at_competitor_last_week", "num_products_for_price_up",
		"num_products_for_price_down", "num_products_out_of_stock_at_comp"} {
		assert.Equal(t, float64(0), res[k], "%s: no products in this account", k)
		assert.Equal(t, "/pricing/type/all_my_products?insight="+k, res["links"].(obj)[k])
	}

	const badToken = "The token is missing, invalid or expired. Ask GET /api/token for a new one."
	key := signed.Keys{Current: []byte(secret)}
	claims := func(usr, acc, exp int64) map[string]any {
		return map[string]any{"aud": "api", "usr": usr, "acc": acc, "exp": exp}
	}
	p, sig, _ := strings.Cut(tok, ".")
	forgedPayload, _, _ := strings.Cut(key.Sign(claims(vic, other, time.Now().Add(time.Hour).Unix())), ".")
	for name, tk := range map[string]string{
		"tampered signature":          p + "." + sig[:len(sig)-2] + "AA",
		"another account's payload":   forgedPayload + "." + sig,
		"expired":                     key.Sign(claims(vic, acc, time.Now().Add(-time.Second).Unix())),
		"signed with another secret":  signed.Keys{Current: []byte("some-other-secret-123456")}.Sign(claims(vic, acc, exp.Unix())),
		"an embed token, not the API": key.Sign(map[string]any{"acc": acc, "rep": 1, "usr": vic, "exp": exp.Unix()}),
		"a user not in the account":   key.Sign(claims(vic, other, exp.Unix())),
		"garbage":                     "not-a-token",
	} {
		st, res = bearer(tk)
		assert.Equal(t, 401, st, name)
		assert.Equal(t, badToken, errMsg(res), name)
	}
	st, _ = e.client().callWith("GET", "/api/v1/insights/pricing", nil, nil)
	assert.Equal(t, 401, st, "no Authorization header")
	st, _ = c.call("GET", "/api/v1/insights/pricing", nil)
	assert.Equal(t, 401, st, "a session cookie is not a token")

	// Rotation: the new secret signs, the previous one still verifies its tokens.
	t.Setenv("PRICELENS_EMBED_SECRET", "the-rotated-secret-98765")
	t.Setenv("PRICELENS_EMBED_SECRET_PREVIOUS", secret)
	e2 := newEnv(t, w)
	acc2 := e2.account("Acme")
	vic2 := e2.user("vic@acme.test", "viewer", acc2)
	st, res = e2.client().callWith("GET", "/api/v1/insights/pricing", nil, map[string]string{"Authorization": "Bearer " + key.Sign(claims(vic2, acc2, exp.Unix()))})
	assert.Equal(t, 200, st, "a token of the previous secret: %v", res)
	st, res = e2.login("vic@acme.test", acc2).call("GET", "/api/token", nil)
	require.Equal(t, 200, st)
	var cl map[string]any
	require.NoError(t, signed.Keys{Current: []byte("the-rotated-secret-98765")}.Verify(res["token"].(string), &cl), "new tokens are signed with the new secret")

	// Removed from the account: the token stops at once, before it expires.
	e.exec(`DELETE FROM memberships WHERE user_id = $1 AND account_id = $2`, vic, acc)
	st, _ = bearer(tok)
	assert.Equal(t, 401, st)
}

// Custom reports are created, changed and removed by an administrator (audited,
// the saved-report name rules, an http(s) embed address), not by other roles nor
// across accounts; /custom_reports/{id}/embed then carries exactly one token.
func TestCustomReportAdmin(t *testing.T) {
	t.Setenv("PRICELENS_EMBED_SECRET", "a-test-secret-of-some-length")
	e := newEnv(t, nil)
	acc, other := e.account("Acme"), e.account("Other")
	e.user("ada@acme.test", "admin", acc)
	e.user("ann@acme.test", "analyst", acc)
	e.user("oz@other.test", "admin", other)
	ada, ann, oz := e.login("ada@acme.test", acc), e.login("ann@acme.test", acc), e.login("oz@other.test", other)

	for _, tc := range []struct {
		body       obj
		field, msg string
	}{
		{obj{"embed_url": "https://bi.example/d/1"}, "report_name", "Report name can't be empty."},
		{obj{"name": "  ", "embed_url": "https://bi.example/d/1"}, "report_name", "Report name can't be empty."},
		{obj{"name": "a{b}", "embed_url": "https://bi.example/d/1"}, "report_name", "Report name can not contain the following: # % ^ ` { }"},
		{obj{"name": "Margins"}, "embed_url", "The embed address must be an http(s) address of at most 2000 characters."},
		{obj{"name": "Margins", "embed_url": "javascript:alert(1)"}, "embed_url", "The embed address must be an http(s) address of at most 2000 characters."},
		{obj{"name": "Margins", "embed_url": "https://bi.example/" + strings.Repeat("x", 2000)}, "embed_url", "The embed address must be an http(s) address of at most 2000 characters."},
		{obj{"name": "Margins", "embed_url": "https://bi.example/d/1", "report_type": 7}, "report_type", "report_type must be 0 (report) or 1 (dashboard)."},
	} {
		st, res := ada.call("POST", "/api/custom_reports", tc.body)
		assert.Equal(t, 400, st, "%v", tc.body)
		assert.Equal(t, tc.msg, errMsg(res), "%v", tc.body)
		assert.Equal(t, tc.field, res["error"].(obj)["field"], "%v", tc.body)
	}
	assert.Equal(t, 0, e.count(`SELECT count(*) FROM custom_reports`), "refused requests change nothing")

	st, res := ann.call("POST", "/api/custom_reports", obj{"name": "Margins", "embed_url": "https://bi.example/d/1"})
	assert.Equal(t, 403, st)
	assert.Equal(t, "Feature is locked for this user", errMsg(res))

	st, res = ada.call("POST", "/api/custom_reports", obj{"name": " Margins ", "report_type": 1, "embed_url": "https://bi.example/d/1?theme=dark"})
	require.Equal(t, 200, st, "%v", res)
	rep := res["report"].(obj)
	id := num(rep["id"])
	assert.Equal(t, obj{"id": rep["id"], "name": "Margins", "report_type": float64(1)}, rep, "the embed address is not listed")
	st, res = ann.call("GET", "/api/custom_reports", nil)
	require.Equal(t, 200, st)
	assert.Len(t, res["reports"], 1, "every role of the account sees it")

	// The embed: the address carries the signed token exactly once.
	st, res = ann.call("GET", fmt.Sprintf("/api/custom_reports/%d/embed", id), nil)
	require.Equal(t, 200, st)
	embedURL := res["embed"].(obj)["embed_url"].(string)
	assert.Equal(t, 1, strings.Count(embedURL, "embed_token="), embedURL)
	assert.True(t, strings.HasPrefix(embedURL, "https://bi.example/d/1?theme=dark&embed_token="), embedURL)

	st, res = ada.call("PATCH", fmt.Sprintf("/api/custom_reports/%d", id), obj{"name": "Margin dashboard", "embed_url": "https://bi.example/d/2"})
	require.Equal(t, 200, st, "%v", res)
	assert.Equal(t, "Margin dashboard", res["report"].(obj)["name"])
	assert.Equal(t, float64(1), res["report"].(obj)["report_type"], "fields not sent keep their value")
	st, res = ada.call("PATCH", fmt.Sprintf("/api/custom_reports/%d", id), obj{})
	assert.Equal(t, 400, st)
	assert.Equal(t, "Nothing to change: send name, report_type or embed_url.", errMsg(res))

	// Another account's administrator cannot see, change or remove it.
	st, _ = oz.call("PATCH", fmt.Sprintf("/api/custom_reports/%d", id), obj{"name": "Mine"})
	assert.Equal(t, 404, st)
	st, _ = oz.call("DELETE", fmt.Sprintf("/api/custom_reports/%d", id), nil)
	assert.Equal(t, 404, st)
	st, _ = ann.call("DELETE", fmt.Sprintf("/api/custom_reports/%d", id), nil)
	assert.Equal(t, 403, st)

	st, _ = ada.call("DELETE", fmt.Sprintf("/api/custom_reports/%d", id), nil)
	assert.Equal(t, 200, st)
	st, res = ada.call("GET", fmt.Sprintf("/api/custom_reports/%d", id), nil)
	assert.Equal(t, 404, st)
	assert.Equal(t, "Report not found", errMsg(res))
	assert.Equal(t, 3, e.count(`SELECT count(*) FROM audit_log WHERE entity = 'custom_report' AND account_id = $1`, acc),
		"create, update and delete are audited")
}

// GET /api/token/embed lists the widgets the server serves, each a script that
// another page loads by its key (with the shared stylesheet); the list needs a
// signed-in account, the files do not.
func TestEmbeddedWidgets(t *testing.T) {
	e := newEnv(t, nil)
	acc := e.account("Acme")
	e.user("vic@acme.test", "viewer", acc)
	c := e.login("vic@acme.test", acc)

	get := func(cl *http.Client, path string) (int, string, string) {
		resp, err := cl.Get(e.srv.URL + path)
		require.NoError(t, err)
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, resp.Header.Get("Content-Type"), string(b)
	}
	st, ctype, body := get(c.http, "/api/token/embed")
	require.Equal(t, 200, st, body)
	assert.Equal(t, "application/json", strings.Split(ctype, ";")[0])
	var list []map[string]string
	require.NoError(t, json.Unmarshal([]byte(body), &list))
	require.Len(t, list, 2)
	// Absolute on PRICELENS_PUBLIC_URL when it is set; otherwise paths the webapp completes
	// with its own address (the default 127.0.0.1:8080 was shown to users reaching another one).
	public := ""
	if cfg := testenv.Config(t); cfg.PublicURLSet {
		public = cfg.PublicURL
	}
	for i, key := range []string{"insights_panel", "pricing_summary"} {
		assert.Equal(t, map[string]string{"key": key, "url": public + "/api/widgets/" + key + ".js"}, list[i])
		st, ctype, js := get(http.DefaultClient, "/api/widgets/"+key+".js")
		assert.Equal(t, 200, st)
		assert.Equal(t, "application/javascript; charset=utf-8", ctype)
		assert.True(t, strings.HasSuffix(js, `})("`+key+`");`+"\n"), "the shared widget code called with its key")
		assert.Contains(t, js, "console.log('No Token')")
		st, ctype, html := get(http.DefaultClient, "/api/widgets/"+key+".html")
		assert.Equal(t, 200, st)
		assert.Equal(t, "text/html; charset=utf-8", ctype)
		assert.Contains(t, html, `<div data-pricelens-widget="`+key+`"></div><script src="/api/widgets/`+key+`.js"></script>`, "the widget alone in a page")
	}
	st, ctype, _ = get(http.DefaultClient, "/api/widgets/widgets.css")
	assert.Equal(t, 200, st)
	assert.Equal(t, "text/css; charset=utf-8", ctype)
	for _, p := range []string{"/api/widgets/other.js", "/api/widgets/widget.js", "/api/widgets/..%2fwidgets.go"} {
		st, _, _ = get(http.DefaultClient, p)
		assert.Equal(t, 404, st, p)
	}
	st, _, _ = get(http.DefaultClient, "/api/token/embed")
	assert.Equal(t, 401, st, "the list needs a session")
}

// Every /api/v1 route the spec lists takes the bearer token of GET /api/token,
// in the token's account only, and a bad token is a 401; the matrix profiles
// also keep answering the webapp's session, and the token's user needs the same
// permission a session would (a viewer whose pricer reads are revoked: 403).
func TestV1RoutesTakeTheToken(t *testing.T) {
	w, _ := testenv.ClickHouse(t)
	e := newEnv(t, w)
	acc, other := e.account("Acme"), e.account("Other")
	e.user("ada@acme.test", "admin", acc)
	e.user("vic@acme.test", "viewer", acc)
	e.user("oz@other.test", "admin", other)
	admin := e.login("ada@acme.test", acc)
	viewer := e.login("vic@acme.test", acc)
	token := func(c *client) string {
		st, res := c.call("GET", "/api/token", nil)
		require.Equal(t, 200, st, "%v", res)
		return res["token"].(string)
	}
	bearer := func(path, tok string) (int, obj) {
		return e.client().callWith("GET", path, nil, map[string]string{"Authorization": "Bearer " + tok})
	}
	vicTok := token(viewer)
	p, sig, _ := strings.Cut(vicTok, ".")
	other64, _, _ := strings.Cut(token(e.login("oz@other.test", other)), ".")
	for _, path := range []string{"/api/v1/insights/pricing", "/api/v1/site_reprice_matrix_profiles"} {
		st, res := bearer(path, vicTok)
		assert.Equal(t, 200, st, "%s with the token: %v", path, res)
		st, _ = bearer(path, other64+"."+sig)
		assert.Equal(t, 401, st, "%s: another account's claims under this token's signature", path)
		st, _ = bearer(path, p+"."+sig[:len(sig)-2]+"AA")
		assert.Equal(t, 401, st, "%s: a tampered token", path)
		st, _ = e.client().callWith("GET", path, nil, nil)
		assert.Equal(t, 401, st, "%s: neither token nor session", path)
	}
	st, res := viewer.call("GET", "/api/v1/site_reprice_matrix_profiles", nil)
	require.Equal(t, 200, st, "the webapp's session: %v", res)
	assert.NotEmpty(t, res["profiles"])

	for _, row := range []string{"2:read:any:5", "2:read:any:6"} { // top-bottom and middle rules
		st, res = admin.call("POST", "/api/system/updatePermission", obj{"rowId": row, "roleName": "viewer", "isChecked": false})
		require.Equal(t, 200, st, "%v", res)
	}
	st, _ = bearer("/api/v1/site_reprice_matrix_profiles", vicTok)
	assert.Equal(t, 403, st, "the token's user has no pricer read any more")
	st, _ = viewer.call("GET", "/api/v1/site_reprice_matrix_profiles", nil)
	assert.Equal(t, 403, st)
}
