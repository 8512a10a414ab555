// Package access is sign-in and access control: server-side sessions, internal and
// single sign-on (OpenID Connect) sign-in, CSRF protection, account selection, the
// casbin-backed authorization middleware with its one route table, and the
// account, user and permission calls.
package access

import (
	"crypto/rand"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"pricelens/api/signed"
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
	// Tokens sign and verify the API's bearer tokens and the embed tokens.
	Tokens signed.Keys
	oidc   *oidcClient
}

// NewService builds the access service over the deps.
func NewService(d Deps) *Service {
	st := store.New(d.DB)
	log := d.Log
	if log == nil {
		log = slog.Default()
	}
	s := &Service{Store: st, Authz: authz.NewAuthorizer(st.AccountGrants), Settings: settingsOf(d.Config), Log: log,
		Tokens: tokenKeys(d.Config)}
	if s.Settings.OIDC.Issuer != "" {
		s.oidc = newOIDCClient(s.Settings.OIDC)
	}
	return s
}

// tokenKeys are PRICELENS_EMBED_SECRET (and, during a rotation,
// PRICELENS_EMBED_SECRET_PREVIOUS), or a random key per process: tokens then stop
// verifying after a restart, which their minutes-long life makes harmless.
func tokenKeys(c config.Config) signed.Keys {
	if c.EmbedSecret != "" {
		k := signed.Keys{Current: []byte(c.EmbedSecret)}
		if c.EmbedSecretPrevious != "" {
			k.Previous = []byte(c.EmbedSecretPrevious)
		}
		return k
	}
	b := make([]byte, 32)
	_, _ = rand.Read(b)
	return signed.Keys{Current: b}
}
