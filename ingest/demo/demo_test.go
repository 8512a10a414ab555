package demo

import (
	"bytes"
	"context"
	"io"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/crypto/bcrypt"

	"pricelens/deploy/testenv"
	"pricelens/warehouse"
)

type env struct {
	w  *warehouse.Warehouse
	db *pgxpool.Pool
}

func newEnv(t *testing.T) env {
	w, _ := testenv.ClickHouse(t)
	db, _ := testenv.Postgres(t)
	return env{w, db}
}

func seedS(t *testing.T, e env, seed int64, out io.Writer) Summary {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	s, err := Load(ctx, e.w, e.db, Options{Size: S, Seed: seed, AdminPassword: "demo-pass-123", Out: out, Progress: io.Discard, Checksums: true})
	require.NoError(t, err)
	return s
}

func count(t *testing.T, e env, q string, args ...any) uint64 {
	t.Helper()
	var n uint64
	require.NoError(t, e.w.Conn.QueryRow(context.Background(), q, args...).Scan(&n), q)
	return n
}

// auditLog counts the audit rows by "action entity".
func auditLog(t *testing.T, e env) map[string]int {
	t.Helper()
	rows, err := e.db.Query(context.Background(), `SELECT action || ' ' || entity, count(*) FROM audit_log GROUP BY 1`)
	require.NoError(t, err)
	out := map[string]int{}
	for rows.Next() {
		var k string
		var n int
		require.NoError(t, rows.Scan(&k, &n))
		out[k] = n
	}
	require.NoError(t, rows.Err())
	return out
}

// TestDeterministic: the same seed loaded twice (the second time replacing the
// first) gives the same checksums; another seed gives different data.
func TestDeterministic(t *testing.T) {
	e := newEnv(t)
	first := seedS(t, e, 7, io.Discard)
	audited := auditLog(t, e)
	for _, want := range []string{"create user", "assign membership", "create label", "create account", "set competitors", "replace label_assignments"} {
		assert.Contains(t, audited, want, "the seeder's changes go through the store and leave audit rows")
	}
	again := seedS(t, e, 7, io.Discard)
	assert.Equal(t, first.Checksums, again.Checksums)
	assert.Equal(t, first.Rows, again.Rows)
	assert.Equal(t, audited, auditLog(t, e), "a second seed with the same seed changes no app state")

	other := newEnv(t)
	diff := seedS(t, other, 8, io.Discard)
	for _, table := range []string{"products", "offers", "latest_offers", "product_daily"} {
		assert.NotEqual(t, first.Checksums[table], diff.Checksums[table], table)
	}
	// A fresh database pair seeded with the first seed matches too (ids from identities agree).
	fresh := newEnv(t)
	same := seedS(t, fresh, 7, io.Discard)
	assert.Equal(t, first.Checksums, same.Checksums)
}

