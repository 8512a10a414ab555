package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
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
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"
	"golang.org/x/crypto/bcrypt"

	"pricelens/api"
	"pricelens/api/contractfuzz"
	"pricelens/deploy/testenv"
	"pricelens/ingest/demo"
	"pricelens/pricer"
	"pricelens/store"
	"pricelens/uploads"
	"pricelens/warehouse"
)

// fuzzPassword is every fuzzing user's password.
const fuzzPassword = "fuzz-Password-1"

// TestContractFuzz runs the contract fuzzer (api/contractfuzz) against the real
// server on the S demo data: every operation of the OpenAPI document, with input
// generated from its schemas (valid, boundary and invalid), from known-good seeds
// and from the rows the server answers, as an administrator, analyst and viewer
// of account 1, the administrator of another account (the outsider, whose account
// is empty), a caller without a session and, on the token routes, bearer tokens.
// It requires:
//   - no 5xx;
//   - every answer as the document says (status, content type, JSON body);
//   - no change to the rows of account 2 (PostgreSQL and ClickHouse), which none
//     of the callers belongs to, though the fuzzer tries the ids of its rows.
//
// Calls that break a caller (sign-out, blocking or deleting a user, a new
// password or e-mail, a renamed or deleted role, revoked permissions) are made
// like any other, so that they are fuzzed too. After one succeeds, every caller is
// restored and signed in again (restore), and a caller that gets 401 is signed in
// again: the rest of the run still gets past sign-in, and the roles stay what
// their names say.
//
// FUZZ_API_TIME sets how long it runs (default 45s: `make test`; `make fuzz-api`
// runs 10m), FUZZ_API_SEED the seed (default: the time) and FUZZ_API_REQUESTS
// stops after that many requests: a failure prints the seed and the request's
// number, which the two replay.
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
	maxRequests := 0
	if s := os.Getenv("FUZZ_API_REQUESTS"); s != "" {
		n, err := strconv.Atoi(s)
		require.NoError(t, err, "FUZZ_API_REQUESTS")
		maxRequests = n
	}
	t.Logf("seed %d (FUZZ_API_SEED=%d replays it), for %v", seed, seed, budget)

	f := newFuzzEnv(t, seed)
	files, err := api.Contract()
	require.NoError(t, err)
	doc, err := contractfuzz.LoadDocument(files["openapi.json"])
	require.NoError(t, err)
	seeds, err := contractfuzz.APISeeds()
	require.NoError(t, err)

	before := f.fingerprint()
	sum, err := contractfuzz.Run(context.Background(), contractfuzz.Config{
		BaseURL: f.url, Doc: doc, Seed: seed, Budget: budget, MaxRequests: maxRequests,
		Roles: f.roles(), Seeds: seeds, Pool: f.pool,
		ExtraQuery: []string{"account_id", "id", "kind", "token", "reportName", "i", "siteId", "next"},
		AfterCall:  f.afterCall,
		Invariant: func() error {
			var changed []string
			after := f.fingerprint()
			for _, table := range sortedKeys(before) {
				if after[table] != before[table] {
					changed = append(changed, fmt.Sprintf("%s (%s -> %s)", table, before[table], after[table]))
				}
			}
			if len(changed) > 0 {
				return fmt.Errorf("the rows of account 2 changed: %s", strings.Join(changed, "; "))
			}
			return nil
		},
		InvariantEvery: 15 * time.Second,
		Progress:       os.Stderr, ProgressEvery: time.Minute,
	})
	require.NoError(t, err)
	var out strings.Builder
	sum.Write(&out)
	t.Log("\n" + out.String())
	if sum.Failed() {
		t.Errorf("the server's errors:\n%s\nreplay: FUZZ_API_SEED=%d FUZZ_API_REQUESTS=<the request's number> make fuzz-api", f.errors.String(), seed)
	}
	require.Equal(t, sum.Operations, sum.Covered, "every operation was called")
}

type fuzzUser struct {
	name, email, role string
	account, id       int64
	local             string // the loopback address its requests come from
	client            *http.Client
	csrf              string
	token             string
	tokenAt           time.Time
}

