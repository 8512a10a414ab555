package access_test

import (
	"crypto"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"math/big"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pricelens/api/access"
	"pricelens/deploy/devidp"
)

// testIssuer is a small, real OpenID Connect provider on loopback: discovery,
// authorization (auto-consent for the configured user), token (client secret +
// PKCE S256 check) and JWKS, signing ID tokens with RS256.
type testIssuer struct {
	t      *testing.T
	srv    *httptest.Server
	key    *rsa.PrivateKey
	signer *rsa.PrivateKey // normally key; another key to forge signatures

	mu       sync.Mutex
	codes    map[string]issued
	sub      string
	email    string
	nonceFix string // when set, issued tokens carry this nonce instead
}

type issued struct{ challenge, nonce, redirect string }

const clientID, clientSecret = "pricelens-test", "s3cret"

func newIssuer(t *testing.T) *testIssuer {
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	require.NoError(t, err)
	is := &testIssuer{t: t, key: key, signer: key, codes: map[string]issued{}}
	mux := http.NewServeMux()
	mux.HandleFunc("/.well-known/openid-configuration", func(w http.ResponseWriter, r *http.Request) {
		json.NewEncoder(w).Encode(map[string]string{"issuer": is.srv.URL, "authorization_endpoint": is.srv.URL + "/authorize",
			"token_endpoint": is.srv.URL + "/token", "jwks_uri": is.srv.URL + "/jwks"})
	})
	mux.HandleFunc("/authorize", func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		if q.Get("response_type") != "code" || q.Get("client_id") != clientID || q.Get("code_challenge_method") != "S256" ||
			q.Get("code_challenge") == "" || !strings.Contains(q.Get("scope"), "openid") {
			http.Error(w, "bad authorization request", 400)
			return
		}
		code := base64.RawURLEncoding.EncodeToString(big.NewInt(time.Now().UnixNano()).Bytes())
		is.mu.Lock()
		is.codes[code] = issued{q.Get("code_challenge"), q.Get("nonce"), q.Get("redirect_uri")}
		is.mu.Unlock()
		http.Redirect(w, r, q.Get("redirect_uri")+"?code="+code+"&state="+url.QueryEscape(q.Get("state")), http.StatusFound)
	})
	mux.HandleFunc("/token", func(w http.ResponseWriter, r *http.Request) {
		id, secret, ok := r.BasicAuth()
		if !ok || id != clientID || secret != clientSecret || r.FormValue("grant_type") != "authorization_code" {
			w.WriteHeader(401)
			json.NewEncoder(w).Encode(map[string]string{"error": "invalid_client"})
			return
		}
		is.mu.Lock()
		c, ok := is.codes[r.FormValue("code")]
		delete(is.codes, r.FormValue("code"))
		is.mu.Unlock()
		sum := sha256.Sum256([]byte(r.FormValue("code_verifier")))
		if !ok || base64.RawURLEncoding.EncodeToString(sum[:]) != c.challenge || r.FormValue("redirect_uri") != c.redirect {
			w.WriteHeader(400)
			json.NewEncoder(w).Encode(map[string]string{"error": "invalid_grant"})
			return
		}
		nonce := c.nonce
		if is.nonceFix != "" {
			nonce = is.nonceFix
		}
		json.NewEncoder(w).Encode(map[string]any{"access_token": "at", "token_type": "Bearer", "id_token": is.idToken(map[string]any{
			"iss": is.srv.URL, "aud": clientID, "sub": is.sub, "email": is.email, "email_verified": true, "nonce": nonce,
			"iat": time.Now().Unix(), "exp": time.Now().Add(5 * time.Minute).Unix()})})
	})
	mux.HandleFunc("/jwks", func(w http.ResponseWriter, r *http.Request) {
		json.NewEncoder(w).Encode(map[string]any{"keys": []map[string]string{{"kty": "RSA", "kid": "k1", "alg": "RS256", "use": "sig",
			"n": base64.RawURLEncoding.EncodeToString(is.key.N.Bytes()),
			"e": base64.RawURLEncoding.EncodeToString(big.NewInt(int64(is.key.E)).Bytes())}}})
	})
	is.srv = httptest.NewServer(mux)
	t.Cleanup(is.srv.Close)
	return is
}

