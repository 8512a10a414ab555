package access

import (
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"pricelens/api/httperr"
	"pricelens/api/session"
)

// APITokenTTL is how long a token of GET /api/token is valid: long enough for a
// panel or widget to make its calls, short enough that a leaked one soon stops.
const APITokenTTL = 10 * time.Minute

// apiAudience marks API tokens apart from the embed tokens signed with the same
// keys, so neither is accepted as the other.
const apiAudience = "api"

// apiClaims are what an API token grants: its user in its account until Expires.
type apiClaims struct {
	Audience  string `json:"aud"`
	UserID    int64  `json:"usr"`
	AccountID int64  `json:"acc"`
	Expires   int64  `json:"exp"`
}

// TokenOut is the answer of GET /api/token (docs/product.md §3 "Token response").
type TokenOut struct {
	Token     string    `json:"token" openapi:"always"`
	ExpiresAt time.Time `json:"expires_at" openapi:"always"`
}

// errBadToken is the 401 of a missing, tampered, foreign or expired token.
func errBadToken() *httperr.Error {
	return httperr.Unauthorized("The token is missing, invalid or expired. Ask GET /api/token for a new one.")
}

// apiToken is GET /api/token: a bearer token for the caller in the selected account.
func (s *Service) apiToken(c echo.Context, _ struct{}) (TokenOut, error) {
	p, err := session.Account(c)
	if err != nil {
		return TokenOut{}, err
	}
	exp := time.Now().Add(APITokenTTL)
	tok := s.Tokens.Sign(apiClaims{Audience: apiAudience, UserID: p.UserID, AccountID: p.AccountID, Expires: exp.Unix()})
	return TokenOut{Token: tok, ExpiresAt: exp.UTC().Truncate(time.Second)}, nil
}

// tokenPrincipal authenticates a Token route: the bearer token's signature,
// audience and expiry, then the user's membership of the token's account now
// (a removed or blocked user's tokens stop at once).
// hasBearer reports a request that sends a bearer token (an OrToken route then
// takes it instead of the session).
func hasBearer(c echo.Context) bool {
	return strings.HasPrefix(c.Request().Header.Get(echo.HeaderAuthorization), "Bearer ")
}

func (s *Service) tokenPrincipal(c echo.Context) (session.Principal, error) {
	h := c.Request().Header.Get(echo.HeaderAuthorization)
	raw, ok := strings.CutPrefix(h, "Bearer ")
	if !ok || raw == "" {
		return session.Principal{}, errBadToken()
	}
	var cl apiClaims
	if err := s.Tokens.Verify(strings.TrimSpace(raw), &cl); err != nil || cl.Audience != apiAudience ||
		time.Now().Unix() >= cl.Expires || cl.UserID <= 0 || cl.AccountID <= 0 {
		return session.Principal{}, errBadToken()
	}
	m, email, sso, found, err := s.Store.TokenMember(c.Request().Context(), cl.UserID, cl.AccountID)
	if err != nil {
		return session.Principal{}, err
	}
	if !found {
		return session.Principal{}, errBadToken()
	}
	return session.Principal{UserID: cl.UserID, Email: email, IsSSO: sso, AccountID: cl.AccountID, Role: m.Role, Categories: m.Categories}, nil
}
