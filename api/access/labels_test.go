package access_test

import (
	"context"
	"io"
	"log/slog"
	"net"
	"sort"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pricelens/deploy/testenv"
	"pricelens/engine"
	"pricelens/jobs"
	"pricelens/store"
	"pricelens/warehouse"
)

func TestLabelsAndRules(t *testing.T) {
	e := newEnv(t, nil)
	acc := e.account("Acme")
	other := e.account("Other")
	e.user("ana@acme.test", "analyst", acc)
	e.ssoUser("sso.ana@acme.test", "analyst", acc)
	e.ssoUser("sso.admin@acme.test", "admin", acc)
	e.user("eve@other.test", "admin", other)
	ana := e.login("ana@acme.test", acc)
	eve := e.login("eve@other.test", other)

	for body, msg := range map[string]string{
		`{"name": "", "color": "ff0000"}`:        "Label name is required",
		`{"name": "Promo", "color": "red"}`:      "Color must be a hex colour without # (e.g. 1a2b3c)",
		`{"name": "Promo", "color": "#12345"}`:   "Color must be a hex colour without # (e.g. 1a2b3c)",
		`{"name": ["Promo"], "color": "ff0000"}`: "name must be text",
	} {
		st, res := ana.call("POST", "/api/labels/insertNewLabels", body)
		assert.Equal(t, 400, st, body)
		assert.Equal(t, msg, errMsg(res), body)
	}
	st, res := ana.call("POST", "/api/labels/insertNewLabels", obj{"name": "Promo", "color": "#FF0000"})
	require.Equal(t, 200, st, "%v", res)
	promo := num(res["label"].(obj)["id"])
	assert.Equal(t, "ff0000", res["label"].(obj)["color"])
	st, res = ana.call("POST", "/api/labels/insertNewLabels", obj{"name": "promo", "color": "00ff00"})
	assert.Equal(t, 409, st)
	assert.Equal(t, "A label with this name already exists", errMsg(res))
	st, _ = ana.call("POST", "/api/labels/insertNewLabels", obj{"name": "CI", "color": "00ff00", "sso_user_read_only": true})
	assert.Equal(t, 403, st, "a read-only SSO label needs edit CI label")

	st, res = ana.call("POST", "/api/labels/insertProductLabels", obj{"labelId": promo, "productsIds": []string{}})
	assert.Equal(t, 400, st)
	assert.Equal(t, "Choose at least one product.", errMsg(res))
	st, res = ana.call("POST", "/api/labels/insertProductLabels", obj{"labelId": promo, "productsIds": []string{"P1", "P2", "P1"}})
	require.Equal(t, 200, st, "%v", res)
	assert.Equal(t, float64(2), res["assigned"])
	st, res = ana.call("POST", "/api/labels/insertNewLabelsForProduct", obj{"name": "Clearance", "color": "0000ff", "productsIds": []string{"P3"}})
	require.Equal(t, 200, st, "%v", res)
	assert.Equal(t, float64(1), res["assigned"])
	clearance := num(res["label"].(obj)["id"])
	st, res = ana.call("POST", "/api/labels/insertProductLabels", obj{"labelId": promo, "productsIds": []string{"P4"}, "selectAllRows": true, "condition": obj{}})
	assert.Equal(t, 400, st, "without the engine (no warehouse) select-all is refused, not half-done")
	assert.Contains(t, errMsg(res), "Selecting all rows")

	// A label read-only for SSO users: internal analysts may edit it; SSO analysts need edit CI label; SSO admins have it.
	e.exec(`UPDATE labels SET sso_user_read_only = true WHERE id = $1`, promo)
	ssoAna := e.login2sso(t, "sso.ana@acme.test", acc)
	st, res = ssoAna.call("POST", "/api/labels/insertProductLabels", obj{"labelId": promo, "productsIds": []string{"P9"}})
	assert.Equal(t, 403, st)
	assert.Equal(t, "Feature is locked for this user", errMsg(res))
	st, _ = ssoAna.call("POST", "/api/labels/removeLabelFromProduct", obj{"productsId": "P1", "labelName": "Promo"})
	assert.Equal(t, 403, st)
	st, _ = ssoAna.call("POST", "/api/labels/insertProductLabels", obj{"labelId": clearance, "productsIds": []string{"P9"}})
	assert.Equal(t, 200, st, "other labels stay editable")
	ssoAdmin := e.login2sso(t, "sso.admin@acme.test", acc)
	st, _ = ssoAdmin.call("POST", "/api/labels/insertProductLabels", obj{"labelId": promo, "productsIds": []string{"P9"}})
	assert.Equal(t, 200, st)

	// Another account can neither see nor touch these labels.
	st, res = eve.call("GET", "/api/labels/getAllLabels", nil)
	require.Equal(t, 200, st)
	assert.Empty(t, res["labels"])
	st, _ = eve.call("POST", "/api/labels/insertProductLabels", obj{"labelId": promo, "productsIds": []string{"P7"}})
	assert.Equal(t, 404, st)
	st, _ = eve.call("POST", "/api/labels/removeLabel", obj{"label_id": promo})
	assert.Equal(t, 404, st)
	st, _ = eve.call("POST", "/api/labels/removeLabelFromProduct", obj{"productsId": []string{"P1"}, "labelName": "Promo"})
	assert.Equal(t, 404, st)

	st, res = ana.call("POST", "/api/labels/removeLabelFromProduct", obj{"productsId": "P1", "labelName": "Promo"})
	require.Equal(t, 200, st, "%v", res)
	assert.Equal(t, float64(1), res["removed"])
	st, res = ana.call("GET", "/api/labels/getAllLabels", nil)
	require.Equal(t, 200, st)
	assert.Len(t, res["labels"], 2)
	st, _ = ana.call("POST", "/api/labels/removeLabel", obj{"label_id": clearance, "label_name": "Clearance"})
	require.Equal(t, 200, st)
	assert.Equal(t, 2, e.count(`SELECT count(*) FROM label_assignments WHERE account_id = $1`, acc), "P2 and P9 keep Promo")
	assert.Zero(t, e.count(`SELECT count(*) FROM label_assignments WHERE label_id = $1`, clearance))
	// Every change wrote its audit row and its outbox row in the same transaction.
	assert.Equal(t, 6, e.count(`SELECT count(*) FROM outbox WHERE account_id = $1`, acc))
	assert.Equal(t, 8, e.count(`SELECT count(*) FROM audit_log WHERE account_id = $1 AND entity = 'label'`, acc))
}