func (is *testIssuer) idToken(claims map[string]any) string {
	h, _ := json.Marshal(map[string]string{"alg": "RS256", "kid": "k1", "typ": "JWT"})
	c, _ := json.Marshal(claims)
	in := base64.RawURLEncoding.EncodeToString(h) + "." + base64.RawURLEncoding.EncodeToString(c)
	sum := sha256.Sum256([]byte(in))
	sig, err := rsa.SignPKCS1v15(rand.Reader, is.signer, crypto.SHA256, sum[:])
	require.NoError(is.t, err)
	return in + "." + base64.RawURLEncoding.EncodeToString(sig)
}

const callbackURL = "http://pricelens.test/api/login/sso/callback"

// ssoSignIn walks the browser through the flow; it returns the final redirect.
func ssoSignIn(t *testing.T, e *env, c *client, next string) string {
	t.Helper()
	resp, err := c.http.Get(e.srv.URL + "/api/login/sso?next=" + url.QueryEscape(next))
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, 302, resp.StatusCode)
	resp, err = c.http.Get(resp.Header.Get("Location"))
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, 302, resp.StatusCode)
	back := resp.Header.Get("Location")
	require.True(t, strings.HasPrefix(back, callbackURL), back)
	resp, err = c.http.Get(e.srv.URL + strings.TrimPrefix(back, "http://pricelens.test"))
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, 302, resp.StatusCode)
	return resp.Header.Get("Location")
}

func TestSingleSignOn(t *testing.T) {
	is := newIssuer(t)
	t.Setenv("PRICELENS_OIDC_ISSUER", is.srv.URL)
	t.Setenv("PRICELENS_OIDC_CLIENT_ID", clientID)
	t.Setenv("PRICELENS_OIDC_CLIENT_SECRET", clientSecret)
	t.Setenv("PRICELENS_OIDC_REDIRECT_URL", callbackURL)
	t.Setenv("PRICELENS_SSO_BUTTON_TEXT", "Sign in with Acme ID")
	e := newEnv(t, nil)
	acc := e.account("Acme")

	st, res := e.client().call("GET", "/api/login/config", nil)
	require.Equal(t, 200, st)
	assert.Equal(t, obj{"enabled": true, "text": "Sign in with Acme ID", "url": "/api/login/sso"}, res["sso"])

	// First sign-in creates an SSO user.
	is.sub, is.email = "u-123", "sara@acme.test"
	c := e.client()
	assert.Equal(t, "/pricing/reports", ssoSignIn(t, e, c, "/pricing/reports"))
	c.csrf = c.cookie(access.CSRFCookie).Value // the webapp reads the readable CSRF cookie
	st, res = c.call("POST", "/api/auth/isAuth", obj{})
	require.Equal(t, 200, st, "%v", res)
	assert.Equal(t, obj{"id": res["user"].(obj)["id"], "email": "sara@acme.test", "is_saml": true}, res["user"])
	assert.Equal(t, c.csrf, res["csrfToken"])
	st, res = c.call("GET", "/api/account/getAccounts", nil)
	require.Equal(t, 200, st)
	assert.Empty(t, res["accounts"], "not assigned to any account yet")
	e.exec(`INSERT INTO memberships (user_id, account_id, role) SELECT id, $1, 'viewer' FROM users WHERE email = 'sara@acme.test'`, acc)
	st, _ = c.call("POST", "/api/account/setAccount", obj{"account_id": acc})
	assert.Equal(t, 200, st)

	// The same subject signs in to the same user; an external redirect target is ignored.
	c2 := e.client()
	assert.Equal(t, "/account", ssoSignIn(t, e, c2, "https://evil.example/"))
	assert.Equal(t, 1, e.count(`SELECT count(*) FROM users WHERE is_saml`))

	// An internal user with the same e-mail is linked on first SSO sign-in.
	e.user("ivan@acme.test", "analyst", acc)
	is.sub, is.email = "u-456", "ivan@acme.test"
	ssoSignIn(t, e, e.client(), "/")
	assert.Equal(t, 1, e.count(`SELECT count(*) FROM users WHERE email = 'ivan@acme.test' AND is_saml AND sso_subject IS NOT NULL`))

	// A wrong nonce or a forged signature is refused, and no session is created.
	sessions := e.count(`SELECT count(*) FROM sessions`)
	is.nonceFix = "replayed"
	loc := ssoSignIn(t, e, e.client(), "/")
	assert.True(t, strings.HasPrefix(loc, "/login?error="), loc)
	assert.Contains(t, loc, "nonce")
	is.nonceFix = ""
	forger, err := rsa.GenerateKey(rand.Reader, 2048)
	require.NoError(t, err)
	is.signer = forger
	loc = ssoSignIn(t, e, e.client(), "/")
	assert.Contains(t, loc, "signature")
	is.signer = is.key
	assert.Equal(t, sessions, e.count(`SELECT count(*) FROM sessions`))

	// A callback with an unknown state is refused.
	resp, err := e.client().http.Get(e.srv.URL + "/api/login/sso/callback?code=x&state=never-issued")
	require.NoError(t, err)
	resp.Body.Close()
	assert.True(t, strings.HasPrefix(resp.Header.Get("Location"), "/login?error="))

	// SSO users cannot sign in with a password.
	st, _ = e.client().call("POST", "/api/auth", obj{"email": "sara@acme.test", "password": "anything at all"})
	assert.Equal(t, 401, st)
}

