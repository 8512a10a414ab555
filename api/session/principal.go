// Package session carries who is calling, and for which account, from the access
// middleware to the handlers. The middleware (api/access) sets it; handlers read it
// with Account, so a handler can never forget which account it serves.
package session

import (
	"github.com/labstack/echo/v4"

	"pricelens/api/httperr"
	"pricelens/store/authz"
)

// Principal is the signed-in user and the selected account of one request
// (authz.Principal, which the report service and the jobs take too).
type Principal = authz.Principal

const key = "pricelens.principal"

// Set stores the principal on the request (used by the access middleware and by tests).
func Set(c echo.Context, p Principal) { c.Set(key, p) }

// Get returns the principal of the request, if the session middleware set one.
func Get(c echo.Context) (Principal, bool) {
	p, ok := c.Get(key).(Principal)
	return p, ok
}

// Account returns the principal with a selected account, or the error the client
// should see: 401 without a session, 409 "Please choose account" without an account.
func Account(c echo.Context) (Principal, error) {
	p, ok := Get(c)
	if !ok {
		return p, httperr.Unauthorized("Please sign in.")
	}
	if p.AccountID == 0 {
		return p, &httperr.Error{Status: 409, Code: "no_account", Message: "Please choose account"}
	}
	return p, nil
}