type fuzzEnv struct {
	t        *testing.T
	url      string
	db       *pgxpool.Pool
	w        *warehouse.Warehouse
	outsider int64 // the outsider's account
	users    map[string]*fuzzUser
	order    []string // users in a fixed order
	hash     string   // fuzzPassword's bcrypt hash
	pool     *contractfuzz.Pool
	errors   *tail // the server's error log
}

// newFuzzEnv is the server on S with the callers signed in and rows of their
// own in accounts 1 and 2, their ids and the data's in the pool.
func newFuzzEnv(t *testing.T, seed int64) *fuzzEnv {
	ctx := context.Background()
	w, c := testenv.ClickHouse(t)
	db, _ := testenv.Postgres(t)
	c.DataDir, c.DropRoot = t.TempDir(), t.TempDir()
	_, err := demo.Load(ctx, w, db, demo.Options{Size: demo.S, Seed: 1, Out: io.Discard, Progress: io.Discard, AdminPassword: "fuzz-unused-admin-1"})
	require.NoError(t, err)
	h, err := bcrypt.GenerateFromPassword([]byte(fuzzPassword), bcrypt.MinCost)
	require.NoError(t, err)
	f := &fuzzEnv{t: t, db: db, w: w, hash: string(h), pool: contractfuzz.NewPool(seed + 1), errors: &tail{max: 32 << 10}}
	require.NoError(t, db.QueryRow(ctx, `INSERT INTO accounts (name, site_id) VALUES ('Outsider', 'outsider') RETURNING id`).Scan(&f.outsider))
	f.users = map[string]*fuzzUser{
		"admin":    {email: "fuzz-admin@acme.test", role: "admin", account: 1, local: "127.0.0.2"},
		"analyst":  {email: "fuzz-analyst@acme.test", role: "analyst", account: 1, local: "127.0.0.3"},
		"viewer":   {email: "fuzz-viewer@acme.test", role: "viewer", account: 1, local: "127.0.0.4"},
		"outsider": {email: "fuzz-outsider@other.test", role: "admin", account: f.outsider, local: "127.0.0.5"},
	}
	f.order = sortedKeys(f.users)
	for _, name := range f.order {
		u := f.users[name]
		u.name = name
		require.NoError(t, db.QueryRow(ctx, `INSERT INTO users (email, password_hash) VALUES ($1, $2) RETURNING id`, u.email, f.hash).Scan(&u.id))
	}
	log := slog.New(slog.NewTextHandler(f.errors, &slog.HandlerOptions{Level: slog.LevelError}))
	e, err := api.New(api.Deps{Config: c, Log: log, Warehouse: w, DB: db})
	require.NoError(t, err)
	srv := httptest.NewServer(e)
	t.Cleanup(srv.Close)
	f.url = srv.URL
	require.NoError(t, f.restore())

	// Account 2's own administrator makes rows there before the fuzzing, the same
	// kinds as in account 1: the fuzzer tries their ids as every caller.
	owner2 := &fuzzUser{name: "owner2", email: "fuzz-owner2@acme.test", role: "admin", account: 2, local: "127.0.0.8"}
	require.NoError(t, db.QueryRow(ctx, `INSERT INTO users (email, password_hash) VALUES ($1, $2) RETURNING id`, owner2.email, f.hash).Scan(&owner2.id))
	_, err = db.Exec(ctx, `INSERT INTO memberships (user_id, account_id, role) VALUES ($1, 2, 'admin')`, owner2.id)
	require.NoError(t, err)
	require.NoError(t, f.signIn(owner2))
	f.makeRows(owner2)
	f.call(owner2, "GET", "/api/login/logout", nil) // no session of account 2 stays open
	f.makeRows(f.users["admin"])
	f.prime(ctx)
	return f
}

