// Package reporttest is the report tests' hand-made fixture and its plain Go
// reference, shared by the service's tests (package report) and the grid
// handlers' tests (api/grid), which check the same rows through HTTP.
package reporttest

import (
	"context"
	"fmt"
	"math"
	"math/rand"
	"sort"
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

type Offer struct {
	Price   *float64
	Seen    time.Time
	Name    string
	InStock uint8
}

type Product struct {
	Account uint32
	ID      string
	Name    string
	Brand   string
	Mfgr    string
	Sup     string
	Cat     string
	Vert    string
	MyPrice float64
	Cost    float64
	Revenue float64
	Offers  map[int64]Offer
	Labels  []uint64
}

type Fixture struct {
	Now      time.Time
	Products []Product
	Acc1     engine.Account
	Acc2     engine.Account
}

// Now is the fixture's "now": the real clock, because the snapshot build stores
// its totals for the staleness cutoff of the time it runs (engine/totals.go).
var Now = time.Now().UTC().Truncate(time.Second)

func Build() Fixture {
	r := rand.New(rand.NewSource(7))
	f := Fixture{Now: Now}
	f.Acc1 = engine.Account{AccountID: 1, Settings: engine.DefaultSettings(), Now: Now,
		Competitors:  []engine.Competitor{{ID: 11, Name: "Alpha"}, {ID: 12, Name: "Beta"}, {ID: 13, Name: "Gamma"}},
		CustomFields: []engine.CustomField{{LogicalName: "revenue_30d", DisplayName: "Revenue"}},
		Labels:       []engine.Label{{ID: 1, Name: "Promo"}, {ID: 2, Name: "Clearance"}, {ID: 3, Name: "Unused"}}}
	f.Acc2 = engine.Account{AccountID: 2, Settings: engine.DefaultSettings(), Now: Now,
		Competitors: []engine.Competitor{{ID: 21, Name: "Other"}}}
	sups := []string{"Electronics", "Home", ""}
	cats := []string{"Laptops", "Phones", "Kitchen", ""}
	brands := []string{"Acme", "Bolt", "Çelik", "", "O'Brien"}
	names := []string{"Laptop Pro", "Phone Mini", "Kettle — Ünïcode", "Toaster `x`", "Blender; DROP TABLE", "Laptop Air"}
	for i := 0; i < 240; i++ {
		p := Product{Account: 1, ID: fmt.Sprintf("P%04d", i), Name: fmt.Sprintf("%s %d", names[i%len(names)], i),
			Brand: brands[r.Intn(len(brands))], Mfgr: fmt.Sprintf("M-%03d", r.Intn(50)),
			Sup: sups[r.Intn(len(sups))], Cat: cats[r.Intn(len(cats))], Vert: fmt.Sprintf("V%d", r.Intn(3)),
			MyPrice: float64(10 + r.Intn(20)), Cost: float64(r.Intn(25)), Offers: map[int64]Offer{}}
		if i%17 == 0 {
			p.MyPrice = 0 // unknown my price: never comparable
		}
		// revenue: zero for whole Kitchen category (weights summing to zero)
		if p.Cat != "Kitchen" {
			p.Revenue = float64(r.Intn(1000))
		}
		for _, c := range []int64{11, 12, 13} {
			switch r.Intn(6) {
			case 0: // no offer
				continue
			case 1: // found nothing: NULL price
				p.Offers[c] = Offer{Seen: Now.Add(-time.Hour), Name: "n/a"}
			case 2: // stale offer
				v := float64(10 + r.Intn(20))
				p.Offers[c] = Offer{Price: &v, Seen: Now.AddDate(0, 0, -45), Name: "stale"}
			default:
				v := float64(10 + r.Intn(20)) // integer prices: many ties
				p.Offers[c] = Offer{Price: &v, Seen: Now.Add(-time.Duration(r.Intn(72)) * time.Hour), Name: fmt.Sprintf("C%d name %d", c, i), InStock: uint8(r.Intn(2))}
			}
		}
		switch i % 5 {
		case 0:
			p.Labels = []uint64{1}
		case 1:
			p.Labels = []uint64{1, 2}
		case 2:
			p.Labels = []uint64{2}
		}
		f.Products = append(f.Products, p)
	}
	for i := 0; i < 30; i++ {
		v := 15.0
		f.Products = append(f.Products, Product{Account: 2, ID: fmt.Sprintf("P%04d", i), Name: "Secret of account 2 Laptop",
			Brand: "Acme", Sup: "Electronics", Cat: "Laptops", MyPrice: 9, Offers: map[int64]Offer{21: {Price: &v, Seen: Now}}})
	}
	return f
}

func (f Fixture) Load(t *testing.T, w *warehouse.Warehouse) {
	ctx := context.Background()
	pb, err := w.Conn.PrepareBatch(ctx, "INSERT INTO products (account_id, product_id, name, brand, mfgr_prod_id, super_category, category, vertical, my_price, cost, currency, url, img_url, in_stock, revenue_30d, units_30d, page_views_30d, updated_at)")
	require.NoError(t, err)
	ob, err := w.Conn.PrepareBatch(ctx, "INSERT INTO latest_offers (account_id, product_id, competitor_id, scanned_at, price, in_stock, on_sale, comp_product_id, name, brand, mfgr_prod_id, url, img_url)")
	require.NoError(t, err)
	lb, err := w.Conn.PrepareBatch(ctx, "INSERT INTO product_labels (account_id, product_id, label_id, assigned, version)")
	require.NoError(t, err)
	for _, p := range f.Products {
		require.NoError(t, pb.Append(p.Account, p.ID, p.Name, p.Brand, p.Mfgr, p.Sup, p.Cat, p.Vert, p.MyPrice, p.Cost, "USD",
			"https://shop/"+p.ID, "https://img/"+p.ID, uint8(1), p.Revenue, float64(0), float64(0), Now))
		for c, o := range p.Offers {
			require.NoError(t, ob.Append(p.Account, p.ID, uint32(c), o.Seen, o.Price, o.InStock, uint8(0), "cp-"+p.ID, o.Name, p.Brand, p.Mfgr, "https://c/"+p.ID, "https://ci/"+p.ID))
		}
		for _, l := range p.Labels {
			require.NoError(t, lb.Append(p.Account, p.ID, l, uint8(1), uint64(2)))
		}
		// An older, unassigned version of label 3 must not count; a label removed later must not count either.
		require.NoError(t, lb.Append(p.Account, p.ID, uint64(3), uint8(1), uint64(1)))
		require.NoError(t, lb.Append(p.Account, p.ID, uint64(3), uint8(0), uint64(5)))
	}
	require.NoError(t, pb.Send())
	require.NoError(t, ob.Send())
	require.NoError(t, lb.Send())
	require.NoError(t, w.RefreshSnapshots(ctx, map[uint32]engine.Settings{1: f.Acc1.Settings, 2: f.Acc2.Settings}))
}

// ---- the Go reference ----

type Ref struct {
	F  Fixture
	A  engine.Account
	CS []int64
}

func (r Ref) Comparable(p Product, c int64) (float64, bool) {
	o, ok := p.Offers[c]
	if !ok || o.Price == nil || *o.Price <= 0 || p.MyPrice <= 0 {
		return 0, false
	}
	// The cutoff in whole seconds, as the engine binds it (staleCutoff) and as a
	// DateTime holds it: an offer seen in the cutoff's own second still counts.
	if o.Seen.Unix() < r.A.Now.Unix()-int64(r.A.Settings.StalenessDays)*86400 {
		return 0, false
	}
	return (p.MyPrice - *o.Price) / *o.Price * 100, true
}

func (r Ref) Bucket(d float64) string {
	d -= r.A.Settings.Parity
	switch {
	case d < -r.A.Settings.Lower:
		return engine.BucketLower
	case d > r.A.Settings.Upper:
		return engine.BucketHigher
	}
	return engine.BucketSimilar
}

type RowMetrics struct {
	Lower, Similar, Higher, Compared int
	LowerAvg, Market                 *float64
}

func (r Ref) Row(p Product) RowMetrics {
	var m RowMetrics
	var sumLD, sumPrice float64
	for _, c := range r.CS {
		d, ok := r.Comparable(p, c)
		if !ok {
			continue
		}
		m.Compared++
		sumPrice += *p.Offers[c].Price
		switch r.Bucket(d) {
		case engine.BucketLower:
			m.Lower++
			sumLD += d
		case engine.BucketHigher:
			m.Higher++
		default:
			m.Similar++
		}
	}
	if m.Lower > 0 {
		v := sumLD / float64(m.Lower)
		m.LowerAvg = &v
	}
	if m.Compared > 0 {
		v := sumPrice / float64(m.Compared)
		m.Market = &v
	}
	return m
}

func (r Ref) Products() []Product {
	var out []Product
	for _, p := range r.F.Products {
		if p.Account == r.A.AccountID {
			out = append(out, p)
		}
	}
	return out
}

func IDs(ps []Product) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.ID
	}
	return out
}

