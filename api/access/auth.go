package access

import (
	"context"
	"errors"
	"net/http"
	"net/mail"
	"pricelens/api/route"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"
	"golang.org/x/crypto/bcrypt"

	"pricelens/api/httperr"
	"pricelens/store"
)

// throttle is the sign-in throttle: after 5 failures within 15 minutes for one
// e-mail or one client address, each further attempt waits 30 s·2^n (at most 15 minutes).
var throttle = store.Throttle{Window: 15 * time.Minute, Free: 5, Base: 30 * time.Second, Max: 15 * time.Minute}

// wrongCredentials never says which of e-mail or password was wrong.
func wrongCredentials() *httperr.Error { return httperr.Unauthorized("Wrong email or password") }

// dummyHash makes a sign-in for an unknown e-mail cost as much as a real one.
var dummyHash, _ = bcrypt.GenerateFromPassword([]byte("pricelens-no-such-user"), bcrypt.DefaultCost)

// User is the signed-in user as sign-in and isAuth describe it.
type User struct {
	ID     int64  `json:"id" openapi:"always"`
	Email  string `json:"email" openapi:"always"`
	IsSAML bool   `json:"is_saml" openapi:"always"` // signed in through single sign-on
}

func toUser(id int64, email string, sso bool) User { return User{ID: id, Email: email, IsSAML: sso} }

// LoginConfig is what the login page offers: the SSO button (when configured) and
// the password form.
type LoginConfig struct {
	SSO      SSOButton `json:"sso" openapi:"always"`
	Password bool      `json:"password" openapi:"always"`
	// HomePath is where "/" leads on this deployment (PRICELENS_HOME_PAGE).
	HomePath string `json:"home_path" openapi:"always"`
}

// SSOButton is the login page's single sign-on button.
type SSOButton struct {
	Enabled bool   `json:"enabled" openapi:"always"`
	Text    string `json:"text" openapi:"always"`
	URL     string `json:"url" openapi:"always"`
}

// loginConfig is GET /login/config.
func (s *Service) loginConfig(echo.Context, struct{}) (LoginConfig, error) {
	return LoginConfig{SSO: SSOButton{Enabled: s.oidc != nil, Text: s.Settings.OIDC.ButtonText, URL: "/api/login/sso"}, Password: true, HomePath: s.Settings.HomePath}, nil
}

// SignIn is the body of POST /auth.
type SignIn struct {
	Email    string `json:"email" required:"true"`
	Password string `json:"password" required:"true"`
}

// Validate trims the e-mail and requires both fields.
func (in *SignIn) Validate() error {
	in.Email = strings.TrimSpace(in.Email)
	if in.Email == "" || in.Password == "" {
		return httperr.BadRequest("email", "Please enter your email and password.")
	}
	return nil
}

// SignedIn is the answer of a sign-in: the user and the CSRF token that every
// later state-changing call sends in X-CSRF-Token.
type SignedIn struct {
	User      User   `json:"user" openapi:"always"`
	CSRFToken string `json:"csrfToken" openapi:"always"`
}

// signIn is POST /auth {email, password}: checks the password and starts a session.
func (s *Service) signIn(c echo.Context, in SignIn) (SignedIn, error) {
	u, err := s.checkPassword(c.Request().Context(), in.Email, in.Password, c.RealIP())
	if err != nil {
		return SignedIn{}, err
	}
	csrf, err := s.startSession(c, u.ID)
	if err != nil {
		return SignedIn{}, err
	}
	return SignedIn{User: toUser(u.ID, u.Email, u.IsSSO), CSRFToken: csrf}, nil
}

