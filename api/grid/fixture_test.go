package grid

import (
	"context"
	"fmt"
	"math"
	"math/rand"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"pricelens/deploy/testenv"
	"pricelens/engine"
	"pricelens/warehouse"
)

// The fixture: hand-made rows with the edge cases the grid must get right (NULL
// prices, stale offers, missing offers, zero weights, price ties, empty brands,
// unicode, several labels per product), plus a second account that account 1 must
// never see. The reference functions below recompute everything in Go from these
// rows, not from SQL.

type fxOffer struct {
	price  *float64
	seen   time.Time
	name   string
	inStck uint8
}

type fxProduct struct {
	account uint32
	id      string
	name    string
	brand   string
	mfgr    string
	sup     string
	cat     string
	vert    string
	myPrice float64
	cost    float64
	revenue float64
	offers  map[int64]fxOffer
	labels  []uint64
}

type fixture struct {
	now      time.Time
	products []fxProduct
	acc1     engine.Account
	acc2     engine.Account
}

// fxNow is the fixture's "now": the real clock, because the snapshot build stores
// its totals for the staleness cutoff of the time it runs (engine/totals.go).
var fxNow = time.Now().UTC().Truncate(time.Second)

func buildFixture() fixture {
	r := rand.New(rand.NewSource(7))
	f := fixture{now: fxNow}
	f.acc1 = engine.Account{AccountID: 1, Settings: engine.DefaultSettings(), Now: fxNow,
		Competitors:  []engine.Competitor{{ID: 11, Name: "Alpha"}, {ID: 12, Name: "Beta"}, {ID: 13, Name: "Gamma"}},
		CustomFields: []engine.CustomField{{LogicalName: "revenue_30d", DisplayName: "Revenue"}},
		Labels:       []engine.Label{{ID: 1, Name: "Promo"}, {ID: 2, Name: "Clearance"}, {ID: 3, Name: "Unused"}}}
	f.acc2 = engine.Account{AccountID: 2, Settings: engine.DefaultSettings(), Now: fxNow,
		Competitors: []engine.Competitor{{ID: 21, Name: "Other"}}}
	sups := []string{"Electronics", "Home", ""}
	cats := []string{"Laptops", "Phones", "Kitchen", ""}
	brands := []string{"Acme", "Bolt", "Çelik", "", "O'Brien"}
	names := []string{"Laptop Pro", "Phone Mini", "Kettle — Ünïcode", "Toaster `x`", "Blender; DROP TABLE", "Laptop Air"}
	for i := 0; i < 240; i++ {
		p := fxProduct{account: 1, id: fmt.Sprintf("P%04d", i), name: fmt.Sprintf("%s %d", names[i%len(names)], i),
			brand: brands[r.Intn(len(brands))], mfgr: fmt.Sprintf("M-%03d", r.Intn(50)),
			sup: sups[r.Intn(len(sups))], cat: cats[r.Intn(len(cats))], vert: fmt.Sprintf("V%d", r.Intn(3)),
			myPrice: float64(10 + r.Intn(20)), cost: float64(r.Intn(25)), offers: map[int64]fxOffer{}}
		if i%17 == 0 {
			p.myPrice = 0 // unknown my price: never comparable
		}
		// revenue: zero for whole Kitchen category (weights summing to zero)
		if p.cat != "Kitchen" {
			p.revenue = float64(r.Intn(1000))
		}
		for _, c := range []int64{11, 12, 13} {
			switch r.Intn(6) {
			case 0: // no offer
				continue
			case 1: // found nothing: NULL price
				p.offers[c] = fxOffer{seen: fxNow.Add(-time.Hour), name: "n/a"}
			case 2: // stale offer
				v := float64(10 + r.Intn(20))
				p.offers[c] = fxOffer{price: &v, seen: fxNow.AddDate(0, 0, -45), name: "stale"}
			default:
				v := float64(10 + r.Intn(20)) // integer prices: many ties
				p.offers[c] = fxOffer{price: &v, seen: fxNow.Add(-time.Duration(r.Intn(72)) * time.Hour), name: fmt.Sprintf("C%d name %d", c, i), inStck: uint8(r.Intn(2))}
			}
		}
		switch i % 5 {
		case 0:
			p.labels = []uint64{1}
		case 1:
			p.labels = []uint64{1, 2}
		case 2:
			p.labels = []uint64{2}
		}
		f.products = append(f.products, p)
	}
	for i := 0; i < 30; i++ {
		v := 15.0
		f.products = append(f.products, fxProduct{account: 2, id: fmt.Sprintf("P%04d", i), name: "Secret of account 2 Laptop",
			brand: "Acme", sup: "Electronics", cat: "Laptops", myPrice: 9, offers: map[int64]fxOffer{21: {price: &v, seen: fxNow}}})
	}
	return f
}

