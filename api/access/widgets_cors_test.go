package access_test

import (
	"encoding/json"
	"io"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pricelens/deploy/testenv"
)

// TestWidgetCORS: a page of a configured origin (PRICELENS_EMBED_ORIGINS) gets its
// preflight answered and reads the embed list, a token (with the visitor's session
// cookie) and the insights with it; any other origin is refused with a 403 before
// anything is read, preflight or not; the server's own origin and requests without
// an Origin are unchanged; other routes send no CORS headers.
func TestWidgetCORS(t *testing.T) {
	const allowed = "https://intranet.example.com"
	t.Setenv("PRICELENS_EMBED_ORIGINS", "https://Intranet.example.com/, http://localhost:3000")
	w, _ := testenv.ClickHouse(t)
	e := newEnv(t, w)
	acc := e.account("Acme")
	e.user("vic@acme.test", "viewer", acc)
	c := e.login("vic@acme.test", acc)

	send := func(method, path, origin string, headers map[string]string) (*http.Response, map[string]any) {
		t.Helper()
		req, err := http.NewRequest(method, e.srv.URL+path, nil)
		require.NoError(t, err)
		if origin != "" {
			req.Header.Set("Origin", origin)
		}
		for k, v := range headers {
			req.Header.Set(k, v)
		}
		resp, err := c.http.Do(req) // the visitor's browser: its session cookie goes along
		require.NoError(t, err)
		defer resp.Body.Close()
		raw, _ := io.ReadAll(resp.Body)
		var out map[string]any
		_ = json.Unmarshal(raw, &out)
		return resp, out
	}

	// Preflight of the bearer call from the allowed origin.
	resp, _ := send(http.MethodOptions, "/api/v1/insights/pricing", allowed, map[string]string{
		"Access-Control-Request-Method": "GET", "Access-Control-Request-Headers": "authorization"})
	assert.Equal(t, http.StatusNoContent, resp.StatusCode)
	assert.Equal(t, allowed, resp.Header.Get("Access-Control-Allow-Origin"))
	assert.Equal(t, "GET", resp.Header.Get("Access-Control-Allow-Methods"))
	assert.Equal(t, "Authorization", resp.Header.Get("Access-Control-Allow-Headers"))
	assert.Equal(t, "true", resp.Header.Get("Access-Control-Allow-Credentials"))
	assert.Contains(t, resp.Header.Values("Vary"), "Origin")

	// The widget's calls from the allowed origin.
	resp, _ = send(http.MethodGet, "/api/token/embed", allowed, nil)
	assert.Equal(t, 200, resp.StatusCode)
	assert.Equal(t, allowed, resp.Header.Get("Access-Control-Allow-Origin"))
	resp, tok := send(http.MethodGet, "/api/token", allowed, nil)
	require.Equal(t, 200, resp.StatusCode)
	assert.Equal(t, allowed, resp.Header.Get("Access-Control-Allow-Origin"))
	assert.Equal(t, "true", resp.Header.Get("Access-Control-Allow-Credentials"))
	resp, ins := send(http.MethodGet, "/api/v1/insights/pricing", allowed, map[string]string{"Authorization": "Bearer " + tok["token"].(string)})
	require.Equal(t, 200, resp.StatusCode, "%v", ins)
	assert.Equal(t, allowed, resp.Header.Get("Access-Control-Allow-Origin"))
	assert.Contains(t, ins, "changes_at_competitor_last_day")

	// Another origin: refused, preflight or not, and no token leaves.
	const msg = "This site may not embed Pricelens widgets. Ask your administrator to add it to PRICELENS_EMBED_ORIGINS."
	for _, tc := range []struct{ method, path string }{
		{http.MethodOptions, "/api/v1/insights/pricing"}, {http.MethodGet, "/api/token"}, {http.MethodGet, "/api/token/embed"},
		{http.MethodGet, "/api/v1/insights/pricing"},
	} {
		resp, body := send(tc.method, tc.path, "https://evil.example.net", nil)
		assert.Equal(t, http.StatusForbidden, resp.StatusCode, tc)
		assert.Empty(t, resp.Header.Get("Access-Control-Allow-Origin"), tc)
		assert.Equal(t, msg, errMsg(body), tc)
		assert.NotContains(t, body, "token")
	}
	// The allowed origin over http is another origin.
	resp, _ = send(http.MethodGet, "/api/token", "http://intranet.example.com", nil)
	assert.Equal(t, http.StatusForbidden, resp.StatusCode)

	// The server's own pages and requests without an Origin: as before, no CORS headers.
	resp, _ = send(http.MethodGet, "/api/token", e.srv.URL, nil)
	assert.Equal(t, 200, resp.StatusCode)
	assert.Empty(t, resp.Header.Get("Access-Control-Allow-Origin"))
	resp, _ = send(http.MethodGet, "/api/token", "", nil)
	assert.Equal(t, 200, resp.StatusCode)
	// Routes outside the widgets' answer no other origin.
	resp, _ = send(http.MethodGet, "/api/account/getAccountData", allowed, nil)
	assert.Empty(t, resp.Header.Get("Access-Control-Allow-Origin"))
}