// checkPassword returns the internal, unblocked user whose password matches, under
// the throttle of the e-mail and the client address.
func (s *Service) checkPassword(ctx context.Context, email, password, addr string) (store.User, error) {
	emailKey, addrKey := "email:"+strings.ToLower(email), "addr:"+addr
	until, err := s.Store.AdmitLogin(ctx, []string{emailKey, addrKey}, throttle)
	if err != nil {
		return store.User{}, err
	}
	if !until.IsZero() {
		wait := int(time.Until(until).Seconds()) + 1
		return store.User{}, &httperr.Error{Status: http.StatusTooManyRequests, Code: "too_many_attempts",
			Message: "Too many failed sign-in attempts. Please try again in " + strconv.Itoa(wait) + " seconds."}
	}
	u, err := s.Store.UserByEmail(ctx, email)
	var se *store.Error
	if err != nil && !errors.As(err, &se) {
		return store.User{}, err
	}
	hash := dummyHash
	if err == nil && u.PasswordHash != nil {
		hash = []byte(*u.PasswordHash)
	}
	match := bcrypt.CompareHashAndPassword(hash, []byte(password)) == nil
	if err != nil || u.PasswordHash == nil || u.Blocked || !match {
		return store.User{}, wrongCredentials() // AdmitLogin already counted the failure
	}
	if err := s.Store.LoginSucceeded(ctx, emailKey, addrKey, throttle); err != nil {
		return store.User{}, err
	}
	return u, nil
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

// IsAuthRequest is the body of POST /auth/isAuth. The webapp sends site_id; the
// answer does not depend on it, so any JSON value is accepted.
type IsAuthRequest struct {
	SiteID any `json:"site_id,omitempty"`
}

// AuthState is who is signed in and which account is selected (null: none yet).
type AuthState struct {
	IsAuth    bool   `json:"isAuth" openapi:"always"`
	User      User   `json:"user" openapi:"always"`
	AccountID *int64 `json:"account_id"`
	CSRFToken string `json:"csrfToken" openapi:"always"`
}

// isAuth is POST /auth/isAuth.
func (s *Service) isAuth(c echo.Context, _ IsAuthRequest) (AuthState, error) {
	p, ss, err := s.current(c)
	if err != nil {
		return AuthState{}, err
	}
	st := AuthState{IsAuth: true, User: toUser(p.UserID, p.Email, p.IsSSO), CSRFToken: ss.CSRFToken}
	if p.AccountID != 0 {
		st.AccountID = &p.AccountID
	}
	return st, nil
}

// logout is GET /login/logout: deletes the session and clears the cookies.
// It needs no live session, so an expired one can still log out cleanly.
func (s *Service) logout(c echo.Context, _ struct{}) (route.OK, error) {
	if ck, err := c.Cookie(SessionCookie); err == nil && ck.Value != "" {
		if err := s.Store.DeleteSession(c.Request().Context(), tokenHash(ck.Value)); err != nil {
			return route.OK{}, err
		}
	}
	for _, name := range []string{SessionCookie, CSRFCookie} {
		c.SetCookie(&http.Cookie{Name: name, Value: "", Path: "/", MaxAge: -1, HttpOnly: name == SessionCookie, SameSite: http.SameSiteLaxMode})
	}
	return route.OK{OK: true}, nil
}

const resetMessage = "If this address belongs to an internal user, a reset link has been sent."

// ResetRequest is the body of POST /login/resetPassword.
type ResetRequest struct {
	Email string `json:"email" required:"true"`
}

// Validate checks the address with the specification's messages.
func (in ResetRequest) Validate() error { return validEmail(in.Email) }

// resetPassword is POST /login/resetPassword {email}; the answer is the same
// whether or not the address is known.
func (s *Service) resetPassword(c echo.Context, in ResetRequest) (route.Done, error) {
	if err := s.sendPasswordReset(c.Request().Context(), in.Email); err != nil {
		return route.Done{}, err
	}
	return route.Done{OK: true, Message: resetMessage}, nil
}

// sendPasswordReset queues a reset link for an internal, unblocked user of the
// address, and does nothing for any other address.
func (s *Service) sendPasswordReset(ctx context.Context, email string) error {
	u, err := s.Store.UserByEmail(ctx, email)
	var se *store.Error
	switch {
	case errors.As(err, &se):
		return nil
	case err != nil:
		return err
	case u.IsSSO || u.Blocked:
		return nil
	}
	token := randomToken(32)
	link := s.setPasswordLink(token)
	m := store.Mail{Kind: "password_reset", Recipients: []string{u.Email}, Subject: "Reset your Pricelens password",
		Body: "Open this link within one hour to choose a new password: " + link, Detail: map[string]any{"link": link}}
	return s.Store.CreatePasswordReset(ctx, u.ID, tokenHash(token), m)
}

// NewPassword is the body of POST /login/resetPassword/confirm: the token of the
// reset link and the password chosen.
type NewPassword struct {
	Token    string `json:"token" required:"true"`
	Password string `json:"password" required:"true"`
}

// Validate keeps the password within what bcrypt hashes (8 to 72 bytes).
func (in NewPassword) Validate() error {
	if len(in.Password) < 8 {
		return httperr.BadRequest("password", "The password must have at least 8 characters.")
	}
	if len(in.Password) > 72 {
		return httperr.BadRequest("password", "The password can have at most 72 characters.")
	}
	return nil
}

// confirmReset is POST /login/resetPassword/confirm {token, password}.
func (s *Service) confirmReset(c echo.Context, in NewPassword) (route.OK, error) {
	hash, err := hashPassword(in.Password)
	if err != nil {
		return route.OK{}, err
	}
	if err := s.Store.UsePasswordReset(c.Request().Context(), tokenHash(in.Token), hash); err != nil {
		return route.OK{}, err
	}
	return route.OK{OK: true}, nil
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