// roles are the callers of the run.
func (f *fuzzEnv) roles() []contractfuzz.Role {
	var roles []contractfuzz.Role
	for _, name := range f.order {
		u := f.users[name]
		w := map[string]int{"admin": 4, "analyst": 2, "viewer": 2, "outsider": 2}[name]
		roles = append(roles, contractfuzz.Role{Name: name, Weight: w, Client: u.client, Sign: func(r *http.Request) {
			if u.csrf != "" {
				r.Header.Set("X-CSRF-Token", u.csrf)
			}
		}})
		if name != "analyst" {
			roles = append(roles, contractfuzz.Role{Name: "token of " + name, Weight: 1, Client: noJar("127.0.0.6"),
				Applies: takesToken, Sign: func(r *http.Request) { r.Header.Set("Authorization", "Bearer "+u.token) }})
		}
	}
	return append(roles, contractfuzz.Role{Name: "signed out", Weight: 1, Client: noJar("127.0.0.9"), Sign: func(*http.Request) {}})
}

func takesToken(op *contractfuzz.Operation) bool {
	return strings.Contains(op.Access(), "bearer token")
}

// disruptive are the operations whose success may sign a caller out or change
// what it is: after one, every caller is restored (restore).
var disruptive = map[string]bool{
	"post_auth": true, "get_login_logout": true, "post_login_resetPassword_confirm": true, "post_account_setAccount": true,
	"post_users_saveNewEmail": true, "post_users_addInternalUser": true, "post_users_blockUser": true, "post_users_deleteUser": true,
	"post_users_generatePassword": true, "post_users_updateUser": true,
	"post_system_addRole": true, "post_system_deleteRole": true, "post_system_renameRole": true, "post_system_updatePermission": true,
}

// afterCall restores the callers after a disruptive call succeeded, signs in
// again a caller whose session ended, and renews the bearer tokens (they last 10
// minutes).
func (f *fuzzEnv) afterCall(c contractfuzz.Call) error {
	u := f.users[c.Role]
	switch {
	case c.Status/100 == 2 && disruptive[c.Op.ID]:
		return f.restore()
	case u != nil && (c.Status == 401 || c.Status == 440) && c.Op.Access() != "bearer token of GET /api/token":
		return f.signIn(u)
	}
	for _, u := range f.users {
		if time.Since(u.tokenAt) > 5*time.Minute {
			return f.restore()
		}
	}
	return nil
}

