package engine

import (
	"math"
	"strconv"
	"time"
)

// rawArrays are the snapshot's per-competitor arrays a row plan selects as they are;
// the @c keys of the page's rows are computed from them in Go (Expand). 18.16's
// expression analysis grows faster than linearly with the number of expressions:
// 20 competitors x 13 keys as SQL expressions made a 100-row block take seconds,
// while the same values from the arrays cost microseconds per row.
var rawArrays = []string{"comp_ids", "c_price", "c_delta", "c_seen", "c_in_stock", "c_on_sale", "c_name", "c_brand", "c_mfgr", "c_url", "c_img", "c_prod_id"}

const rawPrefix = "__"

// arraysOf names the raw arrays each per-competitor key needs.
var arraysOf = map[string][]string{
	"Name": {"c_name"}, "Price": {"c_price"}, "price_delta": {"c_delta", "c_seen"}, "URL": {"c_url"}, "img_URL": {"c_img"},
	"prod_id": {"c_prod_id"}, "canonical_mfgr_display": {"c_brand"}, "mfgr_prod_id": {"c_mfgr"}, "bucket": {"c_delta", "c_seen"},
	"in_stock": {"c_in_stock"}, "on_sale": {"c_on_sale"}, "seen_at": {"c_seen"}, "changed": {"c_price", "c_seen"},
}

// expander holds what Expand needs: the account's competitors, settings and cutoff.
type expander struct {
	comps    []Competitor
	settings Settings
	cutoff   time.Time
	recent   time.Time
	keys     map[string]bool // the @c keys to emit; nil = all
}

// Expand turns the raw arrays of a product row into the per-competitor keys of
// docs/api-contract.md#the-grid-contract (Name@c, Price@c, price_delta@c, bucket@c, ...), with the same
// definitions as the catalog's SQL expressions (columns.go), and removes the arrays.
func (p Plan) Expand(row map[string]any) {
	x := p.expand
	if x == nil {
		return
	}
	ids, _ := row[rawPrefix+"comp_ids"].([]uint32)
	pos := make(map[int64]int, len(ids))
	for i, id := range ids {
		pos[int64(id)] = i
	}
	f64 := func(k string) []float64 { v, _ := row[rawPrefix+k].([]float64); return v }
	str := func(k string) []string { v, _ := row[rawPrefix+k].([]string); return v }
	u8 := func(k string) []uint8 { v, _ := row[rawPrefix+k].([]uint8); return v }
	price, delta := f64("c_price"), f64("c_delta")
	seen, _ := row[rawPrefix+"c_seen"].([]time.Time)
	inStock, onSale := u8("c_in_stock"), u8("c_on_sale")
	name, brand, mfgr, url, img, pid := str("c_name"), str("c_brand"), str("c_mfgr"), str("c_url"), str("c_img"), str("c_prod_id")
	fAt := func(a []float64, i int) (float64, bool) {
		if i < len(a) && !math.IsNaN(a[i]) {
			return a[i], true
		}
		return 0, false
	}
	for _, c := range x.comps {
		s := "@" + strconv.FormatInt(c.ID, 10)
		vals := map[string]any{"Name": nil, "Price": nil, "price_delta": nil, "URL": nil, "img_URL": nil, "prod_id": nil,
			"canonical_mfgr_display": nil, "mfgr_prod_id": nil, "bucket": nil, "in_stock": nil, "on_sale": nil, "seen_at": nil,
			"changed": ChangedNA}
		if i, ok := pos[c.ID]; ok {
			vals["Name"], vals["URL"], vals["img_URL"], vals["prod_id"] = at(name, i), at(url, i), at(img, i), at(pid, i)
			vals["canonical_mfgr_display"], vals["mfgr_prod_id"] = at(brand, i), at(mfgr, i)
			vals["in_stock"], vals["on_sale"] = atU(inStock, i), atU(onSale, i)
			fresh, recent := false, false
			if i < len(seen) {
				vals["seen_at"] = seen[i].UTC().Format(time.RFC3339)
				fresh, recent = !seen[i].Before(x.cutoff), !seen[i].Before(x.recent)
			}
			p, hasPrice := fAt(price, i)
			if hasPrice {
				vals["Price"] = p
			}
			if d, ok := fAt(delta, i); ok && fresh {
				vals["price_delta"] = d
				d -= x.settings.Parity
				switch {
				case d < -x.settings.Lower:
					vals["bucket"] = BucketLower
				case d > x.settings.Upper:
					vals["bucket"] = BucketHigher
				default:
					vals["bucket"] = BucketSimilar
				}
			}
			switch {
			case !hasPrice || p <= 0:
				vals["changed"] = ChangedNA
			case recent:
				vals["changed"] = ChangedNew
			default:
				vals["changed"] = nil
			}
		}
		for k, v := range vals {
			if x.keys == nil || x.keys[k+s] {
				row[k+s] = v
			}
		}
	}
	for _, a := range rawArrays {
		delete(row, rawPrefix+a)
	}
}

func at(s []string, i int) any {
	if i < len(s) {
		return s[i]
	}
	return nil
}

func atU(s []uint8, i int) any {
	if i < len(s) {
		return uint64(s[i])
	}
	return nil
}
