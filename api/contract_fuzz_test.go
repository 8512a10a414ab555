package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"math/rand"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"os"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"
	"golang.org/x/crypto/bcrypt"

	"pricelens/api"
	"pricelens/api/contractfuzz"
	"pricelens/deploy/testenv"
	"pricelens/ingest/demo"
	"pricelens/warehouse"
)

// fuzzPassword is every fuzzing user's password.
const fuzzPassword = "fuzz-Password-1"

// TestContractFuzz calls every operation of the OpenAPI document against the real
// server on the S demo data with generated input (valid, boundary and invalid, from
// the operation's schemas), as an administrator, analyst and viewer of account 1,
// the administrator of another account (3), a caller without a session and, on the
// token routes, the bearer token. It requires:
//   - no 5xx;
//   - every answer as the document says (status, JSON body against its schema);
//   - no change to the rows of account 2, which none of the callers belongs to.
//
// FUZZ_API_TIME sets how long it runs (default 45s: `make test`; `make fuzz-api`
// runs 10m) and FUZZ_API_SEED the seed (default: the time), which a failure prints.
func TestContractFuzz(t *testing.T) {
	budget := 45 * time.Second
	if s := os.Getenv("FUZZ_API_TIME"); s != "" {
		d, err := time.ParseDuration(s)
		require.NoError(t, err, "FUZZ_API_TIME")
		budget = d
	}
	seed := time.Now().UnixNano()
	if s := os.Getenv("FUZZ_API_SEED"); s != "" {
		n, err := strconv.ParseInt(s, 10, 64)
		require.NoError(t, err, "FUZZ_API_SEED")
		seed = n
	}
	t.Logf("seed %d (FUZZ_API_SEED=%d replays it), for %v", seed, seed, budget)

	ctx := context.Background()
	w, c := testenv.ClickHouse(t)
	db, _ := testenv.Postgres(t)
	c.DataDir = t.TempDir()
	_, err := demo.Load(ctx, w, db, demo.Options{Size: demo.S, Seed: 1, Out: io.Discard, Progress: io.Discard, AdminPassword: "fuzz-unused-admin-1"})
	require.NoError(t, err)
	f := &fuzzEnv{t: t, db: db}
	var outsider int64
	require.NoError(t, db.QueryRow(ctx, `INSERT INTO accounts (name, site_id) VALUES ('Outsider', 'outsider') RETURNING id`).Scan(&outsider))
	f.users = map[string]*fuzzUser{
		"admin":    {email: "fuzz-admin@acme.test", role: "admin", account: 1, local: "127.0.0.2"},
		"analyst":  {email: "fuzz-analyst@acme.test", role: "analyst", account: 1, local: "127.0.0.3"},
		"viewer":   {email: "fuzz-viewer@acme.test", role: "viewer", account: 1, local: "127.0.0.4"},
		"outsider": {email: "fuzz-outsider@other.test", role: "admin", account: outsider, local: "127.0.0.5"},
	}
	e, err := api.New(api.Deps{Config: c, Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Warehouse: w, DB: db})
	require.NoError(t, err)
	srv := httptest.NewServer(e)
	t.Cleanup(srv.Close)
	f.url = srv.URL
	// Public calls (sign-in with made-up passwords among them) come from an address
	// of their own: the sign-in throttle counts failures per address, and the
	// users' own sign-ins must not wait behind them.
	f.anon = newFuzzClient("127.0.0.9")
	for _, u := range f.users {
		f.ensure(u)
	}

	files, err := api.Contract()
	require.NoError(t, err)
	doc, err := openapi3.NewLoader().LoadFromData(files["openapi.json"])
	require.NoError(t, err)
	ops := contractfuzz.Operations(doc)
	require.Greater(t, len(ops), 100)

	g := &contractfuzz.Gen{R: rand.New(rand.NewSource(seed)), IDs: f.ids(ctx, w), Texts: f.texts(ctx, w)}
	before := fingerprint(t, ctx, db, w, 2)

	roles := []string{"admin", "analyst", "viewer", "outsider"}
	type stat struct{ requests, fails int }
	byOp := map[string]*stat{}
	byStatus := map[int]int{}
	var failures []string
	requests, server5xx, violations := 0, 0, 0
	deadline := time.Now().Add(budget)
	for round := 0; round == 0 || time.Now().Before(deadline); round++ {
		for _, op := range ops {
			if round > 0 && time.Now().After(deadline) {
				break
			}
			mode := contractfuzz.Mode(g.R.Intn(3))
			req := g.Request(op, mode)
			who := "anonymous"
			var cl *fuzzClient
			switch {
			case op.Public():
				cl = f.anon
			case op.Token() && g.R.Intn(4) > 0:
				who = "token of " + roles[g.R.Intn(len(roles))]
				cl = f.tokenClient(f.users[strings.TrimPrefix(who, "token of ")])
			case g.R.Intn(12) == 0:
				cl = f.anon
			default:
				who = roles[g.R.Intn(len(roles))]
				cl = f.ensure(f.users[who])
			}
			status, hreq, header, body := cl.do(t, f.url, req)
			requests++
			byStatus[status]++
			s := byOp[op.Key()]
			if s == nil {
				s = &stat{}
				byOp[op.Key()] = s
			}
			s.requests++
			problem := ""
			if status >= 500 {
				server5xx++
				problem = fmt.Sprintf("%d: %s", status, trim(body))
			} else if err := contractfuzz.Check(ctx, doc, req, hreq, status, header, body); err != nil {
				violations++
				problem = fmt.Sprintf("answer %d does not conform: %v: %s", status, trim([]byte(err.Error())), trim(body))
			}
			if problem != "" {
				s.fails++
				if len(failures) < 40 {
					failures = append(failures, fmt.Sprintf("%s as %s: %s", req, who, problem))
				}
			}
			if (status == 401 || status == 440) && cl != f.anon && !op.Token() {
				f.signedOut(cl) // the call signed the session out (sign-out, a password change): sign in again
			}
		}
	}
	after := fingerprint(t, ctx, db, w, 2)

	keys := make([]string, 0, len(byStatus))
	for st, n := range byStatus {
		keys = append(keys, fmt.Sprintf("%d: %d", st, n))
	}
	sort.Strings(keys)
	t.Logf("contract fuzz: %d operations, %d requests, %d 5xx, %d schema violations; by status %s",
		len(byOp), requests, server5xx, violations, strings.Join(keys, ", "))
	require.Len(t, byOp, len(ops), "every operation was called")
	for _, fl := range failures {
		t.Error(fl)
	}
	if server5xx+violations > 0 {
		t.Errorf("seed %d: %d answers were 5xx and %d did not conform to the document", seed, server5xx, violations)
	}
	for table, fp := range before {
		if after[table] != fp {
			t.Errorf("seed %d: the rows of account 2 in %s changed (%s -> %s)", seed, table, fp, after[table])
		}
	}
}

