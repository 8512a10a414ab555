package access_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/labstack/echo/v4"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/crypto/bcrypt"

	"pricelens/api"
	"pricelens/api/access"
	"pricelens/api/route"
	"pricelens/deploy/testenv"
	"pricelens/warehouse"
)

// env is one test's server: the real Echo instance over a private PostgreSQL
// database (and optionally a private ClickHouse database).
type env struct {
	t    testing.TB
	db   *pgxpool.Pool
	srv  *httptest.Server
	echo *echo.Echo
}

func newEnv(t *testing.T, w *warehouse.Warehouse) *env { return newEnvTB(t, w) }

func newBenchEnv(b *testing.B) *env { return newEnvTB(b, nil) }

func newEnvTB(t testing.TB, w *warehouse.Warehouse) *env {
	t.Helper()
	db, cfg := testenv.Postgres(t)
	if w != nil {
		cfg.ClickHouseDB = w.Database
	}
	log := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelError}))
	e, err := api.New(api.Deps{Config: cfg, Log: log, DB: db, Warehouse: w})
	require.NoError(t, err)
	recordExamples(t, e)
	srv := httptest.NewServer(e)
	t.Cleanup(srv.Close)
	return &env{t: t, db: db, srv: srv, echo: e}
}

func (e *env) exec(sql string, args ...any) {
	e.t.Helper()
	_, err := e.db.Exec(context.Background(), sql, args...)
	require.NoError(e.t, err, sql)
}

func (e *env) count(sql string, args ...any) int {
	e.t.Helper()
	var n int
	require.NoError(e.t, e.db.QueryRow(context.Background(), sql, args...).Scan(&n), sql)
	return n
}

func (e *env) text(sql string, args ...any) string {
	e.t.Helper()
	var s string
	require.NoError(e.t, e.db.QueryRow(context.Background(), sql, args...).Scan(&s), sql)
	return s
}

func (e *env) account(name string) int64 {
	e.t.Helper()
	var id int64
	require.NoError(e.t, e.db.QueryRow(context.Background(), `INSERT INTO accounts (name, site_id) VALUES ($1, $1) RETURNING id`, name).Scan(&id))
	for _, c := range []string{"Alpha Mart", "Beta Store"} {
		e.exec(`INSERT INTO competitors (account_id, name) VALUES ($1, $2)`, id, c)
	}
	return id
}

// superCategory gives an account's super category name its id, as listing the
// category tree does.
func (e *env) superCategory(account int64, name string) int64 {
	e.t.Helper()
	var id int64
	require.NoError(e.t, e.db.QueryRow(context.Background(), `INSERT INTO super_categories (account_id, name) VALUES ($1, $2)
		ON CONFLICT (account_id, name) DO UPDATE SET name = EXCLUDED.name RETURNING id`, account, name).Scan(&id))
	return id
}

const testPassword = "correct horse 42"

// user creates an internal user (password testPassword) assigned to the accounts with role.
func (e *env) user(email, role string, accounts ...int64) int64 {
	e.t.Helper()
	h, err := bcrypt.GenerateFromPassword([]byte(testPassword), bcrypt.MinCost)
	require.NoError(e.t, err)
	var id int64
	require.NoError(e.t, e.db.QueryRow(context.Background(), `INSERT INTO users (email, password_hash) VALUES ($1, $2) RETURNING id`, email, string(h)).Scan(&id))
	for _, a := range accounts {
		e.exec(`INSERT INTO memberships (user_id, account_id, role) VALUES ($1, $2, $3)`, id, a, role)
	}
	return id
}

func (e *env) ssoUser(email, role string, accounts ...int64) int64 {
	e.t.Helper()
	var id int64
	require.NoError(e.t, e.db.QueryRow(context.Background(), `INSERT INTO users (email, is_saml, sso_subject) VALUES ($1, true, $1) RETURNING id`, email).Scan(&id))
	for _, a := range accounts {
		e.exec(`INSERT INTO memberships (user_id, account_id, role) VALUES ($1, $2, $3)`, id, a, role)
	}
	return id
}

// client is a browser: a cookie jar and the CSRF token it read at sign-in.
type client struct {
	e    *env
	http *http.Client
	csrf string
}