// TestInvariants checks what a user of the demo relies on.
func TestInvariants(t *testing.T) {
	e := newEnv(t)
	var out bytes.Buffer
	s := seedS(t, e, 1, &out)
	ctx := context.Background()

	// Sizes of S.
	assert.Equal(t, uint64(10_000), count(t, e, "SELECT count() FROM products WHERE account_id = 1"))
	assert.Equal(t, uint64(2_000), count(t, e, "SELECT count() FROM products WHERE account_id = 2"))
	assert.Equal(t, uint64(8), count(t, e, "SELECT uniqExact(competitor_id) FROM offers WHERE account_id = 1"))
	assert.Equal(t, uint64(5), count(t, e, "SELECT uniqExact(competitor_id) FROM offers WHERE account_id = 2"))
	// Account 3 watches one competitor: its competitiveness metrics trend can be shown.
	assert.Equal(t, uint64(500), count(t, e, "SELECT count() FROM products WHERE account_id = 3"))
	assert.Equal(t, uint64(1), count(t, e, "SELECT uniqExact(competitor_id) FROM offers WHERE account_id = 3"))
	assert.Contains(t, out.String(), "seeded demo data set S")

	// Full category path; tree shaped ~6 › 40 › 150.
	assert.Zero(t, count(t, e, "SELECT count() FROM products WHERE super_category = '' OR category = '' OR vertical = ''"))
	assert.Equal(t, uint64(6), count(t, e, "SELECT uniqExact(super_category) FROM products WHERE account_id = 1"))
	assert.InDelta(t, 40, count(t, e, "SELECT uniqExact(category) FROM products WHERE account_id = 1"), 2)
	assert.InDelta(t, 150, count(t, e, "SELECT uniqExact(vertical) FROM products WHERE account_id = 1"), 5)
	assert.Zero(t, count(t, e, "SELECT count() FROM (SELECT vertical FROM products GROUP BY vertical HAVING uniqExact(category) > 1 OR uniqExact(super_category) > 1)"),
		"a vertical belongs to exactly one category and super category")
	// Brands: several hundred, skewed (the top 10 hold far more than 10/400 of products).
	assert.Greater(t, count(t, e, "SELECT uniqExact(brand) FROM products WHERE account_id = 1"), uint64(250))
	top := count(t, e, "SELECT sum(c) FROM (SELECT count() AS c FROM products WHERE account_id = 1 GROUP BY brand ORDER BY c DESC LIMIT 10)")
	assert.Greater(t, top, uint64(10_000*10/400*3))

	// Prices.
	assert.Zero(t, count(t, e, "SELECT count() FROM products WHERE NOT (my_price > 0) OR NOT (cost > 0) OR cost >= my_price"))
	assert.Zero(t, count(t, e, "SELECT count() FROM offers WHERE price IS NOT NULL AND NOT (price > 0)"))
	assert.Zero(t, count(t, e, "SELECT count() FROM product_daily WHERE NOT (my_price > 0) OR revenue != round(units_sold * my_price, 2)"))
	nulls := count(t, e, "SELECT count() FROM offers WHERE price IS NULL")
	assert.Greater(t, nulls, uint64(0), "some offers are not found")
	assert.Greater(t, count(t, e, "SELECT count() FROM offers WHERE on_sale = 1"), uint64(0))
	assert.Greater(t, count(t, e, "SELECT count() FROM offers WHERE in_stock = 0"), uint64(0))
	// Competitors do not carry every product, and offers are of varied age (0–20 days).
	pairs := count(t, e, "SELECT count() FROM latest_offers WHERE account_id = 1")
	assert.Less(t, pairs, uint64(10_000*8))
	assert.Greater(t, pairs, uint64(10_000*8*7/10))
	assert.Equal(t, uint64(21), count(t, e, "SELECT uniqExact(toDate(scanned_at)) FROM latest_offers"))
	assert.Zero(t, count(t, e, "SELECT count() FROM offers WHERE scanned_at > now()"))

	// Daily history (offers: the latest scan and the generated earlier ones) has no
	// gaps: for every carried pair one scan per day from the daily window's first day
	// up to the latest scan, and nothing after it.
	assert.Zero(t, count(t, e, `
		SELECT count() FROM (
			SELECT account_id, product_id, competitor_id, count() AS n, uniqExact(date) AS d, min(date) AS lo, max(date) AS hi
			FROM (SELECT account_id, product_id, competitor_id, toDate(scanned_at) AS date, scanned_at, price FROM offers
				WHERE date >= (SELECT max(toDate(scanned_at)) FROM offers) - 29) GROUP BY account_id, product_id, competitor_id) AS lhs
		ANY LEFT JOIN (
			SELECT account_id, product_id, competitor_id, toDate(scanned_at) AS scan FROM latest_offers) AS rhs USING account_id, product_id, competitor_id
		WHERE n != d OR hi != scan OR lo != (SELECT max(toDate(scanned_at)) FROM offers) - 29 OR toUInt64(hi - lo) + 1 != n`))
	assert.Equal(t, pairs+count(t, e, "SELECT count() FROM latest_offers WHERE account_id IN (2, 3)"),
		count(t, e, "SELECT uniqExact(account_id, product_id, competitor_id) FROM offers"), "every pair has history at S")
	// Before the daily window, S's sparse history: a scan 59 and 89 days before the
	// anchor day for every pair (the 90 days of plans(S)), so each day of 90 has a price.
	checkSparse(t, e, 30, 90, 90)
	assert.Equal(t, 2*count(t, e, "SELECT count() FROM latest_offers"),
		count(t, e, "SELECT count() FROM offers WHERE toDate(scanned_at) < (SELECT max(toDate(scanned_at)) FROM offers) - 29"))
	// Business metrics: 61 days (the default 30 days and their previous period).
	assert.Equal(t, uint64(12_500*61), count(t, e, "SELECT count() FROM product_daily"))
	assert.Zero(t, count(t, e, "SELECT count() FROM (SELECT product_id FROM product_daily GROUP BY product_id HAVING uniqExact(date) != 61)"))
	// The latest offer is the last scan of its history, with the latest scan's texts.
	assert.Zero(t, count(t, e, `
		SELECT count() FROM (SELECT account_id, product_id, competitor_id, scanned_at, ifNull(price, -1) AS p, url FROM latest_offers FINAL) AS lhs
		ALL INNER JOIN (SELECT account_id, product_id, competitor_id, max(scanned_at) AS s2, argMax(ifNull(price, -1), scanned_at) AS p2,
			argMax(url, scanned_at) AS u2 FROM offers GROUP BY account_id, product_id, competitor_id) AS rhs USING account_id, product_id, competitor_id
		WHERE scanned_at != s2 OR p != p2 OR url != u2 OR url = ''`))
	// Custom fields are the last 30 days of the daily metrics.
	assert.Zero(t, count(t, e, `
		SELECT count() FROM (SELECT account_id, product_id, units_30d, revenue_30d FROM products) AS lhs
		ALL INNER JOIN (SELECT account_id, product_id, sum(units_sold) AS u, sum(revenue) AS r FROM product_daily
			WHERE date > (SELECT max(date) FROM product_daily) - 30 GROUP BY account_id, product_id) AS rhs USING account_id, product_id
		WHERE units_30d != u OR abs(revenue_30d - r) > 0.01`))

	// Accounts share no rows: product ids and competitor ids are disjoint.
	assert.Zero(t, count(t, e, "SELECT count() FROM (SELECT product_id FROM products GROUP BY product_id HAVING uniqExact(account_id) > 1)"))
	assert.Zero(t, count(t, e, "SELECT count() FROM (SELECT competitor_id FROM offers GROUP BY competitor_id HAVING uniqExact(account_id) > 1)"))
	assert.Zero(t, count(t, e, "SELECT count() FROM products WHERE NOT startsWith(product_id, multiIf(account_id = 1, 'NW', account_id = 2, 'SB', 'WS')) OR length(product_id) != 16"))
	for _, table := range []string{"offers", "product_daily", "product_labels"} {
		assert.Zero(t, count(t, e, "SELECT count() FROM "+table+" WHERE (account_id, product_id) NOT IN (SELECT account_id, product_id FROM products)"), table)
	}
	var badComp int
	require.NoError(t, e.db.QueryRow(ctx, `SELECT count(*) FROM competitors a JOIN competitors b ON a.name = b.name AND a.account_id <> b.account_id`).Scan(&badComp))
	assert.Zero(t, badComp)
	chComp := count(t, e, "SELECT uniqExact(account_id, competitor_id) FROM latest_offers")
	var pgComp uint64
	require.NoError(t, e.db.QueryRow(ctx, `SELECT count(*) FROM competitors WHERE account_id IN (1, 2, 3)`).Scan(&pgComp))
	assert.Equal(t, pgComp, chComp, "ClickHouse competitor ids are the PostgreSQL ones")

	// Labels: a few % of products, some with 2+ labels, mirrored into ClickHouse.
	var la, multi, orphan uint64
	require.NoError(t, e.db.QueryRow(ctx, `SELECT count(*) FROM label_assignments`).Scan(&la))
	assert.Equal(t, s.Rows["label_assignments"], la)
	assert.Equal(t, la, count(t, e, "SELECT count() FROM product_labels WHERE assigned = 1"))
	assert.InDelta(t, 12_500*0.037, float64(la), 12_500*0.02)
	require.NoError(t, e.db.QueryRow(ctx, `SELECT count(*) FROM (SELECT product_id FROM label_assignments GROUP BY product_id HAVING count(*) > 1) x`).Scan(&multi))
	assert.Greater(t, multi, uint64(0))
	require.NoError(t, e.db.QueryRow(ctx, `SELECT count(*) FROM label_assignments a JOIN labels l ON l.id = a.label_id WHERE l.account_id <> a.account_id`).Scan(&orphan))
	assert.Zero(t, orphan)
	assert.Zero(t, count(t, e, "SELECT count() FROM product_labels WHERE (account_id, product_id) NOT IN (SELECT account_id, product_id FROM products)"))

	// Users: admin of every account, analyst and viewer of account 1 only.
	rows, err := e.db.Query(ctx, `SELECT u.email, m.account_id, m.role, m.categories, u.password_hash FROM memberships m JOIN users u ON u.id = m.user_id ORDER BY u.email, m.account_id`)
	require.NoError(t, err)
	var got []string
	for rows.Next() {
		var email, role, hash string
		var acct int64
		var cats []string
		require.NoError(t, rows.Scan(&email, &acct, &role, &cats, &hash))
		got = append(got, email+"/"+role+"/"+strings.Join(cats, "+")+"/"+string(rune('0'+acct)))
		assert.NoError(t, bcrypt.CompareHashAndPassword([]byte(hash), []byte("demo-pass-123")), email)
	}
	require.NoError(t, rows.Err())
	assert.Equal(t, []string{
		"admin@pricelens.local/admin//1", "admin@pricelens.local/admin//2", "admin@pricelens.local/admin//3",
		"analyst@pricelens.local/analyst//1", "viewer@pricelens.local/viewer/Electronics+Home & Kitchen/1",
	}, got)

	// Account settings have the contract's keys.
	var cur string
	var staleness int
	require.NoError(t, e.db.QueryRow(ctx, `SELECT settings->>'currency_symbol', (settings->>'offer_staleness_days')::int FROM accounts WHERE id = 2`).Scan(&cur, &staleness))
	assert.Equal(t, "€", cur)
	assert.Equal(t, 30, staleness)
}

