// Package devidp is the local stack's OpenID Connect provider, so the sign-in
// page's single sign-on button works in the demo (`make run`), in the browser
// tests and in the Go tests of the callback, without an outside identity
// provider. It is a real protocol server (discovery, authorization with PKCE
// S256, token, userinfo, RS256 JWKS) from github.com/oauth2-proxy/mockoidc that
// signs in one configured person (by default the demo administrator) without
// asking for a password, so it listens on loopback only. cmd/devidp runs it; the
// product binary never links it.
package devidp

import (
	"crypto/rand"
	"crypto/rsa"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strings"

	"github.com/oauth2-proxy/mockoidc"
)

// Defaults match the Makefile's `run` settings of the product (PRICELENS_OIDC_*).
const (
	DefaultAddr         = "127.0.0.1:18096"
	DefaultClientID     = "pricelens-demo"
	DefaultClientSecret = "pricelens-demo-secret"
	DefaultRedirectURL  = "http://127.0.0.1:8080/api/login/sso/callback"
	DefaultEmail        = "admin@pricelens.local"
)

// Options configure the one client and the one person of the provider.
type Options struct {
	Addr                   string   // loopback IP and port; port 0 picks a free one
	ClientID, ClientSecret string   // the one client
	RedirectURLs           []string // the client's registered redirect URLs
	Email                  string   // verified e-mail address every sign-in is for
}

// Provider is a running provider.
type Provider struct{ m *mockoidc.MockOIDC }

// Issuer is the issuer URL (http://<addr>/oidc), PRICELENS_OIDC_ISSUER of the product.
func (p *Provider) Issuer() string { return p.m.Issuer() }

// Close stops the provider.
func (p *Provider) Close() error { return p.m.Shutdown() }

// Start listens on o.Addr and serves the provider in the background.
func Start(o Options) (*Provider, error) {
	host, _, err := net.SplitHostPort(o.Addr)
	if ip := net.ParseIP(host); err != nil || ip == nil || !ip.IsLoopback() {
		return nil, fmt.Errorf("address %q: a loopback IP address and port are required (this provider signs anyone in)", o.Addr)
	}
	if o.ClientID == "" || o.ClientSecret == "" || o.Email == "" || len(o.RedirectURLs) == 0 {
		return nil, fmt.Errorf("a client id, a client secret, a redirect URL and an e-mail address are required")
	}
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		return nil, err
	}
	m, err := mockoidc.NewServer(key)
	if err != nil {
		return nil, err
	}
	m.ClientID, m.ClientSecret = o.ClientID, o.ClientSecret
	user := &mockoidc.MockUser{Subject: "devidp|" + strings.ToLower(o.Email), Email: o.Email, EmailVerified: true,
		PreferredUsername: strings.Split(o.Email, "@")[0]}
	if err := m.AddMiddleware(protocol(m, o.RedirectURLs, user)); err != nil {
		return nil, err
	}
	ln, err := net.Listen("tcp", o.Addr)
	if err != nil {
		return nil, err
	}
	if err := m.Start(ln, nil); err != nil {
		ln.Close()
		return nil, err
	}
	return &Provider{m: m}, nil
}

// protocol adds what the library leaves to its tests: the authorization endpoint
// accepts only the registered redirect URLs and signs in the configured person
// (the library takes each sign-in's user from a queue), and the token endpoint
// accepts client_secret_basic, which its discovery document advertises but its
// handler reads only from the form.
func protocol(m *mockoidc.MockOIDC, redirects []string, user *mockoidc.MockUser) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			switch r.URL.Path {
			case mockoidc.AuthorizationEndpoint:
				if err := r.ParseForm(); err != nil || !slices.Contains(redirects, r.Form.Get("redirect_uri")) {
					http.Error(w, "invalid_request: redirect_uri is not registered for this client", http.StatusBadRequest)
					return
				}
				m.QueueUser(user)
			case mockoidc.TokenEndpoint:
				if err := r.ParseForm(); err != nil {
					http.Error(w, "invalid_request", http.StatusBadRequest)
					return
				}
				if id, secret, ok := r.BasicAuth(); ok {
					// RFC 6749 2.3.1: both parts are form-urlencoded before base64.
					if v, err := url.QueryUnescape(id); err == nil {
						r.Form.Set("client_id", v)
					}
					if v, err := url.QueryUnescape(secret); err == nil {
						r.Form.Set("client_secret", v)
					}
				}
			}
			next.ServeHTTP(w, r)
		})
	}
}