// login2sso opens a session for an SSO user directly (their sign-in over OIDC is
// covered by TestSingleSignOn).
func (e *env) login2sso(t *testing.T, email string, account int64) *client {
	t.Helper()
	c := e.client()
	// Give the SSO user a password hash only for this test's sign-in; is_saml stays true.
	e.exec(`UPDATE users SET password_hash = (SELECT password_hash FROM users WHERE password_hash IS NOT NULL LIMIT 1) WHERE email = $1`, email)
	st, body := c.call("POST", "/api/auth", obj{"email": email, "password": testPassword})
	require.Equal(t, 200, st, "%v", body)
	c.csrf = body["csrfToken"].(string)
	st, _ = c.call("POST", "/api/account/setAccount", obj{"account_id": account})
	require.Equal(t, 200, st)
	return c
}

func closedPort(t *testing.T) string {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := l.Addr().String()
	require.NoError(t, l.Close())
	return addr
}

type mirrorRow struct {
	Product string
	Label   uint64
}

func mirror(t *testing.T, w *warehouse.Warehouse, account int64) []mirrorRow {
	t.Helper()
	rows, err := w.Conn.Query(context.Background(), `SELECT product_id, label_id FROM product_labels FINAL
		WHERE account_id = ? AND assigned = 1 ORDER BY product_id, label_id`, uint32(account))
	require.NoError(t, err)
	defer rows.Close()
	var out []mirrorRow
	for rows.Next() {
		var r mirrorRow
		require.NoError(t, rows.Scan(&r.Product, &r.Label))
		out = append(out, r)
	}
	require.NoError(t, rows.Err())
	return out
}

