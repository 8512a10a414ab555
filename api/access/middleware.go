package access

import (
	"crypto/subtle"
	"errors"
	"net/http"
	"strconv"
	"time"

	"github.com/labstack/echo/v4"

	"pricelens/api/httperr"
	"pricelens/api/route"
	"pricelens/api/session"
	"pricelens/store"
	"pricelens/store/authz"
)

// Cookie and header names (docs/api-contract.md).
const (
	SessionCookie = "pricelens_session"
	CSRFCookie    = "pricelens_csrf"
	CSRFHeader    = "X-CSRF-Token"
)

// NotAssigned is the specification's 403 message for an account the user is not assigned to.
const NotAssigned = "You are trying to access account that you are not assigned to"

// Locked is the specification's message for a permission the user lacks.
const Locked = "Feature is locked for this user"

const (
	sessionIDKey  = "pricelens.session_id"
	sessionRowKey = "pricelens.session_row"
)

// current returns the principal and the session row the middleware set.
func (s *Service) current(c echo.Context) (session.Principal, store.Session, error) {
	p, ok := session.Get(c)
	ss, ok2 := c.Get(sessionRowKey).(store.Session)
	if !ok || !ok2 {
		return p, ss, httperr.Unauthorized("Please sign in.")
	}
	return p, ss, nil
}

func errNotAssigned() *httperr.Error { return httperr.Forbidden(NotAssigned) }

func errLocked() *httperr.Error {
	return &httperr.Error{Status: http.StatusForbidden, Code: "permission", Message: Locked}
}

func errCSRF() *httperr.Error {
	return &httperr.Error{Status: http.StatusForbidden, Code: "csrf", Message: "The security token of this request is missing or wrong. Please reload the page."}
}

// Middleware authenticates the session, checks the CSRF token of state-changing
// calls, selects the account and enforces the route's access rule from the table.
// It fails closed: a matched route the table does not list is refused (route.Table
// Verify makes startup fail before that can happen). It sets the
// session.Principal the handlers read.
func (s *Service) Middleware(table *route.Table) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			if p := c.Path(); p == route.CatchAll || p == "/api" || p == "" {
				return next(c)
			}
			r, ok := table.Lookup(c.Request().Method, c.Path())
			if !ok {
				s.Log.Error("route not in the route table; refused", "method", c.Request().Method, "path", c.Path())
				return errLocked()
			}
			need := r.Access
			if need.IsPublic() {
				return next(c)
			}
			if need.IsToken() && (!need.TakesSession() || hasBearer(c)) {
				p, err := s.tokenPrincipal(c)
				if err != nil {
					return err
				}
				session.Set(c, p)
				if err := s.permitted(c, p, need); err != nil {
					return err
				}
				return next(c)
			}
			p, sid, err := s.authenticate(c)
			if err != nil {
				return err
			}
			if unsafeMethod(c.Request().Method) && !csrfOK(c, p.csrf) {
				return errCSRF()
			}
			c.Set(sessionIDKey, sid)
			c.Set(sessionRowKey, p.Session)
			principal, err := s.selectAccount(c, p)
			if err != nil {
				return err
			}
			session.Set(c, principal)
			if need.NeedsAccount() {
				if _, err := session.Account(c); err != nil {
					return err
				}
			}
			if err := s.permitted(c, principal, need); err != nil {
				return err
			}
			return next(c)
		}
	}
}

// permitted checks the permission a route needs, if any, for the caller's role in
// the selected account.
func (s *Service) permitted(c echo.Context, p session.Principal, need route.Access) error {
	if !need.NeedsPermission() {
		return nil
	}
	ok, err := s.Authz.Allowed(c.Request().Context(), p.AccountID, p.Role, need.Resource, need.Action, need.Code)
	if err != nil {
		return err
	}
	if !ok {
		return errLocked()
	}
	return nil
}

func unsafeMethod(m string) bool {
	switch m {
	case http.MethodGet, http.MethodHead, http.MethodOptions:
		return false
	}
	return true
}

func csrfOK(c echo.Context, want string) bool {
	got := c.Request().Header.Get(CSRFHeader)
	return got != "" && subtle.ConstantTimeCompare([]byte(got), []byte(want)) == 1
}

// signedIn is the authenticated session before account selection.
type signedIn struct {
	store.Session
	csrf string
}

// authenticate finds the session of the cookie: 401 without one, 440 when it is
// idle longer than the timeout or past its absolute life (and then deletes it).
func (s *Service) authenticate(c echo.Context) (signedIn, string, error) {
	ck, err := c.Cookie(SessionCookie)
	if err != nil || ck.Value == "" {
		return signedIn{}, "", httperr.Unauthorized("Please sign in.")
	}
	sid := tokenHash(ck.Value)
	ctx := c.Request().Context()
	ss, err := s.Store.SessionByID(ctx, sid)
	var se *store.Error
	if errors.As(err, &se) {
		return signedIn{}, "", httperr.Unauthorized("Please sign in.")
	}
	if err != nil {
		return signedIn{}, "", err
	}
	now := time.Now()
	if ss.Blocked {
		_ = s.Store.DeleteSession(ctx, sid)
		return signedIn{}, "", httperr.Unauthorized("Please sign in.")
	}
	if now.Sub(ss.LastSeenAt) > s.Settings.IdleTimeout || now.After(ss.ExpiresAt) {
		_ = s.Store.DeleteSession(ctx, sid)
		return signedIn{}, "", httperr.SessionExpired()
	}
	if err := s.Store.TouchSession(ctx, sid); err != nil {
		return signedIn{}, "", err
	}
	return signedIn{Session: ss, csrf: ss.CSRFToken}, sid, nil
}

// selectAccount applies the account_id query parameter (checking the membership)
// or else the session's selected account. The parameter selects the account for
// this request only: a GET, which carries no CSRF token, must change nothing, so
// only POST /account/setAccount stores the choice on the session.
func (s *Service) selectAccount(c echo.Context, p signedIn) (session.Principal, error) {
	ctx := c.Request().Context()
	pr := session.Principal{UserID: p.UserID, Email: p.Email, IsSSO: p.IsSSO}
	accountID := p.AccountID
	if v := c.QueryParam("account_id"); v != "" {
		id, err := strconv.ParseInt(v, 10, 64)
		if err != nil || id <= 0 {
			return pr, httperr.BadRequest("account_id", "account_id must be a positive whole number")
		}
		accountID = id
	}
	if accountID == 0 {
		return pr, nil
	}
	m, found, err := s.Store.Membership(ctx, p.UserID, accountID)
	if err != nil {
		return pr, err
	}
	if !found || m.Blocked {
		return pr, errNotAssigned()
	}
	pr.AccountID, pr.Role, pr.RoleID, pr.Categories = accountID, m.Role, m.RoleID, m.Categories
	return pr, nil
}

// Can reports whether the principal's role holds a permission code under an action
// in its account (the code's own area).
func (s *Service) Can(c echo.Context, p session.Principal, act authz.Action, code authz.Code) (bool, error) {
	perm, ok := authz.Lookup(code)
	if !ok {
		return false, nil
	}
	return s.Authz.Allowed(c.Request().Context(), p.AccountID, p.Role, perm.Resource, act, code)
}
