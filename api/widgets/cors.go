package widgets

import (
	"net/http"
	"net/url"
	"slices"
	"strings"

	"github.com/labstack/echo/v4"

	"pricelens/api/httperr"
)

// CORSPaths are the calls a widget makes from another site's page: the embed list,
// the token (with the visitor's session cookie) and the insights it reads with the
// token. Only these answer other origins.
var CORSPaths = []string{"/api/token/embed", "/api/token", "/api/v1/insights/pricing"}

// corsMaxAge is how long (seconds) a browser may keep a preflight's answer.
const corsMaxAge = "600"

// ErrOrigin refuses a widget call from an origin that is not configured.
var ErrOrigin = &httperr.Error{Status: http.StatusForbidden, Code: "origin_not_allowed",
	Message: "This site may not embed Pricelens widgets. Ask your administrator to add it to PRICELENS_EMBED_ORIGINS."}

// CORS answers cross-origin calls of the widgets (CORSPaths) from the configured
// origins (deploy/config EmbedOrigins): the preflight (OPTIONS: GET with the
// Authorization header) gets 204 with the allowed method and header, and the call
// itself the allowed origin with credentials (the token call sends the visitor's
// session cookie). A call from any other origin — preflight or not — is a 403, so
// a page elsewhere gets neither a token nor numbers. Requests without an Origin, or
// from the server's own origin (its webapp), pass unchanged; other paths are not
// touched (they send no CORS headers, so browsers keep other sites out).
// It runs before routing (echo Pre), so a preflight needs no route of its own.
func CORS(origins []string) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			r := c.Request()
			origin := r.Header.Get(echo.HeaderOrigin)
			if origin == "" || !slices.Contains(CORSPaths, r.URL.Path) || sameOrigin(origin, r.Host) {
				return next(c)
			}
			h := c.Response().Header()
			h.Add(echo.HeaderVary, echo.HeaderOrigin)
			if !slices.Contains(origins, strings.ToLower(origin)) {
				return ErrOrigin
			}
			h.Set(echo.HeaderAccessControlAllowOrigin, origin)
			h.Set(echo.HeaderAccessControlAllowCredentials, "true")
			if r.Method == http.MethodOptions {
				h.Set(echo.HeaderAccessControlAllowMethods, http.MethodGet)
				h.Set(echo.HeaderAccessControlAllowHeaders, echo.HeaderAuthorization)
				h.Set(echo.HeaderAccessControlMaxAge, corsMaxAge)
				return c.NoContent(http.StatusNoContent)
			}
			return next(c)
		}
	}
}

// sameOrigin reports whether origin names the host the request was sent to.
func sameOrigin(origin, host string) bool {
	u, err := url.Parse(origin)
	return err == nil && strings.EqualFold(u.Host, host)
}