// TestLabelMirrorSurvivesClickHouseOutage: the shared ClickHouse server cannot be
// stopped, so the outage is simulated by giving the workers a ClickHouse at a
// closed port (nothing listens there) while labels are assigned; then they are given
// the real warehouse and the mirror must catch up with nothing lost. The workers
// are a real River client over the test's own PostgreSQL database.
func TestLabelMirrorSurvivesClickHouseOutage(t *testing.T) {
	w, cfg := testenv.ClickHouse(t)
	e := newEnv(t, w)
	acc := e.account("Acme")
	e.user("ana@acme.test", "analyst", acc)
	ana := e.login("ana@acme.test", acc)

	down := cfg
	down.ClickHouseAddr = closedPort(t)
	var up atomic.Bool
	var failures atomic.Int32
	workers, err := jobs.Start(context.Background(), jobs.Deps{DB: e.db, Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
		ClickHouse: func(ctx context.Context) (driver.Conn, error) {
			if up.Load() {
				return w.Conn, nil
			}
			failures.Add(1)
			dw, err := warehouse.Open(ctx, down)
			if err != nil {
				return nil, err
			}
			return dw.Conn, nil
		}})
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, workers.Stop()) })

	// During the outage: label changes still succeed in PostgreSQL.
	st, res := ana.call("POST", "/api/labels/insertNewLabelsForProduct", obj{"name": "Promo", "color": "ff0000", "productsIds": []string{"P1", "P2", "P3"}})
	require.Equal(t, 200, st, "%v", res)
	promo := num(res["label"].(obj)["id"])
	st, res = ana.call("POST", "/api/labels/insertNewLabelsForProduct", obj{"name": "Hot", "color": "00ff00", "productsIds": []string{"P2"}})
	require.Equal(t, 200, st)
	hot := num(res["label"].(obj)["id"])
	for i := 0; i < 5; i++ {
		st, _ = ana.call("POST", "/api/labels/insertProductLabels", obj{"labelId": hot, "productsIds": []string{"Q" + string(rune('0'+i))}})
		require.Equal(t, 200, st)
	}
	st, _ = ana.call("POST", "/api/labels/removeLabelFromProduct", obj{"productsId": "P3", "labelName": "Promo"})
	require.Equal(t, 200, st)
	require.Eventually(t, func() bool { return failures.Load() >= 3 }, 10*time.Second, 10*time.Millisecond, "the mirror job keeps retrying")
	pending, err := store.New(e.db).PendingOutbox(context.Background(), store.TopicProductLabels)
	require.NoError(t, err)
	assert.Equal(t, 8, pending, "nothing is marked processed while ClickHouse is unreachable")
	assert.Empty(t, mirror(t, w, acc))

	// ClickHouse is back: the mirror catches up, in order, with nothing lost.
	up.Store(true)
	require.Eventually(t, func() bool {
		n, err := store.New(e.db).PendingOutbox(context.Background(), store.TopicProductLabels)
		return err == nil && n == 0
	}, 20*time.Second, 20*time.Millisecond)
	want := []mirrorRow{{"P1", uint64(promo)}, {"P2", uint64(promo)}, {"P2", uint64(hot)}}
	for i := 0; i < 5; i++ {
		want = append(want, mirrorRow{"Q" + string(rune('0'+i)), uint64(hot)})
	}
	sort.Slice(want, func(i, j int) bool {
		if want[i].Product != want[j].Product {
			return want[i].Product < want[j].Product
		}
		return want[i].Label < want[j].Label
	})
	assert.Equal(t, want, mirror(t, w, acc), "the mirror equals PostgreSQL's assignments (P3's removal included)")

	// Later changes keep flowing.
	st, _ = ana.call("POST", "/api/labels/removeLabel", obj{"label_id": hot})
	require.Equal(t, 200, st)
	require.Eventually(t, func() bool { return len(mirror(t, w, acc)) == 2 }, 20*time.Second, 20*time.Millisecond)
}

// TestSelectAllRowsLabelsThroughTheEngine: "select all rows" labels every product
// the grid condition matches, minus the toggled ones, within the user's categories.
func TestSelectAllRowsLabelsThroughTheEngine(t *testing.T) {
	w, _ := testenv.ClickHouse(t)
	e := newEnv(t, w)
	acc := e.account("Acme")
	other := e.account("Other")
	e.user("ana@acme.test", "analyst", acc)
	limited := e.user("lim@acme.test", "analyst", acc)
	e.exec(`UPDATE memberships SET categories = '{Toys}' WHERE user_id = $1`, limited)

	ctx := context.Background()
	b, err := w.Conn.PrepareBatch(ctx, "INSERT INTO products (account_id, product_id, name, brand, mfgr_prod_id, super_category, category, vertical, my_price, cost, currency, url, img_url, in_stock, revenue_30d, units_30d, page_views_30d, updated_at)")
	require.NoError(t, err)
	for _, p := range []struct {
		acc     int64
		id, sup string
	}{{acc, "A1", "Electronics"}, {acc, "A2", "Electronics"}, {acc, "A3", "Toys"}, {acc, "A4", "Toys"}, {other, "B1", "Electronics"}} {
		require.NoError(t, b.Append(uint32(p.acc), p.id, "name "+p.id, "Brand", "m", p.sup, "c", "v", 10.0, 5.0, "USD", "u", "i", uint8(1), 0.0, 0.0, 0.0, time.Now()))
	}
	require.NoError(t, b.Send())
	require.NoError(t, w.RefreshSnapshots(ctx, map[uint32]engine.Settings{uint32(acc): engine.DefaultSettings(), uint32(other): engine.DefaultSettings()}))

	ana := e.login("ana@acme.test", acc)
	st, res := ana.call("POST", "/api/labels/insertNewLabels", obj{"name": "All", "color": "ff0000"})
	require.Equal(t, 200, st, "%v", res)
	label := num(res["label"].(obj)["id"])
	st, res = ana.call("POST", "/api/labels/insertProductLabels", obj{"labelId": label, "selectAllRows": true,
		"condition": obj{"limit": 100, "startRow": 0}, "toggled": []string{"A2"}})
	require.Equal(t, 200, st, "%v", res)
	got, err := store.New(e.db).LabeledProducts(ctx, acc, label)
	require.NoError(t, err)
	assert.Equal(t, []string{"A1", "A3", "A4"}, got, "every row but the toggled one, never another account's")

	lim := e.login("lim@acme.test", acc)
	st, res = lim.call("POST", "/api/labels/insertNewLabelsForProduct", obj{"name": "Toys only", "color": "00ff00", "selectAllRows": true,
		"condition": obj{"limit": 100, "startRow": 0}})
	require.Equal(t, 200, st, "%v", res)
	got, err = store.New(e.db).LabeledProducts(ctx, acc, num(res["label"].(obj)["id"]))
	require.NoError(t, err)
	assert.Equal(t, []string{"A3", "A4"}, got, "category access limits what select-all reaches")
}

