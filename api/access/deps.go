// Package access is sign-in and access control: server-side sessions, internal and
// single sign-on (OpenID Connect) sign-in, CSRF protection, account selection, the
// casbin-backed authorization middleware with its one route table, and the
// account, user and permission calls.
package access

import (
	"log/slog"
	"os"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"pricelens/deploy/config"
	"pricelens/store"
	"pricelens/store/authz"
	"pricelens/warehouse"
)

// Deps is what the access layer and the app-state handlers need.
type Deps struct {
	Config    config.Config
	Log       *slog.Logger
	DB        *pgxpool.Pool
	Warehouse *warehouse.Warehouse
}

// Settings are the access layer's own PRICELENS_* variables.
type Settings struct {
	IdleTimeout time.Duration // PRICELENS_SESSION_IDLE_MINUTES, default 60
	SessionLife time.Duration // absolute session life, 7 days
	OIDC        OIDCSettings
}

// OIDCSettings configure single sign-on; Issuer empty means SSO is off.
type OIDCSettings struct {
	Issuer       string // PRICELENS_OIDC_ISSUER
	ClientID     string // PRICELENS_OIDC_CLIENT_ID
	ClientSecret string // PRICELENS_OIDC_CLIENT_SECRET
	RedirectURL  string // PRICELENS_OIDC_REDIRECT_URL, default http://<HTTP addr>/api/login/sso/callback
	ButtonText   string // PRICELENS_SSO_BUTTON_TEXT, default "Sign in with SSO"
}

// LoadSettings reads the variables; bad values fall back to the defaults with a warning.
func LoadSettings(c config.Config, log *slog.Logger) Settings {
	s := Settings{IdleTimeout: 60 * time.Minute, SessionLife: 7 * 24 * time.Hour}
	if v := os.Getenv("PRICELENS_SESSION_IDLE_MINUTES"); v != "" {
		if n, err := strconv.Atoi(v); err == nil && n > 0 {
			s.IdleTimeout = time.Duration(n) * time.Minute
		} else if log != nil {
			log.Warn("PRICELENS_SESSION_IDLE_MINUTES must be a positive whole number; using 60", "value", v)
		}
	}
	s.OIDC = OIDCSettings{
		Issuer:       os.Getenv("PRICELENS_OIDC_ISSUER"),
		ClientID:     os.Getenv("PRICELENS_OIDC_CLIENT_ID"),
		ClientSecret: os.Getenv("PRICELENS_OIDC_CLIENT_SECRET"),
		RedirectURL:  os.Getenv("PRICELENS_OIDC_REDIRECT_URL"),
		ButtonText:   os.Getenv("PRICELENS_SSO_BUTTON_TEXT"),
	}
	if s.OIDC.RedirectURL == "" {
		s.OIDC.RedirectURL = "http://" + c.HTTPAddr + "/api/login/sso/callback"
	}
	if s.OIDC.ButtonText == "" {
		s.OIDC.ButtonText = "Sign in with SSO"
	}
	return s
}

// Service holds what the access handlers and middleware share.
type Service struct {
	Store    *store.Store
	Authz    *authz.Authorizer
	Settings Settings
	Log      *slog.Logger
	oidc     *oidcClient
}

// NewService builds the access service over the deps.
func NewService(d Deps) *Service {
	st := store.New(d.DB)
	log := d.Log
	if log == nil {
		log = slog.Default()
	}
	s := &Service{Store: st, Authz: authz.NewAuthorizer(st.AccountGrants), Settings: LoadSettings(d.Config, log), Log: log}
	if s.Settings.OIDC.Issuer != "" {
		s.oidc = newOIDCClient(s.Settings.OIDC)
	}
	return s
}
