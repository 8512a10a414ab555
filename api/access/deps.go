// Package access is sign-in and access control: server-side sessions, internal and
// single sign-on (OpenID Connect) sign-in, CSRF protection, account selection, the
// casbin-backed authorization middleware with its one route table, and the
// account, user and permission calls.
package access

import (
	"log/slog"
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

// Settings are the access layer's settings, from the configuration.
type Settings struct {
	IdleTimeout time.Duration // PRICELENS_SESSION_IDLE_MINUTES, default 60
	SessionLife time.Duration // absolute session life, 7 days
	OIDC        config.OIDC
	PublicURL   string // PRICELENS_PUBLIC_URL: the base of the links the access mails carry
	HomePath    string // PRICELENS_HOME_PAGE: where "/" leads
}

// settingsOf picks the access layer's settings from the configuration.
func settingsOf(c config.Config) Settings {
	return Settings{IdleTimeout: c.SessionIdle, SessionLife: 7 * 24 * time.Hour, OIDC: c.OIDC, PublicURL: c.PublicURL, HomePath: c.HomePath}
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
	s := &Service{Store: st, Authz: authz.NewAuthorizer(st.AccountGrants), Settings: settingsOf(d.Config), Log: log}
	if s.Settings.OIDC.Issuer != "" {
		s.oidc = newOIDCClient(s.Settings.OIDC)
	}
	return s
}
