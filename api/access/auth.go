package access

import (
	"errors"
	"net/http"
	"net/mail"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"
	"golang.org/x/crypto/bcrypt"

	"pricelens/api/httperr"
	"pricelens/api/reqbody"
	"pricelens/store"
)

// throttle is the sign-in throttle: after 5 failures within 15 minutes for one
// e-mail or one client address, each further attempt waits 30 s·2^n (at most 15 minutes).
var throttle = store.Throttle{Window: 15 * time.Minute, Free: 5, Base: 30 * time.Second, Max: 15 * time.Minute}

// wrongCredentials never says which of e-mail or password was wrong.
func wrongCredentials() *httperr.Error { return httperr.Unauthorized("Wrong email or password") }

// dummyHash makes a sign-in for an unknown e-mail cost as much as a real one.
var dummyHash, _ = bcrypt.GenerateFromPassword([]byte("pricelens-no-such-user"), bcrypt.DefaultCost)

type userJSON struct {
	ID     int64  `json:"id"`
	Email  string `json:"email"`
	IsSAML bool   `json:"is_saml"`
}

func (s *Service) loginConfig(c echo.Context) error {
	return c.JSON(http.StatusOK, map[string]any{
		"sso":      map[string]any{"enabled": s.oidc != nil, "text": s.Settings.OIDC.ButtonText, "url": "/api/login/sso"},
		"password": true,
	})
}

// signIn is POST /auth {email, password}.
func (s *Service) signIn(c echo.Context) error {
	var in struct {
		Email    string `json:"email"`
		Password string `json:"password"`
	}
	if err := reqbody.Decode(c, &in); err != nil {
		return err
	}
	email := strings.TrimSpace(in.Email)
	if email == "" || in.Password == "" {
		return httperr.BadRequest("email", "Please enter your email and password.")
	}
	ctx := c.Request().Context()
	emailKey, addrKey := "email:"+strings.ToLower(email), "addr:"+c.RealIP()
	until, err := s.Store.AdmitLogin(ctx, []string{emailKey, addrKey}, throttle)
	if err != nil {
		return err
	}
	if !until.IsZero() {
		wait := int(time.Until(until).Seconds()) + 1
		return &httperr.Error{Status: http.StatusTooManyRequests, Code: "too_many_attempts",
			Message: "Too many failed sign-in attempts. Please try again in " + strconv.Itoa(wait) + " seconds."}
	}
	u, err := s.Store.UserByEmail(ctx, email)
	var se *store.Error
	if err != nil && !errors.As(err, &se) {
		return err
	}
	hash := dummyHash
	if err == nil && u.PasswordHash != nil {
		hash = []byte(*u.PasswordHash)
	}
	match := bcrypt.CompareHashAndPassword(hash, []byte(in.Password)) == nil
	if err != nil || u.PasswordHash == nil || u.Blocked || !match {
		return wrongCredentials() // AdmitLogin already counted the failure
	}
	if err := s.Store.LoginSucceeded(ctx, emailKey, addrKey, throttle); err != nil {
		return err
	}
	csrf, err := s.startSession(c, u.ID)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"user": userJSON{u.ID, u.Email, u.IsSSO}, "csrfToken": csrf})
}

// startSession creates a session row and sets the session and CSRF cookies.
func (s *Service) startSession(c echo.Context, userID int64) (string, error) {
	token := randomToken(32)
	csrf := randomToken(24)
	ctx := c.Request().Context()
	if err := s.Store.CreateSession(ctx, tokenHash(token), userID, csrf, time.Now().Add(s.Settings.SessionLife)); err != nil {
		return "", err
	}
	if err := s.Store.RecordLogin(ctx, userID); err != nil {
		return "", err
	}
	secure := c.Scheme() == "https"
	c.SetCookie(&http.Cookie{Name: SessionCookie, Value: token, Path: "/", HttpOnly: true, Secure: secure, SameSite: http.SameSiteLaxMode})
	c.SetCookie(&http.Cookie{Name: CSRFCookie, Value: csrf, Path: "/", HttpOnly: false, Secure: secure, SameSite: http.SameSiteStrictMode})
	return csrf, nil
}