func (f fixture) load(t *testing.T, w *warehouse.Warehouse) {
	ctx := context.Background()
	pb, err := w.Conn.PrepareBatch(ctx, "INSERT INTO products (account_id, product_id, name, brand, mfgr_prod_id, super_category, category, vertical, my_price, cost, currency, url, img_url, in_stock, revenue_30d, units_30d, page_views_30d, updated_at)")
	require.NoError(t, err)
	ob, err := w.Conn.PrepareBatch(ctx, "INSERT INTO latest_offers (account_id, product_id, competitor_id, scanned_at, price, in_stock, on_sale, comp_product_id, name, brand, mfgr_prod_id, url, img_url)")
	require.NoError(t, err)
	lb, err := w.Conn.PrepareBatch(ctx, "INSERT INTO product_labels (account_id, product_id, label_id, assigned, version)")
	require.NoError(t, err)
	for _, p := range f.products {
		require.NoError(t, pb.Append(p.account, p.id, p.name, p.brand, p.mfgr, p.sup, p.cat, p.vert, p.myPrice, p.cost, "USD",
			"https://shop/"+p.id, "https://img/"+p.id, uint8(1), p.revenue, float64(0), float64(0), fxNow))
		for c, o := range p.offers {
			require.NoError(t, ob.Append(p.account, p.id, uint32(c), o.seen, o.price, o.inStck, uint8(0), "cp-"+p.id, o.name, p.brand, p.mfgr, "https://c/"+p.id, "https://ci/"+p.id))
		}
		for _, l := range p.labels {
			require.NoError(t, lb.Append(p.account, p.id, l, uint8(1), uint64(2)))
		}
		// An older, unassigned version of label 3 must not count; a label removed later must not count either.
		require.NoError(t, lb.Append(p.account, p.id, uint64(3), uint8(1), uint64(1)))
		require.NoError(t, lb.Append(p.account, p.id, uint64(3), uint8(0), uint64(5)))
	}
	require.NoError(t, pb.Send())
	require.NoError(t, ob.Send())
	require.NoError(t, lb.Send())
	require.NoError(t, w.RefreshSnapshots(ctx, map[uint32]engine.Settings{1: f.acc1.Settings, 2: f.acc2.Settings}))
}

// ---- the Go reference ----

type ref struct {
	f  fixture
	a  engine.Account
	cs []int64
}

func (r ref) comparable(p fxProduct, c int64) (float64, bool) {
	o, ok := p.offers[c]
	if !ok || o.price == nil || *o.price <= 0 || p.myPrice <= 0 {
		return 0, false
	}
	// The cutoff in whole seconds, as the engine binds it (staleCutoff) and as a
	// DateTime holds it: an offer seen in the cutoff's own second still counts.
	if o.seen.Unix() < r.a.Now.Unix()-int64(r.a.Settings.StalenessDays)*86400 {
		return 0, false
	}
	return (p.myPrice - *o.price) / *o.price * 100, true
}

func (r ref) bucket(d float64) string {
	d -= r.a.Settings.Parity
	switch {
	case d < -r.a.Settings.Lower:
		return engine.BucketLower
	case d > r.a.Settings.Upper:
		return engine.BucketHigher
	}
	return engine.BucketSimilar
}

type rowMetrics struct {
	lower, similar, higher, compared int
	lowerAvg, market                 *float64
}

func (r ref) row(p fxProduct) rowMetrics {
	var m rowMetrics
	var sumLD, sumPrice float64
	for _, c := range r.cs {
		d, ok := r.comparable(p, c)
		if !ok {
			continue
		}
		m.compared++
		sumPrice += *p.offers[c].price
		switch r.bucket(d) {
		case engine.BucketLower:
			m.lower++
			sumLD += d
		case engine.BucketHigher:
			m.higher++
		default:
			m.similar++
		}
	}
	if m.lower > 0 {
		v := sumLD / float64(m.lower)
		m.lowerAvg = &v
	}
	if m.compared > 0 {
		v := sumPrice / float64(m.compared)
		m.market = &v
	}
	return m
}

func (r ref) products() []fxProduct {
	var out []fxProduct
	for _, p := range r.f.products {
		if p.account == r.a.AccountID {
			out = append(out, p)
		}
	}
	return out
}

func ids(ps []fxProduct) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.id
	}
	return out
}

func sortedIDs(ps []fxProduct) []string {
	out := ids(ps)
	sort.Strings(out)
	return out
}

// sortDescNullsLast orders products as the grid does for a descending sort on
// key: larger first, NULLs last, ties by product id.
func sortDescNullsLast(ps []fxProduct, key func(fxProduct) *float64) {
	sort.SliceStable(ps, func(i, j int) bool {
		ki, kj := key(ps[i]), key(ps[j])
		switch {
		case ki == nil && kj == nil:
			return ps[i].id < ps[j].id
		case ki == nil:
			return false
		case kj == nil:
			return true
		case *ki != *kj:
			return *ki > *kj
		}
		return ps[i].id < ps[j].id
	})
}

func near(a, b float64) bool { return math.Abs(a-b) <= 1e-6*math.Max(1, math.Abs(b)) }

func setup(t *testing.T) (*Service, fixture) {
	t.Helper()
	w, _ := testenv.ClickHouse(t)
	f := buildFixture()
	f.load(t, w)
	s := NewService(w, nil)
	var err error
	f.acc1.Slots, f.acc1.Totals, f.acc1.SnapshotDelta, err = s.W.SnapshotMeta(context.Background(), 1)
	require.NoError(t, err)
	f.acc2.Slots, f.acc2.Totals, f.acc2.SnapshotDelta, err = s.W.SnapshotMeta(context.Background(), 2)
	require.NoError(t, err)
	require.Len(t, f.acc1.Slots, 3)
	// On a cluster the accounts say so, as the service's own do: account-wide
	// subqueries are then GLOBAL IN (without it each shard reads its part of them).
	f.acc1.Cluster, f.acc2.Cluster = w.Cluster != "", w.Cluster != ""
	return s, f
}

func lower(s string) string { return strings.ToLower(s) }