func (e *env) client() *client {
	jar, _ := cookiejar.New(nil)
	return &client{e: e, http: &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
}

// login signs in and selects the account (0: none).
func (e *env) login(email string, account int64) *client {
	e.t.Helper()
	c := e.client()
	st, body := c.call("POST", "/api/auth", map[string]any{"email": email, "password": testPassword})
	require.Equal(e.t, 200, st, "%v", body)
	c.csrf = body["csrfToken"].(string)
	if account != 0 {
		st, body = c.call("POST", "/api/account/setAccount", map[string]any{"account_id": account})
		require.Equal(e.t, 200, st, "%v", body)
	}
	return c
}

type obj = map[string]any

// call sends a JSON request (with the CSRF header) and decodes the JSON answer.
func (c *client) call(method, path string, body any) (int, obj) {
	c.e.t.Helper()
	return c.callWith(method, path, body, map[string]string{access.CSRFHeader: c.csrf})
}

func (c *client) callWith(method, path string, body any, headers map[string]string) (int, obj) {
	c.e.t.Helper()
	var r io.Reader
	switch b := body.(type) {
	case nil:
	case []byte:
		r = bytes.NewReader(b)
	case string:
		r = strings.NewReader(b)
	default:
		j, err := json.Marshal(b)
		require.NoError(c.e.t, err)
		r = bytes.NewReader(j)
	}
	req, err := http.NewRequest(method, c.e.srv.URL+path, r)
	require.NoError(c.e.t, err)
	req.Header.Set("Content-Type", "application/json")
	for k, v := range headers {
		if v != "" {
			req.Header.Set(k, v)
		}
	}
	resp, err := c.http.Do(req)
	require.NoError(c.e.t, err)
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	out := obj{}
	if len(raw) > 0 && raw[0] == '{' {
		require.NoError(c.e.t, json.Unmarshal(raw, &out), string(raw))
	}
	return resp.StatusCode, out
}

func errMsg(body obj) string {
	if e, ok := body["error"].(map[string]any); ok {
		m, _ := e["message"].(string)
		return m
	}
	return ""
}

func errCode(body obj) string {
	if e, ok := body["error"].(map[string]any); ok {
		m, _ := e["code"].(string)
		return m
	}
	return ""
}

func (c *client) cookie(name string) *http.Cookie {
	u, _ := url.Parse(c.e.srv.URL)
	for _, ck := range c.http.Jar.Cookies(u) {
		if ck.Name == name {
			return ck
		}
	}
	return nil
}

func num(v any) int64 {
	f, _ := v.(float64)
	return int64(f)
}

func jsonMarshal(v any) ([]byte, error)   { return json.Marshal(v) }
func jsonUnmarshal(b []byte, v any) error { return json.Unmarshal(b, v) }

// contractDoc is the committed OpenAPI document (webapp/src/api/openapi.json as the
// route table renders it), parsed once.
var contractDoc = sync.OnceValues(func() (*openapi3.T, error) {
	files, err := api.Contract()
	if err != nil {
		return nil, err
	}
	return openapi3.NewLoader().LoadFromData(files["openapi.json"])
})

// recordExamples records every JSON exchange a test makes with the server and, when
// the test ends, checks each against the OpenAPI document: every test of this
// package is also a test of the contract.
func recordExamples(t testing.TB, e *echo.Echo) {
	type exchange struct {
		method, path string
		status       int
		req, resp    []byte
	}
	var mu sync.Mutex
	var seen []exchange
	e.Use(func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			if !strings.HasPrefix(c.Request().Header.Get("Content-Type"), "application/json") && c.Request().Method != http.MethodGet {
				return next(c)
			}
			var req []byte
			if c.Request().Body != nil {
				req, _ = io.ReadAll(c.Request().Body)
				c.Request().Body = io.NopCloser(bytes.NewReader(req))
			}
			var resp bytes.Buffer
			w := c.Response().Writer
			c.Response().Writer = teeWriter{ResponseWriter: w, tee: &resp}
			err := next(c)
			c.Response().Writer = w
			if err != nil { // the error handler writes the answer later: not an example of the route
				return err
			}
			mu.Lock()
			seen = append(seen, exchange{c.Request().Method, strings.TrimPrefix(c.Path(), "/api"), c.Response().Status, req, resp.Bytes()})
			mu.Unlock()
			return err
		}
	})
	t.Cleanup(func() {
		doc, err := contractDoc()
		require.NoError(t, err)
		mu.Lock()
		defer mu.Unlock()
		for _, x := range seen {
			if x.path == "/*" || x.path == "" || x.status >= 300 {
				continue
			}
			assert.NoError(t, route.ValidateExample(doc, x.method, x.path, x.status, x.req, x.resp))
		}
	})
}

type teeWriter struct {
	http.ResponseWriter
	tee *bytes.Buffer
}

func (w teeWriter) Write(b []byte) (int, error) {
	w.tee.Write(b)
	return w.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController reach the connection (read deadlines).
func (w teeWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

func itoa(id int64) string { return strconv.FormatInt(id, 10) }