// TestReseed: a seed, then a re-seed of the same demo (two S loads, where three
// tests took five):
//   - a seed is never silent for long: every step after the generating (attaching
//     the history, labels, the price changes, the snapshots, the trend rollups)
//     reports its progress with an ETA while it runs and one line when it ends (at L
//     they are the last ~15 minutes of the seed);
//   - a generated password is printed once, and a re-seed keeps the users' passwords;
//   - --if-empty leaves an existing demo alone;
//   - when the warehouse also holds another account, a re-seed replaces only the
//     demo accounts' rows (the delete path, not TRUNCATE).
func TestReseed(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	var out bytes.Buffer
	var prog syncBuffer
	// A progress line every millisecond: at S every step takes longer than that.
	first, err := Load(ctx, e.w, e.db, Options{Size: S, Seed: 5, Out: &out, Progress: &prog, ProgressEvery: time.Millisecond, Checksums: true})
	require.NoError(t, err)
	assertEveryLongStepShown(t, prog.String())
	require.Len(t, first.GeneratedPassword, 20)
	assert.Equal(t, 1, strings.Count(out.String(), "admin password: "+first.GeneratedPassword+"\n"))

	b, err := e.w.Conn.PrepareBatch(ctx, "INSERT INTO products (account_id, product_id, name, my_price, updated_at)")
	require.NoError(t, err)
	require.NoError(t, b.Append(uint32(9), "OTHER-1", "Someone else's product", 9.5, time.Now()))
	require.NoError(t, b.Send())
	before := count(t, e, "SELECT count() FROM offers")

	out.Reset()
	skipped, err := Load(ctx, e.w, e.db, Options{Size: S, Seed: 4, IfEmpty: true, Out: &out, Progress: io.Discard})
	require.NoError(t, err)
	assert.True(t, skipped.Skipped)
	assert.Equal(t, 1, strings.Count(out.String(), "\n"), out.String())
	assert.Equal(t, before, count(t, e, "SELECT count() FROM offers"))

	out.Reset()
	again, err := Load(ctx, e.w, e.db, Options{Size: S, Seed: 5, Out: &out, Progress: io.Discard, Checksums: true})
	require.NoError(t, err)
	assert.NotContains(t, out.String(), "admin password")
	var hash string
	require.NoError(t, e.db.QueryRow(ctx, `SELECT password_hash FROM users WHERE email = $1`, AdminEmail).Scan(&hash))
	assert.NoError(t, bcrypt.CompareHashAndPassword([]byte(hash), []byte(first.GeneratedPassword)))
	assert.Equal(t, uint64(1), count(t, e, "SELECT count() FROM products WHERE account_id = 9"))
	assert.Equal(t, first.Rows, again.Rows)
	for _, table := range []string{"offers", "latest_offers", "product_daily", "product_labels"} {
		assert.Equal(t, first.Checksums[table], again.Checksums[table], table)
	}
	assert.Equal(t, uint64(12_500), count(t, e, "SELECT count() FROM products WHERE account_id IN (1, 2, 3)"))
}

