package access

import (
	"pricelens/deploy/config"

	"context"
	"crypto"
	"crypto/rsa"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/labstack/echo/v4"

	"pricelens/api/httperr"
	"pricelens/store"
)

// oidcClient is the relying party of the OpenID Connect authorization-code flow with
// PKCE (S256). It discovers the issuer's endpoints and verifies RS256 ID tokens
// against the issuer's JWKS. Standard library only.
type oidcClient struct {
	cfg  config.OIDC
	http *http.Client

	mu        sync.Mutex
	discovery *oidcDiscovery
	keys      map[string]*rsa.PublicKey
	keysAt    time.Time
}

type oidcDiscovery struct {
	Issuer                string `json:"issuer"`
	AuthorizationEndpoint string `json:"authorization_endpoint"`
	TokenEndpoint         string `json:"token_endpoint"`
	JWKSURI               string `json:"jwks_uri"`
}

func newOIDCClient(cfg config.OIDC) *oidcClient {
	return &oidcClient{cfg: cfg, http: &http.Client{Timeout: 10 * time.Second}}
}

func (o *oidcClient) getJSON(ctx context.Context, u string, v any) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	resp, err := o.http.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("%s answered %s", u, resp.Status)
	}
	return json.NewDecoder(io.LimitReader(resp.Body, 1<<20)).Decode(v)
}

func (o *oidcClient) discover(ctx context.Context) (*oidcDiscovery, error) {
	o.mu.Lock()
	d := o.discovery
	o.mu.Unlock()
	if d != nil {
		return d, nil
	}
	var nd oidcDiscovery
	if err := o.getJSON(ctx, strings.TrimSuffix(o.cfg.Issuer, "/")+"/.well-known/openid-configuration", &nd); err != nil {
		return nil, fmt.Errorf("identity provider discovery: %w", err)
	}
	if nd.Issuer != o.cfg.Issuer || nd.AuthorizationEndpoint == "" || nd.TokenEndpoint == "" || nd.JWKSURI == "" {
		return nil, fmt.Errorf("identity provider discovery: incomplete document or issuer mismatch (%q)", nd.Issuer)
	}
	o.mu.Lock()
	o.discovery = &nd
	o.mu.Unlock()
	return &nd, nil
}

// key returns the JWKS key of a kid, refetching the set when the kid is unknown
// (key rotation) at most once a minute.
func (o *oidcClient) key(ctx context.Context, d *oidcDiscovery, kid string) (*rsa.PublicKey, error) {
	o.mu.Lock()
	k, ok := o.keys[kid]
	fresh := time.Since(o.keysAt) < time.Minute
	o.mu.Unlock()
	if ok {
		return k, nil
	}
	if fresh {
		return nil, errors.New("unknown signing key")
	}
	var set struct {
		Keys []struct {
			Kty, Kid, N, E, Use, Alg string
		} `json:"keys"`
	}
	if err := o.getJSON(ctx, d.JWKSURI, &set); err != nil {
		return nil, fmt.Errorf("identity provider keys: %w", err)
	}
	keys := map[string]*rsa.PublicKey{}
	for _, jk := range set.Keys {
		if jk.Kty != "RSA" {
			continue
		}
		n, err1 := base64.RawURLEncoding.DecodeString(jk.N)
		e, err2 := base64.RawURLEncoding.DecodeString(jk.E)
		if err1 != nil || err2 != nil {
			continue
		}
		keys[jk.Kid] = &rsa.PublicKey{N: new(big.Int).SetBytes(n), E: int(new(big.Int).SetBytes(e).Int64())}
	}
	o.mu.Lock()
	o.keys, o.keysAt = keys, time.Now()
	o.mu.Unlock()
	if k, ok := keys[kid]; ok {
		return k, nil
	}
	return nil, errors.New("unknown signing key")
}