// TestSingleSignOnDevIDP signs in against the local stack's provider (deploy/devidp,
// the one `make run` and the browser tests use): its discovery, PKCE, client
// authentication and ID tokens work with our relying party, the demo
// administrator's internal user is linked and keeps its memberships and password, and a
// redirect URL it does not know is refused.
func TestSingleSignOnDevIDP(t *testing.T) {
	p, err := devidp.Start(devidp.Options{Addr: "127.0.0.1:0", ClientID: clientID, ClientSecret: clientSecret,
		RedirectURLs: []string{callbackURL}, Email: "admin@acme.test"})
	require.NoError(t, err)
	t.Cleanup(func() { p.Close() })
	t.Setenv("PRICELENS_OIDC_ISSUER", p.Issuer())
	t.Setenv("PRICELENS_OIDC_CLIENT_ID", clientID)
	t.Setenv("PRICELENS_OIDC_CLIENT_SECRET", clientSecret)
	t.Setenv("PRICELENS_OIDC_REDIRECT_URL", callbackURL)
	e := newEnv(t, nil)
	acc := e.account("Acme")
	e.user("admin@acme.test", "admin", acc)

	c := e.client()
	assert.Equal(t, "/pricing/reports", ssoSignIn(t, e, c, "/pricing/reports"))
	c.csrf = c.cookie(access.CSRFCookie).Value
	st, res := c.call("POST", "/api/auth/isAuth", obj{})
	require.Equal(t, 200, st, "%v", res)
	assert.Equal(t, "admin@acme.test", res["user"].(obj)["email"])
	assert.Equal(t, true, res["user"].(obj)["is_saml"])
	st, _ = c.call("POST", "/api/account/setAccount", obj{"account_id": acc})
	assert.Equal(t, 200, st, "the linked user keeps its account")
	assert.Equal(t, 1, e.count(`SELECT count(*) FROM users WHERE email = 'admin@acme.test' AND sso_subject IS NOT NULL`))

	// A second sign-in is the same user, and the linked user's password still signs in.
	ssoSignIn(t, e, e.client(), "/")
	assert.Equal(t, 1, e.count(`SELECT count(*) FROM users WHERE is_saml`))
	e.login("admin@acme.test", acc)

	// The provider refuses a redirect URL that is not registered.
	resp, err := http.Get(p.Issuer() + "/authorize?" + url.Values{"client_id": {clientID}, "response_type": {"code"},
		"scope": {"openid email"}, "state": {"s"}, "redirect_uri": {"https://evil.example/cb"}}.Encode())
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, 400, resp.StatusCode)
}