// TestPartialHistory uses a small plan with the shape of M and L (history for a
// fifth of the products) to check the rows of products without history.
func TestPartialHistory(t *testing.T) {
	e := newEnv(t)
	ps := plans(S)[:2] // the two accounts of many competitors
	ps[0].Products, ps[0].HistoryProducts, ps[0].Competitors = 3000, 600, 6
	ps[1].Products, ps[1].HistoryProducts, ps[1].Competitors = 1000, 200, 3
	for i := range ps {
		ps[i].SparseDays, ps[i].HistorySparseDays = 150, 240
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	_, err := load(ctx, e.w, e.db, Options{Size: S, Seed: 11, AdminPassword: "x-password-1", Progress: io.Discard}, ps)
	require.NoError(t, err)

	assert.Equal(t, uint64(800*61), count(t, e, "SELECT count() FROM product_daily"))
	// Pairs of products with history: one row per day from the daily window's start to
	// the latest scan; products without history: only the latest scan's day in it.
	assert.Zero(t, count(t, e, `
		SELECT count() FROM (
			SELECT account_id, product_id, competitor_id, count() AS n, min(date) AS lo, max(date) AS hi
			FROM (SELECT account_id, product_id, competitor_id, toDate(scanned_at) AS date, scanned_at, price FROM offers
				WHERE date >= (SELECT max(toDate(scanned_at)) FROM offers) - 29) GROUP BY account_id, product_id, competitor_id) AS lhs
		ANY LEFT JOIN (
			SELECT account_id, product_id, 1 AS hist FROM product_daily GROUP BY account_id, product_id) AS rhs USING account_id, product_id
		WHERE hist = 1 AND (toUInt64(hi - lo) + 1 != n OR lo != (SELECT max(toDate(scanned_at)) FROM offers) - 29)
		   OR hist = 0 AND n != 1`))
	// Before that, the sparse history: a scan a month back to 150 days (products
	// without daily history) or 240 days (history products).
	checkSparse(t, e, 30, 150, 240)
	assert.Equal(t, uint64(4000), count(t, e, "SELECT count() FROM products"))
	assert.Zero(t, count(t, e, "SELECT count() FROM products WHERE NOT (units_30d >= 0) OR revenue_30d != round(units_30d * my_price, 2) AND product_id NOT IN (SELECT product_id FROM product_daily)"))
	assert.Greater(t, count(t, e, "SELECT count() FROM products WHERE units_30d > 0 AND product_id NOT IN (SELECT product_id FROM product_daily)"), uint64(1000))
	assert.Zero(t, count(t, e, "SELECT count() FROM offers WHERE price IS NOT NULL AND NOT (price > 0)"))
}

// checkSparse checks what a trend over the sparse history relies on, pair by pair:
// the scans older than the daily window (historyDays; products without daily
// history: older than the latest scan) are exactly 30 days apart (the staleness),
// the newest of them 30 days before the newer scans, the oldest at or up to 29 days
// before the first day of the window (sparseDays for products without daily
// history, historySparseDays for history products). So every day of the window has
// a scan at most 29 days before it, whose price the trend carries, unless that scan
// found no price (about 1.5 % of scans). The price moves at some of these scans.
func checkSparse(t *testing.T, e env, historyDays, sparseDays, historySparseDays int) {
	t.Helper()
	ctx := context.Background()
	rows, err := e.w.Conn.Query(ctx, `
		SELECT hist, groupArray(toInt32(toDate(scanned_at)) - toInt32(anchor)) AS days, groupArray(ifNull(price, -1)) AS prices
		FROM (
			SELECT account_id, product_id, competitor_id, scanned_at, price, (SELECT max(toDate(scanned_at)) FROM offers) AS anchor,
				(account_id, product_id) IN (SELECT account_id, product_id FROM product_daily) AS hist
			FROM offers)
		GROUP BY account_id, product_id, competitor_id, hist`)
	require.NoError(t, err)
	defer rows.Close()
	var pairs, sparseScans, nulls, moves, steps int
	seen := map[uint8]int{}
	for rows.Next() {
		var hist uint8
		var days []int32
		var prices []float64 // -1: no price found
		require.NoError(t, rows.Scan(&hist, &days, &prices))
		idx := make([]int, len(days))
		for i := range idx {
			idx[i] = i
		}
		sort.Slice(idx, func(a, b int) bool { return days[idx[a]] < days[idx[b]] })
		sd, sp := make([]int32, len(days)), make([]float64, len(days))
		for i, j := range idx {
			sd[i], sp[i] = days[j], prices[j]
		}
		days, prices = sd, sp
		pairs++
		seen[hist]++
		window, newer := int32(sparseDays), int32(0)
		for newer < int32(len(days)) && days[len(days)-1-int(newer)] > -int32(historyDays) {
			newer++
		}
		if hist == 1 {
			window = int32(historySparseDays)
			require.Equal(t, -int32(historyDays-1), days[len(days)-int(newer)], "a history product's daily window starts %d days back", historyDays-1)
		} else {
			require.Equal(t, int32(1), newer, "a product without daily history has one scan in the daily window, its latest")
		}
		sparse := days[:len(days)-int(newer)]
		oldestNewer := days[len(days)-int(newer)]
		require.NotEmpty(t, sparse)
		for i, d := range sparse {
			next := oldestNewer
			if i+1 < len(sparse) {
				next = sparse[i+1]
			}
			require.Equal(t, int32(30), next-d, "sparse scans are a staleness period apart: %v", days)
		}
		first := -(window - 1)
		require.LessOrEqual(t, sparse[0], first, "the oldest scan covers the window's first day: %v", days)
		require.Greater(t, sparse[0], first-30, "no scan older than needed: %v", days)
		// Every day of the window has a scan at most 29 days before it.
		for d, i := first, 0; d <= 0; d++ {
			for i+1 < len(days) && days[i+1] <= d {
				i++
			}
			require.LessOrEqual(t, d-days[i], int32(29), "day %d is carried: %v", d, days)
		}
		for i := range sparse {
			sparseScans++
			p, q := prices[i], prices[i+1]
			if p < 0 {
				nulls++
				continue
			}
			if q >= 0 {
				steps++
				if p != q {
					moves++
				}
			}
		}
	}
	require.NoError(t, rows.Err())
	assert.Greater(t, seen[1], 0)
	assert.Greater(t, sparseScans, pairs)
	assert.InDelta(t, 0.015, float64(nulls)/float64(sparseScans), 0.01, "some sparse scans found no price")
	assert.InDelta(t, 0.55, float64(moves)/float64(steps), 0.2, "the price moves at about half of the monthly scans")
}

// assertEveryLongStepShown checks a seed's progress output (TestReseed): the steps
// in order, each ending once, the long ones with an ETA while they run.
func assertEveryLongStepShown(t *testing.T, out string) {
	t.Helper()
	// The steps in order, a phase at a time: the price changes come before the snapshots,
	// which keep each product's latest change. Within a phase the accounts may run side by
	// side and end in any order.
	last := -1
	for _, phase := range [][]string{{"seed: generate"}, {"seed: attach history"}, {"seed: labels"},
		{"price changes of account 1", "price changes of account 2"}, {"snapshot of account 1", "snapshot of account 2"},
		{"trend rollup of account 1", "trend rollup of account 2"}} {
		first, end := -1, last
		for _, step := range phase {
			done := regexp.MustCompile(`(?m)^`+step+`: done, `).FindAllStringIndex(out, -1)
			if assert.Len(t, done, 1, "%q ends once:\n%s", step, out) {
				if first < 0 || done[0][0] < first {
					first = done[0][0]
				}
				end = max(end, done[0][0])
			}
		}
		assert.Greater(t, first, last, "%v end after the steps before them:\n%s", phase, out)
		last = end
	}
	for _, step := range []string{"seed: generate", "snapshot of account 1", "trend rollup of account 1"} {
		assert.Regexp(t, `(?m)^`+step+`: \d+%, .* ETA \S+$`, out, "%q shows its progress and an ETA while it runs", step)
	}
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}
func (s *syncBuffer) String() string { s.mu.Lock(); defer s.mu.Unlock(); return s.b.String() }