type fuzzUser struct {
	email, role   string
	account       int64
	local         string
	client, token *fuzzClient
}

type fuzzEnv struct {
	t     *testing.T
	url   string
	db    *pgxpool.Pool
	users map[string]*fuzzUser
	anon  *fuzzClient
}

// ensure gives u a signed-in client in its account, restoring the user first
// when the fuzzing blocked, deleted or re-passworded it.
func (f *fuzzEnv) ensure(u *fuzzUser) *fuzzClient {
	if u.client != nil && u.client.csrf != "" {
		return u.client
	}
	ctx := context.Background()
	h, err := bcrypt.GenerateFromPassword([]byte(fuzzPassword), bcrypt.MinCost)
	require.NoError(f.t, err)
	var id int64
	require.NoError(f.t, f.db.QueryRow(ctx, `INSERT INTO users (email, password_hash) VALUES ($1, $2)
		ON CONFLICT ((lower(email))) DO UPDATE SET password_hash = EXCLUDED.password_hash, blocked = false RETURNING id`, u.email, string(h)).Scan(&id))
	// The role may have been renamed or deleted by the fuzzing: bring back the
	// account's built-in role of that id (admin 1, analyst 2, viewer 3).
	roleID := map[string]int{"admin": 1, "analyst": 2, "viewer": 3}[u.role]
	_, err = f.db.Exec(ctx, `INSERT INTO account_roles (account_id, id, name) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, u.account, roleID, u.role)
	require.NoError(f.t, err)
	var role string
	require.NoError(f.t, f.db.QueryRow(ctx, `SELECT name FROM account_roles WHERE account_id = $1 AND (id = $2 OR lower(name) = $3)
		ORDER BY id = $2 DESC LIMIT 1`, u.account, roleID, u.role).Scan(&role))
	_, err = f.db.Exec(ctx, `INSERT INTO memberships (user_id, account_id, role) VALUES ($1, $2, $3)
		ON CONFLICT (user_id, account_id) DO UPDATE SET role = EXCLUDED.role, blocked = false`, id, u.account, role)
	require.NoError(f.t, err)
	_, err = f.db.Exec(ctx, `DELETE FROM login_failures WHERE key LIKE '%' || $1 || '%'`, u.email)
	require.NoError(f.t, err)
	if u.client == nil {
		u.client = newFuzzClient(u.local)
	}
	cl := u.client
	st, body := cl.json(f.t, f.url, "POST", "/api/auth", map[string]any{"email": u.email, "password": fuzzPassword})
	require.Equal(f.t, 200, st, "sign-in of %s: %v", u.email, body)
	cl.csrf, _ = body["csrfToken"].(string)
	st, body = cl.json(f.t, f.url, "POST", "/api/account/setAccount", map[string]any{"account_id": u.account})
	require.Equal(f.t, 200, st, "account of %s: %v", u.email, body)
	return cl
}

func (f *fuzzEnv) signedOut(cl *fuzzClient) { cl.csrf = "" }

// tokenClient is a client that sends u's bearer token of GET /api/token.
func (f *fuzzEnv) tokenClient(u *fuzzUser) *fuzzClient {
	if u.token == nil || time.Now().After(u.token.expires) {
		cl := f.ensure(u)
		st, body := cl.json(f.t, f.url, "GET", "/api/token", nil)
		require.Equal(f.t, 200, st, "%v", body)
		u.token = newFuzzClient(u.local)
		u.token.bearer, _ = body["token"].(string)
		u.token.expires = time.Now().Add(5 * time.Minute)
	}
	return u.token
}

// ids are ids of the seeded rows worth trying (reports, labels, users, rules,
// competitors, uploads), with made-up ones.
func (f *fuzzEnv) ids(ctx context.Context, w *warehouse.Warehouse) []int64 {
	out := []int64{0, 1, 2, 3, 5, 8, 13, 999999}
	for _, q := range []string{`SELECT id FROM saved_reports`, `SELECT id FROM labels`, `SELECT id FROM users`, `SELECT id FROM competitors`, `SELECT id FROM accounts`} {
		rows, err := f.db.Query(ctx, q+` ORDER BY id LIMIT 20`)
		require.NoError(f.t, err)
		for rows.Next() {
			var id int64
			require.NoError(f.t, rows.Scan(&id))
			out = append(out, id)
		}
		rows.Close()
	}
	return out
}

// texts are product ids, names and brands of the seeded data.
func (f *fuzzEnv) texts(ctx context.Context, w *warehouse.Warehouse) []string {
	var out []string
	rows, err := w.Conn.Query(ctx, `SELECT product_id, name, brand FROM products WHERE account_id IN (1, 2) LIMIT 30`)
	require.NoError(f.t, err)
	for rows.Next() {
		var id, name, brand string
		require.NoError(f.t, rows.Scan(&id, &name, &brand))
		out = append(out, id, name, brand)
	}
	rows.Close()
	return append(out, "all_my_products", "price_trend", "competitive_landscape_by_brand", "Price@1", "name", "approved")
}

// fingerprint sums every row of account acc, per table, in PostgreSQL (every
// table with an account_id) and ClickHouse (likewise, latest versions only).
func fingerprint(t *testing.T, ctx context.Context, db *pgxpool.Pool, w *warehouse.Warehouse, acc int64) map[string]string {
	out := map[string]string{}
	rows, err := db.Query(ctx, `SELECT table_name FROM information_schema.columns
		WHERE table_schema = current_schema() AND column_name = 'account_id' AND table_name NOT LIKE 'river%' ORDER BY 1`)
	require.NoError(t, err)
	var tables []string
	for rows.Next() {
		var n string
		require.NoError(t, rows.Scan(&n))
		tables = append(tables, n)
	}
	rows.Close()
	for _, n := range tables {
		var fp *string
		require.NoError(t, db.QueryRow(ctx, `SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) FROM "`+n+`" t WHERE account_id = $1`, acc).Scan(&fp))
		out["postgres."+n] = fmt.Sprint(deref(fp))
	}
	crows, err := w.Conn.Query(ctx, `SELECT name, engine FROM system.tables WHERE database = currentDatabase() AND engine LIKE '%MergeTree'
		AND name IN (SELECT table FROM system.columns WHERE database = currentDatabase() AND name = 'account_id') ORDER BY name`)
	require.NoError(t, err)
	type tbl struct{ name, engine string }
	var chTables []tbl
	for crows.Next() {
		var x tbl
		require.NoError(t, crows.Scan(&x.name, &x.engine))
		chTables = append(chTables, x)
	}
	crows.Close()
	for _, x := range chTables {
		final := ""
		if strings.Contains(x.engine, "Replacing") || strings.Contains(x.engine, "Collapsing") {
			final = " FINAL"
		}
		var n, sum uint64
		require.NoError(t, w.Conn.QueryRow(ctx, `SELECT count(), sum(cityHash64(*)) FROM `+x.name+final+` WHERE account_id = ?`, uint32(acc)).Scan(&n, &sum))
		out["clickhouse."+x.name] = fmt.Sprintf("%d rows, sum %d", n, sum)
	}
	return out
}

func deref(s *string) string {
	if s == nil {
		return "(none)"
	}
	return *s
}

func trim(b []byte) string {
	if len(b) > 300 {
		return string(b[:300]) + "…"
	}
	return string(b)
}

// fuzzClient is a browser of its own: cookies, the CSRF token of its sign-in, a
// loopback address of its own, or a bearer token.
type fuzzClient struct {
	http    *http.Client
	csrf    string
	bearer  string
	expires time.Time
}

func newFuzzClient(local string) *fuzzClient {
	jar, _ := cookiejar.New(nil)
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(local)}, Timeout: 5 * time.Second}
	return &fuzzClient{http: &http.Client{Jar: jar, Timeout: 90 * time.Second,
		Transport: &http.Transport{DialContext: d.DialContext, MaxIdleConnsPerHost: 4}}}
}

// do sends a generated request and returns the answer.
func (c *fuzzClient) do(t *testing.T, base string, r contractfuzz.Request) (int, *http.Request, http.Header, []byte) {
	var body io.Reader
	if r.Body != nil {
		body = bytes.NewReader(r.Body)
	}
	req, err := http.NewRequest(r.Op.Method, base+r.Target(), body)
	require.NoError(t, err)
	if r.Body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if c.csrf != "" {
		req.Header.Set("X-CSRF-Token", c.csrf)
	}
	if c.bearer != "" {
		req.Header.Set("Authorization", "Bearer "+c.bearer)
	}
	resp, err := c.http.Do(req)
	require.NoError(t, err, "%s: no answer", r)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err, "%s: the answer broke off", r)
	return resp.StatusCode, req, resp.Header, b
}

func (c *fuzzClient) json(t *testing.T, base, method, path string, body any) (int, map[string]any) {
	var r io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		r = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, base+path, r)
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/json")
	if c.csrf != "" {
		req.Header.Set("X-CSRF-Token", c.csrf)
	}
	resp, err := c.http.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	out := map[string]any{}
	_ = json.NewDecoder(resp.Body).Decode(&out)
	return resp.StatusCode, out
}