func SortedIDs(ps []Product) []string {
	out := IDs(ps)
	sort.Strings(out)
	return out
}

// sortDescNullsLast orders products as the grid does for a descending sort on
// key: larger first, NULLs last, ties by product id.
func SortDescNullsLast(ps []Product, key func(Product) *float64) {
	sort.SliceStable(ps, func(i, j int) bool {
		ki, kj := key(ps[i]), key(ps[j])
		switch {
		case ki == nil && kj == nil:
			return ps[i].ID < ps[j].ID
		case ki == nil:
			return false
		case kj == nil:
			return true
		case *ki != *kj:
			return *ki > *kj
		}
		return ps[i].ID < ps[j].ID
	})
}

func Near(a, b float64) bool { return math.Abs(a-b) <= 1e-6*math.Max(1, math.Abs(b)) }

// Setup loads the fixture into a ClickHouse database of its own and returns it
// with the accounts as the service sees them: the snapshot's slots, totals and
// delta, and on a cluster the flag that makes account-wide subqueries GLOBAL IN
// (without it each shard reads its part of them).
func Setup(t *testing.T) (*warehouse.Warehouse, Fixture) {
	t.Helper()
	w, _ := testenv.ClickHouse(t)
	f := Build()
	f.Load(t, w)
	var err error
	f.Acc1.Slots, f.Acc1.Totals, f.Acc1.SnapshotDelta, err = w.SnapshotMeta(context.Background(), 1)
	require.NoError(t, err)
	f.Acc2.Slots, f.Acc2.Totals, f.Acc2.SnapshotDelta, err = w.SnapshotMeta(context.Background(), 2)
	require.NoError(t, err)
	require.Len(t, f.Acc1.Slots, 3)
	f.Acc1.Cluster, f.Acc2.Cluster = w.Cluster != "", w.Cluster != ""
	return w, f
}