type idClaims struct {
	Iss           string          `json:"iss"`
	Sub           string          `json:"sub"`
	Aud           json.RawMessage `json:"aud"`
	Exp           int64           `json:"exp"`
	Iat           int64           `json:"iat"`
	Nonce         string          `json:"nonce"`
	Email         string          `json:"email"`
	EmailVerified *bool           `json:"email_verified"`
}

func (c idClaims) hasAudience(id string) bool {
	var one string
	if json.Unmarshal(c.Aud, &one) == nil {
		return one == id
	}
	var many []string
	if json.Unmarshal(c.Aud, &many) == nil {
		for _, a := range many {
			if a == id {
				return true
			}
		}
	}
	return false
}

// verify checks an ID token's RS256 signature, issuer, audience, expiry and nonce.
func (o *oidcClient) verify(ctx context.Context, d *oidcDiscovery, raw, nonce string) (idClaims, error) {
	var cl idClaims
	parts := strings.Split(raw, ".")
	if len(parts) != 3 {
		return cl, errors.New("malformed ID token")
	}
	hb, err := base64.RawURLEncoding.DecodeString(parts[0])
	if err != nil {
		return cl, errors.New("malformed ID token header")
	}
	var hdr struct{ Alg, Kid string }
	if err := json.Unmarshal(hb, &hdr); err != nil || hdr.Alg != "RS256" {
		return cl, errors.New("ID token must be signed with RS256")
	}
	k, err := o.key(ctx, d, hdr.Kid)
	if err != nil {
		return cl, err
	}
	sig, err := base64.RawURLEncoding.DecodeString(parts[2])
	if err != nil {
		return cl, errors.New("malformed ID token signature")
	}
	sum := sha256.Sum256([]byte(parts[0] + "." + parts[1]))
	if err := rsa.VerifyPKCS1v15(k, crypto.SHA256, sum[:], sig); err != nil {
		return cl, errors.New("ID token signature is invalid")
	}
	pb, err := base64.RawURLEncoding.DecodeString(parts[1])
	if err != nil || json.Unmarshal(pb, &cl) != nil {
		return cl, errors.New("malformed ID token claims")
	}
	now := time.Now().Unix()
	switch {
	case cl.Iss != d.Issuer:
		return cl, errors.New("ID token issuer mismatch")
	case !cl.hasAudience(o.cfg.ClientID):
		return cl, errors.New("ID token audience mismatch")
	case cl.Exp+60 < now:
		return cl, errors.New("ID token expired")
	case cl.Nonce != nonce:
		return cl, errors.New("ID token nonce mismatch")
	case cl.Sub == "":
		return cl, errors.New("ID token has no subject")
	case cl.Email == "" || (cl.EmailVerified != nil && !*cl.EmailVerified):
		return cl, errors.New("the identity provider did not send a verified e-mail address")
	}
	return cl, nil
}

// exchange redeems the authorization code (with the PKCE verifier) for tokens.
func (o *oidcClient) exchange(ctx context.Context, d *oidcDiscovery, code, verifier string) (string, error) {
	form := url.Values{"grant_type": {"authorization_code"}, "code": {code}, "redirect_uri": {o.cfg.RedirectURL},
		"client_id": {o.cfg.ClientID}, "code_verifier": {verifier}}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, d.TokenEndpoint, strings.NewReader(form.Encode()))
	if err != nil {
		return "", err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.SetBasicAuth(url.QueryEscape(o.cfg.ClientID), url.QueryEscape(o.cfg.ClientSecret))
	resp, err := o.http.Do(req)
	if err != nil {
		return "", fmt.Errorf("token endpoint: %w", err)
	}
	defer resp.Body.Close()
	var tr struct {
		IDToken string `json:"id_token"`
		Error   string `json:"error"`
	}
	if err := json.NewDecoder(io.LimitReader(resp.Body, 1<<20)).Decode(&tr); err != nil {
		return "", fmt.Errorf("token endpoint answered %s", resp.Status)
	}
	if resp.StatusCode != http.StatusOK || tr.IDToken == "" {
		return "", fmt.Errorf("token endpoint refused the code (%s %s)", resp.Status, tr.Error)
	}
	return tr.IDToken, nil
}

