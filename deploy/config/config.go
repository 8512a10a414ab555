// Package config reads the binary's settings from environment variables.
//
// Every setting has a working default that points at the private local stack
// (deploy/stack) so that `make run` needs no configuration; production points
// the same binary at its own ClickHouse and PostgreSQL by setting the variables.
package config

import (
	"fmt"
	"net"
	"net/mail"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// Config is the whole configuration of the binary.
type Config struct {
	// DataDir holds the local stack's servers (ClickHouse, PostgreSQL), logs and pid files.
	DataDir string

	HTTPAddr string // address the API and webapp are served on
	// PublicURL is the address users reach the webapp at (scheme://host[:port], no
	// path): the server builds the links it mails from it, never from a request.
	PublicURL string
	// PublicURLSet says PRICELENS_PUBLIC_URL was given rather than defaulted: only then do the
	// widget snippets name it; otherwise they take the address the browser opened the webapp at.
	PublicURLSet bool
	// EmbedOrigins (PRICELENS_EMBED_ORIGINS, comma-separated scheme://host[:port])
	// are the other sites whose pages may embed the widgets: the browser lets them
	// call the widgets' API (api/widgets CORS); every other origin is refused.
	EmbedOrigins []string
	// AgGridLicenseKey (PRICELENS_AGGRID_LICENSE_KEY) is the ag-grid Enterprise licence
	// key the webapp registers (api/webapp.go puts it in index.html); empty: ag-grid's
	// trial mode (its notice in the console, a watermark).
	AgGridLicenseKey string
	// HomePath is where "/" leads (docs/product.md §2): the dashboard, or the saved reports on
	// a deployment that sets PRICELENS_HOME_PAGE=saved_reports.
	HomePath string

	// ClickHouseAddr is the native protocol host:port; on a cluster a comma-separated
	// list of nodes, tried in order (a stopped entry node does not stop the app).
	ClickHouseAddr     string
	ClickHouseHTTPAddr string // HTTP interface host:port (CSV/Native streaming only)
	// ClickHouseProtocol is how the warehouse talks to ClickHouse at ClickHouseAddr:
	// "native" (the default) or "http" (ClickHouseAddr is then an HTTP interface;
	// the local current ClickHouse, chDB behind cmd/chdb-server, speaks only that).
	ClickHouseProtocol string
	ClickHouseDB       string
	ClickHouseUser     string
	ClickHousePassword string
	// ClickHouseCluster names the cluster of remote_servers the schema is spread over
	// (PRICELENS_CLICKHOUSE_CLUSTER, docs/operations.md#cluster-scale-out); empty means one server (the default).
	ClickHouseCluster string
	// ClickHouseMaxExecution is the server-side max_execution_time of report queries.
	ClickHouseMaxExecution time.Duration

	PostgresURL string

	// WebappDir is the directory of the built webapp (index.html + assets).
	WebappDir string

	// AdminPassword is the demo administrator's password; empty means generate and print once.
	AdminPassword string

	LogLevel string // debug, info, warn, error

	// Workers runs the background job workers inside `serve` (PRICELENS_WORKERS, on by
	// default); deployments that run `pricelens worker` separately turn it off.
	Workers bool

	// HTTPReadTimeout bounds reading a whole request, headers and body (JSON
	// bodies are at most 2 MB), so a slow client cannot hold a connection open;
	// HTTPUploadReadTimeout replaces it for uploads (up to 200 MB). Responses
	// have no write timeout: CSV exports stream for as long as they need.
	HTTPReadTimeout       time.Duration
	HTTPUploadReadTimeout time.Duration
	// HTTPIdleTimeout closes a kept-alive connection that sends no next request.
	HTTPIdleTimeout time.Duration
	// HTTPMaxConnections caps open connections; further ones wait to be accepted.
	HTTPMaxConnections int

	// SessionIdle ends a session unused this long (PRICELENS_SESSION_IDLE_MINUTES).
	SessionIdle time.Duration
	// OIDC configures single sign-on; an empty issuer turns it off.
	OIDC OIDC
	// EmbedSecret signs embed tokens and the API's bearer tokens (GET /api/token)
	// (PRICELENS_EMBED_SECRET, at least 16 bytes); empty means a random key per process.
	EmbedSecret string
	// EmbedSecretPrevious (PRICELENS_EMBED_SECRET_PREVIOUS) still verifies tokens
	// signed before a rotation, for as long as they live (docs/reports.md#pricing-insights-tokens-and-embedded-widgets).
	EmbedSecretPrevious string
	// SMTP is the mail server the send_mail job hands mails to; by default the
	// local stack's Mailpit, which keeps every mail for the browser and tests.
	SMTP SMTP
	// ScheduleHour is the hour of the day (0-23, in each account's time zone) from
	// which scheduled reports are mailed on their weekdays (PRICELENS_SCHEDULE_HOUR, default 7).
	ScheduleHour int
	// DropRoot is the folder under which export schedules made in the app write
	// their drops, each account in its own subfolder (PRICELENS_DROP_ROOT, default
	// <data dir>/drops); the command line may name any directory.
	DropRoot string
}

// SMTP is the outgoing mail server (PRICELENS_SMTP_*).
type SMTP struct {
	Host string // PRICELENS_SMTP_HOST, default 127.0.0.1
	Port int    // PRICELENS_SMTP_PORT, default 11025 (the local Mailpit)
	// StartTLS is StartTLSOff or StartTLSRequired (PRICELENS_SMTP_STARTTLS): with
	// required, a server that does not offer STARTTLS gets no mail at all.
	StartTLS string
	User     string // PRICELENS_SMTP_USER; empty means no authentication
	Password string // PRICELENS_SMTP_PASSWORD
	// From is the sender of every mail, "Name <address>" or an address
	// (PRICELENS_SMTP_FROM); its address is also the envelope sender.
	From string
}

// Addr is host:port of the SMTP server.
func (s SMTP) Addr() string { return net.JoinHostPort(s.Host, strconv.Itoa(s.Port)) }

// STARTTLS modes.
const (
	StartTLSOff      = "off"
	StartTLSRequired = "required"
)

// OIDC is the OpenID Connect identity provider of single sign-on.
type OIDC struct {
	Issuer       string // PRICELENS_OIDC_ISSUER
	ClientID     string // PRICELENS_OIDC_CLIENT_ID
	ClientSecret string // PRICELENS_OIDC_CLIENT_SECRET
	RedirectURL  string // PRICELENS_OIDC_REDIRECT_URL, default http://<HTTP addr>/api/login/sso/callback
	ButtonText   string // PRICELENS_SSO_BUTTON_TEXT, default "Sign in with SSO"
}

// Defaults of the local stack. The ports are private ones so they do not clash
// with system services (ClickHouse 9000/8123, PostgreSQL 5432).
const (
	DefaultClickHouseTCPPort  = 19000
	DefaultClickHouseHTTPPort = 18123
	DefaultPostgresPort       = 15432
	DefaultPostgresUser       = "pricelens"
	DefaultPostgresPassword   = "pricelens"
	DefaultPostgresDB         = "pricelens"
	// The local stack's Mailpit: SMTP for the binary, web UI and API for people and tests.
	DefaultMailpitSMTPPort = 11025
	DefaultMailpitHTTPPort = 18025
	// The local stack's OpenID Connect provider (cmd/devidp), single sign-on of the demo.
	DefaultDevIDPPort = 18096
	// The loopback cluster of `stack up --cluster` (2 shards x 2 replicas): node i
	// (0-3) listens on these ports + i; ZooKeeper beside it.
	DefaultClusterName          = "pricelens"
	DefaultClusterTCPPort       = 19101
	DefaultClusterHTTPPort      = 18201
	DefaultClusterZooKeeperPort = 12181
)

// Load reads the environment. It fails with a message naming the bad variable.
func Load() (Config, error) {
	c := Config{
		DataDir:            env("PRICELENS_DATA_DIR", ".data"),
		HTTPAddr:           env("PRICELENS_HTTP_ADDR", "127.0.0.1:8080"),
		PublicURL:          strings.TrimRight(env("PRICELENS_PUBLIC_URL", "http://127.0.0.1:8080"), "/"),
		PublicURLSet:       os.Getenv("PRICELENS_PUBLIC_URL") != "",
		ClickHouseAddr:     env("PRICELENS_CLICKHOUSE_ADDR", fmt.Sprintf("127.0.0.1:%d", DefaultClickHouseTCPPort)),
		ClickHouseHTTPAddr: env("PRICELENS_CLICKHOUSE_HTTP_ADDR", fmt.Sprintf("127.0.0.1:%d", DefaultClickHouseHTTPPort)),
		ClickHouseDB:       env("PRICELENS_CLICKHOUSE_DB", "pricelens"),
		ClickHouseProtocol: env("PRICELENS_CLICKHOUSE_PROTOCOL", "native"),
		ClickHouseCluster:  os.Getenv("PRICELENS_CLICKHOUSE_CLUSTER"),
		ClickHouseUser:     env("PRICELENS_CLICKHOUSE_USER", "default"),
		ClickHousePassword: os.Getenv("PRICELENS_CLICKHOUSE_PASSWORD"),
		PostgresURL: env("PRICELENS_POSTGRES_URL", fmt.Sprintf("postgres://%s:%s@127.0.0.1:%d/%s?sslmode=disable",
			DefaultPostgresUser, DefaultPostgresPassword, DefaultPostgresPort, DefaultPostgresDB)),
		WebappDir:        env("PRICELENS_WEBAPP_DIR", "webapp/dist"),
		AgGridLicenseKey: strings.TrimSpace(os.Getenv("PRICELENS_AGGRID_LICENSE_KEY")),
		AdminPassword:    os.Getenv("PRICELENS_ADMIN_PASSWORD"),
		LogLevel:         env("PRICELENS_LOG_LEVEL", "info"),
	}
	for _, d := range []struct {
		name string
		def  int
		to   *time.Duration
	}{
		{"PRICELENS_CLICKHOUSE_MAX_EXECUTION_SECONDS", 30, &c.ClickHouseMaxExecution},
		{"PRICELENS_HTTP_READ_TIMEOUT_SECONDS", 60, &c.HTTPReadTimeout},
		{"PRICELENS_HTTP_UPLOAD_READ_TIMEOUT_SECONDS", 900, &c.HTTPUploadReadTimeout},
		{"PRICELENS_HTTP_IDLE_TIMEOUT_SECONDS", 120, &c.HTTPIdleTimeout},
	} {
		n, err := positive(d.name, d.def)
		if err != nil {
			return c, fmt.Errorf("%s must be a positive whole number of seconds", d.name)
		}
		*d.to = time.Duration(n) * time.Second
	}
	idle, err := positive("PRICELENS_SESSION_IDLE_MINUTES", 60)
	if err != nil {
		return c, fmt.Errorf("PRICELENS_SESSION_IDLE_MINUTES must be a positive whole number of minutes")
	}
	c.SessionIdle = time.Duration(idle) * time.Minute
	c.OIDC = OIDC{
		Issuer:       os.Getenv("PRICELENS_OIDC_ISSUER"),
		ClientID:     os.Getenv("PRICELENS_OIDC_CLIENT_ID"),
		ClientSecret: os.Getenv("PRICELENS_OIDC_CLIENT_SECRET"),
		RedirectURL:  env("PRICELENS_OIDC_REDIRECT_URL", "http://"+c.HTTPAddr+"/api/login/sso/callback"),
		ButtonText:   env("PRICELENS_SSO_BUTTON_TEXT", "Sign in with SSO"),
	}
	c.EmbedSecret = os.Getenv("PRICELENS_EMBED_SECRET")
	if c.EmbedSecret != "" && len(c.EmbedSecret) < 16 {
		return c, fmt.Errorf("PRICELENS_EMBED_SECRET must have at least 16 characters")
	}
	c.EmbedSecretPrevious = os.Getenv("PRICELENS_EMBED_SECRET_PREVIOUS")
	if c.EmbedSecretPrevious != "" && (len(c.EmbedSecretPrevious) < 16 || c.EmbedSecret == "") {
		return c, fmt.Errorf("PRICELENS_EMBED_SECRET_PREVIOUS must have at least 16 characters, and PRICELENS_EMBED_SECRET must be set beside it")
	}
	if c.HTTPMaxConnections, err = positive("PRICELENS_HTTP_MAX_CONNECTIONS", 1024); err != nil {
		return c, fmt.Errorf("PRICELENS_HTTP_MAX_CONNECTIONS must be a positive whole number")
	}
	if c.SMTP, err = loadSMTP(); err != nil {
		return c, err
	}
	if c.ScheduleHour, err = strconv.Atoi(env("PRICELENS_SCHEDULE_HOUR", "7")); err != nil || c.ScheduleHour < 0 || c.ScheduleHour > 23 {
		return c, fmt.Errorf("PRICELENS_SCHEDULE_HOUR must be an hour of the day, 0 to 23")
	}

	abs, err := filepath.Abs(c.DataDir)
	if err != nil {
		return c, fmt.Errorf("PRICELENS_DATA_DIR: %v", err)
	}
	c.DataDir = abs
	if c.DropRoot, err = filepath.Abs(env("PRICELENS_DROP_ROOT", filepath.Join(c.DataDir, "drops"))); err != nil {
		return c, fmt.Errorf("PRICELENS_DROP_ROOT: %v", err)
	}
	for name, addr := range map[string]string{
		"PRICELENS_HTTP_ADDR":            c.HTTPAddr,
		"PRICELENS_CLICKHOUSE_HTTP_ADDR": c.ClickHouseHTTPAddr,
	} {
		if _, _, err := net.SplitHostPort(addr); err != nil {
			return c, fmt.Errorf("%s=%q is not host:port", name, addr)
		}
	}
	for _, addr := range c.ClickHouseAddrs() {
		if _, _, err := net.SplitHostPort(addr); err != nil {
			return c, fmt.Errorf("PRICELENS_CLICKHOUSE_ADDR=%q is not host:port (or a comma-separated list of them)", c.ClickHouseAddr)
		}
	}
	if c.ClickHouseProtocol != "native" && c.ClickHouseProtocol != "http" {
		return c, fmt.Errorf("PRICELENS_CLICKHOUSE_PROTOCOL must be native or http, not %q", c.ClickHouseProtocol)
	}
	if c.ClickHouseCluster != "" && !plainName(c.ClickHouseCluster) {
		return c, fmt.Errorf("PRICELENS_CLICKHOUSE_CLUSTER must be a cluster name of letters, digits and _, not %q", c.ClickHouseCluster)
	}
	if u, err := url.Parse(c.PublicURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" ||
		u.Path != "" || u.RawQuery != "" || u.Fragment != "" || u.User != nil {
		return c, fmt.Errorf("PRICELENS_PUBLIC_URL must be http(s)://host[:port] without a path, not %q", c.PublicURL)
	}
	if u, err := url.Parse(c.PostgresURL); err != nil || (u.Scheme != "postgres" && u.Scheme != "postgresql") {
		return c, fmt.Errorf("PRICELENS_POSTGRES_URL is not a postgres:// URL")
	}
	for _, o := range strings.Split(os.Getenv("PRICELENS_EMBED_ORIGINS"), ",") {
		if o = strings.TrimRight(strings.TrimSpace(o), "/"); o == "" {
			continue
		}
		if u, err := url.Parse(o); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" ||
			u.Path != "" || u.RawQuery != "" || u.Fragment != "" || u.User != nil {
			return c, fmt.Errorf("PRICELENS_EMBED_ORIGINS must list origins (http(s)://host[:port], comma-separated), not %q", o)
		}
		c.EmbedOrigins = append(c.EmbedOrigins, strings.ToLower(o))
	}
	switch h := env("PRICELENS_HOME_PAGE", "dashboard"); h {
	case "dashboard":
		c.HomePath = "/new/home/dashboard"
	case "saved_reports":
		c.HomePath = "/saved_reports"
	default:
		return c, fmt.Errorf("PRICELENS_HOME_PAGE must be dashboard or saved_reports, not %q", h)
	}
	switch w := env("PRICELENS_WORKERS", "on"); w {
	case "on", "off":
		c.Workers = w == "on"
	default:
		return c, fmt.Errorf("PRICELENS_WORKERS must be on or off")
	}
	switch c.LogLevel {
	case "debug", "info", "warn", "error":
	default:
		return c, fmt.Errorf("PRICELENS_LOG_LEVEL must be debug, info, warn or error")
	}
	return c, nil
}

// loadSMTP reads PRICELENS_SMTP_*; the defaults reach the local stack's Mailpit.
func loadSMTP() (SMTP, error) {
	s := SMTP{
		Host:     env("PRICELENS_SMTP_HOST", "127.0.0.1"),
		StartTLS: env("PRICELENS_SMTP_STARTTLS", StartTLSOff),
		User:     os.Getenv("PRICELENS_SMTP_USER"),
		Password: os.Getenv("PRICELENS_SMTP_PASSWORD"),
		From:     env("PRICELENS_SMTP_FROM", "Pricelens <no-reply@pricelens.local>"),
	}
	var err error
	if s.Port, err = positive("PRICELENS_SMTP_PORT", DefaultMailpitSMTPPort); err != nil || s.Port > 65535 {
		return s, fmt.Errorf("PRICELENS_SMTP_PORT must be a port number (1-65535)")
	}
	if s.StartTLS != StartTLSOff && s.StartTLS != StartTLSRequired {
		return s, fmt.Errorf("PRICELENS_SMTP_STARTTLS must be off or required")
	}
	if _, err := mail.ParseAddress(s.From); err != nil {
		return s, fmt.Errorf("PRICELENS_SMTP_FROM must be an address like \"Pricelens <no-reply@example.com>\", not %q", s.From)
	}
	return s, nil
}

// ClickHouseAddrs are the ClickHouse nodes to connect to, in order of preference.
func (c Config) ClickHouseAddrs() []string {
	var out []string
	for _, a := range strings.Split(c.ClickHouseAddr, ",") {
		out = append(out, strings.TrimSpace(a))
	}
	return out
}

// plainName: a ClickHouse identifier that needs no quoting.
func plainName(s string) bool {
	for i, r := range s {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9') {
			return false
		}
	}
	return s != ""
}

// Port returns the port of a host:port address (0 when it has none).
func Port(addr string) int {
	_, p, err := net.SplitHostPort(addr)
	if err != nil {
		return 0
	}
	n, _ := strconv.Atoi(p)
	return n
}

// positive reads a whole number above zero (def when unset).
func positive(name string, def int) (int, error) {
	n, err := strconv.Atoi(env(name, strconv.Itoa(def)))
	if err == nil && n <= 0 {
		err = fmt.Errorf("%s is not positive", name)
	}
	return n, err
}

func env(name, def string) string {
	if v, ok := os.LookupEnv(name); ok && v != "" {
		return v
	}
	return def
}