// TestNewLabelReachesTheNextGridRequest: the grid compiles label filters against the
// account's catalog, which the store caches; a label created through the API must
// be known to the very next grid request (the cache is forgotten on the write),
// never to another account's.
func TestNewLabelReachesTheNextGridRequest(t *testing.T) {
	w, _ := testenv.ClickHouse(t)
	e := newEnv(t, w)
	acc := e.account("Acme")
	other := e.account("Other")
	e.user("ana@acme.test", "analyst", acc)
	e.user("eve@other.test", "analyst", other)
	ctx := context.Background()
	b, err := w.Conn.PrepareBatch(ctx, "INSERT INTO products (account_id, product_id, name, brand, mfgr_prod_id, super_category, category, vertical, my_price, cost, currency, url, img_url, in_stock, revenue_30d, units_30d, page_views_30d, updated_at)")
	require.NoError(t, err)
	for _, p := range []struct {
		acc int64
		id  string
	}{{acc, "A1"}, {acc, "A2"}, {other, "B1"}} {
		require.NoError(t, b.Append(uint32(p.acc), p.id, "name "+p.id, "Brand", "m", "Toys", "c", "v", 10.0, 5.0, "USD", "u", "i", uint8(1), 0.0, 0.0, 0.0, time.Now()))
	}
	require.NoError(t, b.Send())
	require.NoError(t, w.RefreshSnapshots(ctx, map[uint32]engine.Settings{uint32(acc): engine.DefaultSettings(), uint32(other): engine.DefaultSettings()}))

	ana := e.login("ana@acme.test", acc)
	eve := e.login("eve@other.test", other)
	fresh := obj{"condition": obj{"startRow": 0, "limit": 100, "filters": obj{"labels": obj{"filterType": "set", "values": []string{"fresh"}}}}}
	ids := func(c *client) []string {
		t.Helper()
		st, res := c.call("POST", "/api/tabular/getConditionsData", fresh)
		require.Equal(t, 200, st, "%v", res)
		var out []string
		for _, r := range res["rows"].([]any) {
			out = append(out, r.(obj)["id"].(string))
		}
		return out
	}
	assert.Empty(t, ids(ana), "no label Fresh yet (and the catalog is now cached)")

	st, res := ana.call("POST", "/api/labels/insertNewLabelsForProduct", obj{"name": "Fresh", "color": "00ff00", "productsIds": []string{"A1"}})
	require.Equal(t, 200, st, "%v", res)
	label := num(res["label"].(obj)["id"])
	// The mirror job's write (tested in TestLabelMirrorSurvivesClickHouseOutage), done here directly.
	lb, err := w.Conn.PrepareBatch(ctx, "INSERT INTO product_labels (account_id, product_id, label_id, assigned, version)")
	require.NoError(t, err)
	require.NoError(t, lb.Append(uint32(acc), "A1", uint64(label), uint8(1), uint64(1)))
	require.NoError(t, lb.Send())

	assert.Equal(t, []string{"A1"}, ids(ana), "the next grid request knows the new label")
	assert.Empty(t, ids(eve), "another account has no label Fresh")
}