// restore brings the callers back to what they were: account 1's and the
// outsider's built-in roles with their default grants, each user's e-mail,
// password and only membership (unblocked, all categories), no sign-in
// throttle; then signs each in again and takes new tokens.
func (f *fuzzEnv) restore() error {
	ctx := context.Background()
	accounts := []int64{1, f.outsider}
	err := pgx.BeginFunc(ctx, f.db, func(tx pgx.Tx) error {
		for _, q := range []string{
			`DELETE FROM role_grants WHERE account_id = ANY($1)`,
			`DELETE FROM role_grants_accounts WHERE account_id = ANY($1)`,
			// A role the fuzzer named like a built-in one gives the name back first.
			`UPDATE account_roles SET name = 'fuzz-' || id || '-' || name WHERE account_id = ANY($1) AND id > 3
				AND lower(name) IN ('admin', 'analyst', 'viewer')`,
			`UPDATE account_roles SET name = 'fuzz-restoring-' || id WHERE account_id = ANY($1) AND id <= 3`,
			`INSERT INTO account_roles (account_id, id, name) SELECT a, r.id, r.name FROM unnest($1::bigint[]) a
				CROSS JOIN (VALUES (1, 'admin'), (2, 'analyst'), (3, 'viewer')) AS r(id, name)
				ON CONFLICT (account_id, id) DO UPDATE SET name = EXCLUDED.name`,
		} {
			if _, err := tx.Exec(ctx, q, accounts); err != nil {
				return fmt.Errorf("%s: %w", q, err)
			}
		}
		if _, err := tx.Exec(ctx, `DELETE FROM login_failures`); err != nil {
			return err
		}
		for _, name := range f.order {
			u := f.users[name]
			for _, q := range []struct {
				sql  string
				args []any
			}{
				{`UPDATE users SET email = 'displaced-' || id || '-' || email WHERE lower(email) = lower($2) AND id <> $1`, []any{u.id, u.email}},
				{`INSERT INTO users (id, email, password_hash) VALUES ($1, $2, $3) ON CONFLICT (id) DO UPDATE
					SET email = EXCLUDED.email, password_hash = EXCLUDED.password_hash, is_saml = false, sso_subject = NULL, blocked = false`,
					[]any{u.id, u.email, f.hash}},
				{`DELETE FROM memberships WHERE user_id = $1 AND account_id <> $2`, []any{u.id, u.account}},
				{`INSERT INTO memberships (user_id, account_id, role) VALUES ($1, $2, $3) ON CONFLICT (user_id, account_id)
					DO UPDATE SET role = EXCLUDED.role, blocked = false, categories = '{}'`, []any{u.id, u.account, u.role}},
			} {
				if _, err := tx.Exec(ctx, q.sql, q.args...); err != nil {
					return fmt.Errorf("%s: %w", q.sql, err)
				}
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	for _, name := range f.order {
		u := f.users[name]
		if err := f.signIn(u); err != nil {
			return err
		}
		st, body := f.call(u, "GET", "/api/token", nil)
		if st != 200 {
			return fmt.Errorf("GET /api/token as %s: %d %v", name, st, body)
		}
		u.token, _ = body["token"].(string)
		u.tokenAt = time.Now()
	}
	return nil
}

// signIn gives u a new session in its account, in a new cookie jar (the old
// session may be gone, or another user's after a sign-in the fuzzer made).
func (f *fuzzEnv) signIn(u *fuzzUser) error {
	jar, _ := cookiejar.New(nil)
	if u.client == nil {
		u.client = noJar(u.local)
	}
	u.client.Jar, u.csrf = jar, ""
	st, body := f.call(u, "POST", "/api/auth", map[string]any{"email": u.email, "password": fuzzPassword})
	if st != 200 {
		return fmt.Errorf("sign-in of %s: %d %v", u.email, st, body)
	}
	u.csrf, _ = body["csrfToken"].(string)
	if st, body = f.call(u, "POST", "/api/account/setAccount", map[string]any{"account_id": u.account}); st != 200 {
		return fmt.Errorf("account %d of %s: %d %v", u.account, u.email, st, body)
	}
	return nil
}

// makeRows makes, as u, one row of each kind the API writes in u's account
// (label, saved report, share link, folder, custom report, rule, alert, export
// schedule, report schedule, role, member, product label, match flag) and works a
// pricer run, so that reads have something to show and the fuzzer has their ids.
func (f *fuzzEnv) makeRows(u *fuzzUser) {
	ctx := context.Background()
	var comp int64
	require.NoError(f.t, f.db.QueryRow(ctx, `SELECT min(id) FROM competitors WHERE account_id = $1`, u.account).Scan(&comp))
	var prod, compProd string
	require.NoError(f.t, f.w.Conn.QueryRow(ctx, `SELECT product_id, comp_product_id FROM latest_offers FINAL
		WHERE account_id = ? AND competitor_id = ? ORDER BY product_id LIMIT 1`, uint32(u.account), uint32(comp)).Scan(&prod, &compProd))
	ok := func(method, path string, body any) map[string]any {
		st, out := f.call(u, method, path, body)
		require.Equal(f.t, 200, st, "%s %s as %s: %v", method, path, u.name, out)
		return out
	}
	id := func(v any) int64 {
		n, _ := v.(float64)
		require.Positive(f.t, n, "an id in %v", v)
		return int64(n)
	}
	label := id(ok("POST", "/api/labels/insertNewLabels", map[string]any{"name": "Fuzz label", "color": "ff0000"})["label"].(map[string]any)["id"])
	report := id(ok("POST", "/api/saveReport/insertSaveReport", map[string]any{"report_name": "Fuzz report", "report_type": "all_my_products",
		"condition": map[string]any{"report_type": "all_my_products", "limit": 100}})["id"])
	share := ok("POST", "/api/saveReport/insertSaveReportForCopyLink", map[string]any{"reportId": report})["id"]
	folder := ok("POST", "/api/scenarios", map[string]any{"name": "Fuzz folder", "icon": 1, "background_color": "#A1B2C3"})
	custom := ok("POST", "/api/custom_reports", map[string]any{"name": "Margins", "report_type": 1, "embed_url": "https://bi.example/d/1"})
	rule := ok("POST", "/api/rules/addRule", map[string]any{"name": "Beat the cheapest", "section": "middle", "rule_type": "target",
		"source": map[string]any{"kind": "competitors", "competitors": []int64{comp}, "aggregate": "min"}})["groupId"]
	ok("POST", "/api/labels/addAlert", map[string]any{"label_id": label, "label_name": "Fuzz label", "competitorsIds": []int64{comp}, "frequency": 0,
		"email_ids": []string{"boss@acme.test"}})
	drop := ok("POST", "/api/export/addSchedule", map[string]any{"report_id": report, "cron": "0 6 * * 1-5", "format": "csv", "directory": "daily"})
	ok("POST", "/api/saveReport/updateScheduledReport", map[string]any{"updateScheduledReport": map[string]any{"report_id": report,
		"scheduled_days": "1", "email_ids": []string{"boss@acme.test"}}})
	ok("POST", "/api/system/addRole", map[string]any{"roleName": "Pricing lead"})
	ok("POST", "/api/users/addInternalUser", map[string]any{"email": fmt.Sprintf("member-%d@acme.test", u.account), "user_role": 2})
	ok("POST", "/api/labels/insertProductLabels", map[string]any{"labelId": label, "productsIds": []string{prod}})
	ok("POST", "/api/match_feedback/flagMatch", map[string]any{"productId": prod, "competitorId": comp, "competitorProductId": compProd, "reason": "fuzz"})
	run := id(ok("POST", "/api/rules/runRulebase", map[string]any{"isSimulation": false})["run_id"])
	require.NoError(f.t, pricer.Runner{Store: store.New(f.db), W: f.w, Now: time.Now}.Run(ctx, run))
	for _, kv := range []struct {
		name string
		v    any
	}{{"labelId", label}, {"reportId", report}, {"id", report}, {"shareId", share}, {"groupId", rule}, {"run_id", run},
		{"productId", prod}, {"competitorId", comp}, {"competitorProductId", compProd}} {
		f.pool.Add(kv.name, kv.v)
	}
	f.pool.Add("custom_report_id", custom["report"].(map[string]any)["id"])
	for _, answer := range []map[string]any{folder, custom, drop} {
		b, _ := json.Marshal(answer)
		f.pool.Harvest(b)
	}
}

// prime puts the data's ids and names into the pool: products, brands and
// categories of accounts 1 and 2, their competitors, the callers' ids and
// e-mails, the accounts.
func (f *fuzzEnv) prime(ctx context.Context) {
	rows, err := f.w.Conn.Query(ctx, `SELECT product_id, name, brand, toString(super_category) FROM products FINAL
		WHERE account_id IN (1, 2) ORDER BY cityHash64(product_id) LIMIT 40`)
	require.NoError(f.t, err)
	for rows.Next() {
		var id, name, brand, sup string
		require.NoError(f.t, rows.Scan(&id, &name, &brand, &sup))
		f.pool.Add("productId", id)
		f.pool.Add("name", name)
		f.pool.Add("brand", brand)
		f.pool.Add("super_category", sup)
	}
	require.NoError(f.t, rows.Err())
	rows.Close()
	prows, err := f.db.Query(ctx, `SELECT 'competitorId', id FROM competitors WHERE account_id IN (1, 2)
		UNION ALL SELECT 'super_category_id', id FROM super_categories WHERE account_id IN (1, 2)
		UNION ALL SELECT 'account_id', id FROM accounts`)
	require.NoError(f.t, err)
	for prows.Next() {
		var name string
		var id int64
		require.NoError(f.t, prows.Scan(&name, &id))
		f.pool.Add(name, id)
	}
	require.NoError(f.t, prows.Err())
	prows.Close()
	for _, name := range f.order {
		f.pool.Add("user_id", f.users[name].id)
		f.pool.Add("email", f.users[name].email)
	}
	// The upload kinds' example files, about a product of account 1.
	prod, _ := f.pool.Pick(rand.New(rand.NewSource(1)), "productId")
	for _, k := range uploads.Kinds {
		f.pool.AddFile(strings.ReplaceAll(k.Example, "FSN0001", fmt.Sprint(prod)))
	}
}

// fingerprint sums the rows of account 2 per table: in PostgreSQL every table
// with an account_id and the account's own row, in ClickHouse every table with an
// account_id (the latest versions only, where a table keeps several).
func (f *fuzzEnv) fingerprint() map[string]string {
	const acc = 2
	ctx := context.Background()
	out := map[string]string{}
	rows, err := f.db.Query(ctx, `SELECT table_name FROM information_schema.columns
		WHERE table_schema = current_schema() AND column_name = 'account_id' AND table_name NOT LIKE 'river%' ORDER BY 1`)
	require.NoError(f.t, err)
	tables := []string{}
	for rows.Next() {
		var n string
		require.NoError(f.t, rows.Scan(&n))
		tables = append(tables, n)
	}
	rows.Close()
	for _, n := range tables {
		var fp *string
		require.NoError(f.t, f.db.QueryRow(ctx, `SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) FROM "`+n+`" t WHERE account_id = $1`, acc).Scan(&fp))
		out["postgres."+n] = deref(fp)
	}
	var fp *string
	require.NoError(f.t, f.db.QueryRow(ctx, `SELECT md5(t::text) FROM accounts t WHERE id = $1`, acc).Scan(&fp))
	out["postgres.accounts"] = deref(fp)
	crows, err := f.w.Conn.Query(ctx, `SELECT name, engine FROM system.tables WHERE database = currentDatabase() AND engine LIKE '%MergeTree'
		AND name IN (SELECT table FROM system.columns WHERE database = currentDatabase() AND name = 'account_id') ORDER BY name`)
	require.NoError(f.t, err)
	type tbl struct{ name, engine string }
	var chTables []tbl
	for crows.Next() {
		var x tbl
		require.NoError(f.t, crows.Scan(&x.name, &x.engine))
		chTables = append(chTables, x)
	}
	crows.Close()
	for _, x := range chTables {
		final := ""
		if strings.Contains(x.engine, "Replacing") || strings.Contains(x.engine, "Collapsing") {
			final = " FINAL"
		}
		var n, sum uint64
		require.NoError(f.t, f.w.Conn.QueryRow(ctx, `SELECT count(), sum(cityHash64(*)) FROM `+x.name+final+` WHERE account_id = ?`, uint32(acc)).Scan(&n, &sum))
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

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// noJar is a client whose requests come from the loopback address local and
// that does not follow redirects: the sign-in throttle counts failures per
// address, and one caller's made-up passwords must not hold up another's sign-in.
func noJar(local string) *http.Client {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(local)}, Timeout: 5 * time.Second}
	return &http.Client{Timeout: 2 * time.Minute, Transport: &http.Transport{DialContext: d.DialContext, MaxIdleConnsPerHost: 4},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

// call sends a JSON request as u (its session and CSRF token) and decodes the answer.
func (f *fuzzEnv) call(u *fuzzUser, method, path string, body any) (int, map[string]any) {
	var r io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		require.NoError(f.t, err)
		r = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, f.url+path, r)
	require.NoError(f.t, err)
	req.Header.Set("Content-Type", "application/json")
	if u.csrf != "" {
		req.Header.Set("X-CSRF-Token", u.csrf)
	}
	resp, err := u.client.Do(req)
	if err != nil {
		return 0, map[string]any{"error": err.Error()}
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	out := map[string]any{}
	if err := json.Unmarshal(raw, &out); err != nil && !errors.Is(err, io.EOF) {
		out["body"] = string(raw)
	}
	return resp.StatusCode, out
}

// tail keeps the last max bytes written to it (the server's error log, which a
// failure prints: the 5xx's cause is there, not in its answer).
type tail struct {
	mu  sync.Mutex
	max int
	b   []byte
}

func (t *tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.b = append(t.b, p...)
	if len(t.b) > t.max {
		t.b = append([]byte(nil), t.b[len(t.b)-t.max:]...)
	}
	return len(p), nil
}

func (t *tail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.b)
}