func pkceChallenge(verifier string) string {
	h := sha256.Sum256([]byte(verifier))
	return base64.RawURLEncoding.EncodeToString(h[:])
}

// safeNext keeps only same-site relative paths as the post-sign-in destination.
func safeNext(p string) string {
	if strings.HasPrefix(p, "/") && !strings.HasPrefix(p, "//") && !strings.Contains(p, "\\") && len(p) < 2000 {
		return p
	}
	return ""
}

// ssoStart is GET /login/sso: redirects to the identity provider.
func (s *Service) ssoStart(c echo.Context) error {
	if s.oidc == nil {
		return httperr.NotFound("Single sign-on is not configured")
	}
	ctx := c.Request().Context()
	d, err := s.oidc.discover(ctx)
	if err != nil {
		s.Log.Error("sso discovery", "err", err)
		return &httperr.Error{Status: http.StatusBadGateway, Code: "sso_unavailable", Message: "The single sign-on provider is not reachable. Please try again later."}
	}
	r := store.OIDCRequest{State: randomToken(24), Verifier: randomToken(48), Nonce: randomToken(24), Next: safeNext(c.QueryParam("next"))}
	if err := s.Store.SaveOIDCRequest(ctx, r); err != nil {
		return err
	}
	q := url.Values{"response_type": {"code"}, "client_id": {s.oidc.cfg.ClientID}, "redirect_uri": {s.oidc.cfg.RedirectURL},
		"scope": {"openid email profile"}, "state": {r.State}, "nonce": {r.Nonce},
		"code_challenge": {pkceChallenge(r.Verifier)}, "code_challenge_method": {"S256"}}
	sep := "?"
	if strings.Contains(d.AuthorizationEndpoint, "?") {
		sep = "&"
	}
	return c.Redirect(http.StatusFound, d.AuthorizationEndpoint+sep+q.Encode())
}

// ssoCallback is GET /login/sso/callback: verifies and signs the user in.
func (s *Service) ssoCallback(c echo.Context) error {
	fail := func(msg string) error {
		return c.Redirect(http.StatusFound, "/login?error="+url.QueryEscape(msg))
	}
	if s.oidc == nil {
		return httperr.NotFound("Single sign-on is not configured")
	}
	if e := c.QueryParam("error"); e != "" {
		return fail("The identity provider refused the sign-in: " + e)
	}
	ctx := c.Request().Context()
	req, err := s.Store.TakeOIDCRequest(ctx, c.QueryParam("state"))
	var se *store.Error
	if errors.As(err, &se) {
		return fail(se.Message)
	}
	if err != nil {
		return err
	}
	d, err := s.oidc.discover(ctx)
	if err != nil {
		return fail("The single sign-on provider is not reachable. Please try again later.")
	}
	raw, err := s.oidc.exchange(ctx, d, c.QueryParam("code"), req.Verifier)
	if err != nil {
		s.Log.Warn("sso code exchange", "err", err)
		return fail("Single sign-on failed. Please try again.")
	}
	cl, err := s.oidc.verify(ctx, d, raw, req.Nonce)
	if err != nil {
		s.Log.Warn("sso id token", "err", err)
		return fail("Single sign-on failed: " + err.Error())
	}
	u, err := s.Store.SSOUser(ctx, d.Issuer+"|"+cl.Sub, strings.TrimSpace(cl.Email))
	if errors.As(err, &se) {
		return fail(se.Message)
	}
	if err != nil {
		return err
	}
	if u.Blocked {
		return fail("This user is blocked.")
	}
	if _, err := s.startSession(c, u.ID); err != nil {
		return err
	}
	next := req.Next
	if next == "" {
		next = "/account"
	}
	return c.Redirect(http.StatusFound, next)
}