// isAuth is POST /auth/isAuth: who is signed in, and which account is selected.
func (s *Service) isAuth(c echo.Context) error {
	p, ss, err := s.current(c)
	if err != nil {
		return err
	}
	var acc any
	if p.AccountID != 0 {
		acc = p.AccountID
	}
	return c.JSON(http.StatusOK, map[string]any{"isAuth": true, "user": userJSON{p.UserID, p.Email, p.IsSSO},
		"account_id": acc, "csrfToken": ss.CSRFToken})
}

// logout is GET /login/logout: deletes the session and clears the cookies.
// It needs no live session, so an expired one can still log out cleanly.
func (s *Service) logout(c echo.Context) error {
	if ck, err := c.Cookie(SessionCookie); err == nil && ck.Value != "" {
		if err := s.Store.DeleteSession(c.Request().Context(), tokenHash(ck.Value)); err != nil {
			return err
		}
	}
	for _, name := range []string{SessionCookie, CSRFCookie} {
		c.SetCookie(&http.Cookie{Name: name, Value: "", Path: "/", MaxAge: -1, HttpOnly: name == SessionCookie, SameSite: http.SameSiteLaxMode})
	}
	return c.JSON(http.StatusOK, map[string]any{"ok": true})
}

const resetMessage = "If this address belongs to an internal user, a reset link has been sent."

// resetPassword is POST /login/resetPassword {email}: queues a reset link for an
// internal user; the answer is the same whether or not the address is known.
func (s *Service) resetPassword(c echo.Context) error {
	var in struct {
		Email string `json:"email"`
	}
	if err := reqbody.Decode(c, &in); err != nil {
		return err
	}
	if err := validEmail(in.Email); err != nil {
		return err
	}
	ctx := c.Request().Context()
	u, err := s.Store.UserByEmail(ctx, in.Email)
	var se *store.Error
	switch {
	case errors.As(err, &se):
	case err != nil:
		return err
	case !u.IsSSO && !u.Blocked:
		token := randomToken(32)
		link := s.setPasswordLink(token)
		m := store.Mail{Kind: "password_reset", Recipients: []string{u.Email}, Subject: "Reset your Pricelens password",
			Body: "Open this link within one hour to choose a new password: " + link, Detail: map[string]any{"link": link}}
		if err := s.Store.CreatePasswordReset(ctx, u.ID, tokenHash(token), m); err != nil {
			return err
		}
	}
	return c.JSON(http.StatusOK, map[string]any{"ok": true, "message": resetMessage})
}

// confirmReset is POST /login/resetPassword/confirm {token, password}.
func (s *Service) confirmReset(c echo.Context) error {
	var in struct {
		Token    string `json:"token"`
		Password string `json:"password"`
	}
	if err := reqbody.Decode(c, &in); err != nil {
		return err
	}
	if len(in.Password) < 8 {
		return httperr.BadRequest("password", "The password must have at least 8 characters.")
	}
	if len(in.Password) > 72 {
		return httperr.BadRequest("password", "The password can have at most 72 characters.")
	}
	hash, err := bcrypt.GenerateFromPassword([]byte(in.Password), bcrypt.DefaultCost)
	if err != nil {
		return err
	}
	if err := s.Store.UsePasswordReset(c.Request().Context(), tokenHash(in.Token), string(hash)); err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"ok": true})
}

// validEmail checks an e-mail with the specification's messages.
func validEmail(e string) error {
	e = strings.TrimSpace(e)
	if e == "" {
		return httperr.BadRequest("email", "Email is required")
	}
	a, err := mail.ParseAddress(e)
	if err != nil || a.Address != e || !strings.Contains(e[strings.Index(e, "@")+1:], ".") || len(e) > 254 {
		return httperr.BadRequest("email", "Please enter a valid email address")
	}
	return nil
}
