package access_test

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pricelens/api/access"
	"pricelens/deploy/testenv"
)

// Text PostgreSQL cannot store (a NUL, an unpaired UTF-16 surrogate, bytes that
// are not UTF-8) is refused when the request is decoded, on every route group,
// with a 400 naming the field — never a 500 from the database, never a write.
func TestHostileTextIsA400NamingTheFieldOnEveryRouteGroup(t *testing.T) {
	w, _ := testenv.ClickHouse(t)
	e := newEnv(t, w)
	acc := e.account("Acme")
	e.user("admin@acme.test", "admin", acc)
	c := e.login("admin@acme.test", acc)
	anon := e.client()

	// Every table a request of these groups could write.
	tables := []string{"users", "memberships", "sessions", "login_failures", "password_resets", "saved_reports",
		"share_links", "mail_messages", "scenarios", "labels", "label_assignments", "alerts", "outbox", "audit_log"}
	counts := func() map[string]int {
		m := map[string]int{}
		for _, tb := range tables {
			m[tb] = e.count(`SELECT count(*) FROM ` + tb)
		}
		return m
	}
	before := counts()

	const nul, surrogate, lowSurrogate, badUTF8 = `a\u0000b`, `x\ud800`, `\udc00y`, "caf\xe9"
	groups := []struct {
		group       string
		who         *client
		method, url string
		body        string
		field       string
	}{
		{"auth", anon, "POST", "/api/auth", `{"email": "` + nul + `@acme.test", "password": "p"}`, "email"},
		{"auth", anon, "POST", "/api/auth", `{"email": "admin@acme.test", "password": "` + surrogate + `"}`, "password"},
		{"auth", anon, "POST", "/api/login/resetPassword", `{"email": "` + badUTF8 + `@acme.test"}`, "email"},
		{"accounts/users", c, "POST", "/api/users/addInternalUser", `{"email": "` + nul + `@acme.test", "role": 2}`, "email"},
		{"accounts/users", c, "POST", "/api/users/addInternalUser", `{"email": "n@acme.test", "categories": ["ok", "` + lowSurrogate + `"]}`, "categories[1]"},
		{"accounts/users", c, "POST", "/api/account/setAccount", fmt.Sprintf(`{"account_id": %d, "x\u0000": 1}`, acc), ""},
		{"accounts/users", c, "GET", "/api/account/getAccounts?account_id=%00", "", "account_id"},
		{"reports/sharing", c, "POST", "/api/saveReport/insertSaveReport", `{"report_name": "R", "report_type": "t",
			"condition": {"filterModel": {"x": {"filterType": "text", "filter": "` + nul + `"}}}}`, "condition.filterModel.x.filter"},
		{"reports/sharing", c, "POST", "/api/saveReport/insertSaveReport", `{"report_name": "` + badUTF8 + `", "report_type": "t"}`, "report_name"},
		{"reports/sharing", c, "POST", "/api/saveReport/insertSaveReportForCopyLink", `{"condition": {"report_path": "/p", "` + surrogate + `": 1}}`, "condition"},
		{"reports/sharing", c, "POST", "/api/system/sendShareLinkByMail", `{"url": "/pricing/share/x", "emails": ["` + surrogate + `@acme.test"]}`, "emails[0]"},
		{"scenarios", c, "POST", "/api/scenarios", `{"name": "` + surrogate + `", "description": "d", "icon": 1, "background_color": "#A1B2C3"}`, "name"},
		{"scenarios", c, "PATCH", "/api/scenarios/1", `{"name": "` + nul + `"}`, "name"},
		{"labels", c, "POST", "/api/labels/insertNewLabels", `{"name": "` + nul + `", "color": "ff0000"}`, "name"},
		{"labels", c, "POST", "/api/labels/insertNewLabelsForProduct", `{"name": "L", "color": "ff0000", "productsIds": ["P1", "` + badUTF8 + `"]}`, "productsIds[1]"},
		{"alerts", c, "POST", "/api/labels/addAlert", `{"label_name": "` + lowSurrogate + `", "competitorsIds": ["1"], "frequency": 0, "email_ids": ["b@acme.test"]}`, "label_name"},
		{"grid/tabular", c, "POST", "/api/tabular/getCountOfRow", `{"condition": {"report_type": "all_my_products", "filters": {"name": {"filterType": "text", "type": "contains", "filter": "` + nul + `"}}}}`, "condition.filters.name.filter"},
		// The grid also takes the condition as a JSON string holding JSON.
		{"grid/tabular", c, "POST", "/api/tabular/searchInReport", `{"condition": "{\"report_type\": \"all_my_products\", \"search\": \"x\\ud800\"}"}`, "condition.search"},
	}
	for _, g := range groups {
		st, res := g.who.call(g.method, g.url, g.body)
		if !assert.Equal(t, 400, st, "%s: %s %s: %v", g.group, g.method, g.url, res) {
			continue
		}
		assert.Equal(t, g.field, errField(res), "%s: %s %s", g.group, g.method, g.url)
		assert.Contains(t, errMsg(res), "cannot be stored", "%s: %s %s", g.group, g.method, g.url)
	}
	assert.Equal(t, before, counts(), "no hostile request wrote anything")
}

func errField(body obj) string {
	if e, ok := body["error"].(map[string]any); ok {
		f, _ := e["field"].(string)
		return f
	}
	return ""
}

// A streamed (chunked) body over the 2 MB limit is a 413 with the JSON error on
// every route, the grid's included (it used to be a 400 quoting "code=413").
func TestChunkedBodyOverTheLimitIsA413(t *testing.T) {
	w, _ := testenv.ClickHouse(t)
	e := newEnv(t, w)
	acc := e.account("Acme")
	e.user("admin@acme.test", "admin", acc)
	c := e.login("admin@acme.test", acc)
	for _, path := range []string{"/api/scenarios", "/api/scenarios", "/api/tabular/getCountOfRow", "/api/auth"} {
		body := io.MultiReader(strings.NewReader(`{"condition": {"search": "`), bytes.NewReader(bytes.Repeat([]byte("y"), 3<<20)), strings.NewReader(`"}}`))
		req, _ := http.NewRequest("POST", e.srv.URL+path, body)
		req.ContentLength = -1
		req.Header.Set(access.CSRFHeader, c.csrf)
		resp, err := c.http.Do(req)
		require.NoError(t, err)
		raw, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		assert.Equal(t, 413, resp.StatusCode, path)
		assert.JSONEq(t, `{"error": {"code": "too_large", "message": "The request body is too large."}}`, string(raw), path)
	}
}
