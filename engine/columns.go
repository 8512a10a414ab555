package engine

import (
	"strings"
	"time"
)

// Kind is how a column filters and formats.
type Kind int

const (
	KindText Kind = iota
	KindNumber
	KindDate
	KindBool
	KindLabels // labels: set filter on label names, values filled after the query
)

func (k Kind) filterType() string {
	switch k {
	case KindNumber, KindBool:
		return "number"
	case KindDate:
		return "date"
	case KindLabels:
		return "set"
	}
	return "text"
}

// Column is one entry of the account's closed catalog: the public colId and the
// SQL expression over product_snapshot it stands for. Expr is built only from the
// catalog (column names, competitor ids and settings), never from the request.
type Column struct {
	ID           string
	Header       string
	Kind         Kind
	Expr         string
	Format       string // text, currency, percent, number, date, url, image, bool
	Default      bool   // shown by default in table mode
	CompetitorID int64  // per-competitor column (0 = product column)
	Radio        []string
}

// PriceSlotColumns is how many slots have their price as a plain column in the
// snapshot (p1..p32, migration 00010; warehouse.PriceSlots).
const PriceSlotColumns = 32

// Bucket names of docs/reports.md#metric-definitions (the specification's radio filter values).
const (
	BucketLower   = "I am lower"
	BucketSimilar = "Price is similar"
	BucketHigher  = "I am higher"
	ChangedNew    = "New"
	ChangedNA     = "Not available"
)

// exprs builds the metric expressions of docs/reports.md#metric-definitions for one account and one set of
// selected competitors.
type exprs struct {
	a      Account
	cutoff string // toDateTime(<unix seconds>) of the staleness limit
	totals bool   // the snapshot's stored all-competitor totals are exact (totals.go)
	// rawTotals: they are exact but for the account's flagged matches (flags.go),
	// whose pairs lam takes out of them.
	rawTotals bool
}

func newExprs(a Account) exprs {
	cut := staleCutoff(a.Settings, a.Now)
	exact := a.Totals.exact(a.Settings, cut)
	flagged := len(a.flaggedComps()) > 0
	return exprs{a: a, cutoff: "toDateTime(" + IntLit(cut) + ")", totals: exact && !flagged, rawTotals: exact && flagged}
}

// staleCutoff is the unix time before which an offer no longer counts.
func staleCutoff(s Settings, now time.Time) int64 {
	return now.Unix() - int64(s.StalenessDays)*86400
}

// idx is competitor c's position in the snapshot arrays: its fixed slot when the
// slots are known (no search per row), "0" when it has no slot (no offers: every
// value NULL), else a search of comp_ids.
func (e exprs) idx(c int64) string {
	if e.a.Slots != nil {
		if s, ok := e.a.Slots[c]; ok {
			return IntLit(int64(s))
		}
		return "0"
	}
	return "indexOf(comp_ids, " + IntLit(c) + ")"
}

// absent is true where product has no offer from c (dense arrays hold 0 in comp_ids).
func (e exprs) absent(c int64) string {
	i := e.idx(c)
	if i == "0" {
		return "1"
	}
	if e.a.Slots != nil {
		return "comp_ids[" + i + "] = 0"
	}
	return i + " = 0"
}

func (e exprs) at(arr string, c int64) string {
	i := e.idx(c)
	if i == "0" {
		// No slot: arr[0] is an error on 18.16 ("Array indices is 1-based"); an
		// index past the end gives the default value, which the guards (idx = 0) hide.
		i = "4294967295"
	}
	if f := e.isFlagged(c); arr == "c_delta" && f != "" {
		return "if(" + f + ", nan, c_delta[" + i + "])"
	}
	return arr + "[" + i + "]"
}

// cmp is 1 when (product, c) is comparable: an offer exists, both prices are > 0
// (c_delta is NaN otherwise) and the offer is not older than the staleness limit.
func (e exprs) cmp(c int64) string {
	return "(" + e.idx(c) + " > 0 AND NOT isNaN(" + e.at("c_delta", c) + ") AND " + e.at("c_seen", c) + " >= " + e.cutoff + ")"
}

// d is price_delta@c minus the parity guideline.
func (e exprs) d(c int64) string {
	return "(" + e.at("c_delta", c) + " - (" + floatLit(e.a.Settings.Parity) + "))"
}

func (e exprs) lower(c int64) string {
	return "(" + e.cmp(c) + " AND " + e.d(c) + " < " + negLit(e.a.Settings.Lower) + ")"
}
func (e exprs) higher(c int64) string {
	return "(" + e.cmp(c) + " AND " + e.d(c) + " > " + floatLit(e.a.Settings.Upper) + ")"
}
func (e exprs) similar(c int64) string {
	return "(" + e.cmp(c) + " AND " + e.d(c) + " >= " + negLit(e.a.Settings.Lower) + " AND " + e.d(c) + " <= " + floatLit(e.a.Settings.Upper) + ")"
}

func (e exprs) bucket(cmp, d string) string {
	return "multiIf(NOT " + cmp + ", NULL, " + d + " < " + negLit(e.a.Settings.Lower) + ", '" + BucketLower + "', " +
		d + " > " + floatLit(e.a.Settings.Upper) + ", '" + BucketHigher + "', '" + BucketSimilar + "')"
}

// sum adds one term per selected competitor (0 when none is selected).
func sum(comps []Competitor, term func(int64) string) string {
	if len(comps) == 0 {
		return "0"
	}
	parts := make([]string, len(comps))
	for i, c := range comps {
		parts[i] = term(c.ID)
	}
	return "(" + strings.Join(parts, " + ") + ")"
}

// lam is one per-product sum over the selected competitors. When every competitor
// of the account is selected (the default) it is the snapshot's stored total
// (t_cmp ...; see totals.go) while that is exact (minus the flagged pairs'
// terms when the account has flagged matches), else one lambda over the
// snapshot's arrays, which 18.16 evaluates fast and analyses in no time; for a
// subset it is explicit per-competitor terms (a constant set inside a lambda,
// has([...], c), is an order of magnitude slower on 18.16).
func (e exprs) lam(cs []Competitor, total, body string, term func(x exprs, c int64) string) string {
	if e.all(cs) {
		switch {
		case e.totals:
			return total
		case e.rawTotals:
			// The stored total counted the flagged pairs: take their terms (over the
			// unmasked delta) out, one scalar term per flagged competitor, instead of
			// a lambda over masked arrays on every row.
			raw := e
			raw.a.Flagged = nil
			var fix []string
			for _, c := range e.a.flaggedComps() {
				fix = append(fix, "if("+e.isFlagged(c)+", "+term(raw, c)+", 0)")
			}
			return "(" + total + " - (" + strings.Join(fix, " + ") + "))"
		}
		return body
	}
	return sum(cs, func(c int64) string { return term(e, c) })
}

// all reports whether cs is every competitor of the account.
func (e exprs) all(cs []Competitor) bool {
	return len(cs) > 0 && len(cs) == len(e.a.Competitors)
}

func (e exprs) lcmp() string { return "t_ >= " + e.cutoff + " AND NOT isNaN(d_)" }
func (e exprs) ld() string   { return "(d_ - (" + floatLit(e.a.Settings.Parity) + "))" }

// packed counts the comparable, lower and higher pairs of a product in one pass
// over the arrays: each pair adds 1 (+1000 when lower, +1000000 when higher), so
// compared = v % 1000, lower = v / 1000 % 1000, higher = v / 1000000 (fewer than 1000
// competitors). One lambda instead of four: each lambda is a full pass over 20M
// pairs at L. The text is identical wherever it is used, so ClickHouse computes it once.
// Lambdas see only their own arguments and constants (18.16 rejects outer
// columns), so my_price / x is written 1 + d / 100.
func (e exprs) packed() string {
	return "arraySum((d_, t_) -> if(" + e.lcmp() + ", 1 + if(" + e.ld() + " < " + negLit(e.a.Settings.Lower) + ", 1000, 0) + if(" +
		e.ld() + " > " + floatLit(e.a.Settings.Upper) + ", 1000000, 0), 0), " + e.deltas() + ", c_seen)"
}

// The all-competitor sums as lambdas over the snapshot's arrays: the fallback of
// the stored totals, and what a snapshot build stores in them.
func (e exprs) allCmp() string    { return "toUInt64(" + e.packed() + " % 1000)" }
func (e exprs) allLower() string  { return "toUInt64(intDiv(" + e.packed() + ", 1000) % 1000)" }
func (e exprs) allHigher() string { return "toUInt64(intDiv(" + e.packed() + ", 1000000))" }
func (e exprs) allSimilar() string {
	return "toUInt64(" + e.packed() + " % 1000 - intDiv(" + e.packed() + ", 1000) % 1000 - intDiv(" + e.packed() + ", 1000000))"
}
func (e exprs) allLowerDelta() string {
	return "arraySum((d_, t_) -> if(t_ >= " + e.cutoff + " AND " + e.ld() + " < " + negLit(e.a.Settings.Lower) + ", d_, 0), " + e.deltas() + ", c_seen)"
}
func (e exprs) allPrice() string {
	return "arraySum((x_, d_, t_) -> if(" + e.lcmp() + ", x_, 0), c_price, " + e.deltas() + ", c_seen)"
}
func (e exprs) allRatio() string {
	return "arraySum((d_, t_) -> if(" + e.lcmp() + ", 1 + d_ / 100, 0), " + e.deltas() + ", c_seen)"
}

func (e exprs) nCmp(cs []Competitor) string {
	return e.lam(cs, "toUInt64(t_cmp)", e.allCmp(), func(x exprs, c int64) string { return "toUInt32(" + x.cmp(c) + ")" })
}
func (e exprs) nLower(cs []Competitor) string {
	return e.lam(cs, "toUInt64(t_l)", e.allLower(), func(x exprs, c int64) string { return "toUInt32(" + x.lower(c) + ")" })
}
func (e exprs) nSimilar(cs []Competitor) string {
	return e.lam(cs, "toUInt64(t_s)", e.allSimilar(), func(x exprs, c int64) string { return "toUInt32(" + x.similar(c) + ")" })
}
func (e exprs) nHigher(cs []Competitor) string {
	return e.lam(cs, "toUInt64(t_h)", e.allHigher(), func(x exprs, c int64) string { return "toUInt32(" + x.higher(c) + ")" })
}
func (e exprs) sumLowerDelta(cs []Competitor) string {
	return e.lam(cs, "t_ld", e.allLowerDelta(), func(x exprs, c int64) string { return "if(" + x.lower(c) + ", " + x.at("c_delta", c) + ", 0)" })
}
func (e exprs) sumPrice(cs []Competitor) string {
	return e.lam(cs, "t_price", e.allPrice(), func(x exprs, c int64) string { return "if(" + x.cmp(c) + ", " + x.at("c_price", c) + ", 0)" })
}
func (e exprs) sumRatio(cs []Competitor) string {
	return e.lam(cs, "t_ratio", e.allRatio(), func(x exprs, c int64) string { return "if(" + x.cmp(c) + ", my_price / " + x.at("c_price", c) + ", 0)" })
}

func (e exprs) marketPrice(cs []Competitor) string {
	n := e.nCmp(cs)
	return "if(" + n + " = 0, NULL, " + e.sumPrice(cs) + " / " + n + ")"
}

func (e exprs) marketDelta(cs []Competitor) string {
	n := e.nCmp(cs)
	mp := "(" + e.sumPrice(cs) + " / " + n + ")"
	return "if(" + n + " = 0 OR my_price <= 0, NULL, (my_price - " + mp + ") / " + mp + " * 100)"
}

func (e exprs) marketBucket(cs []Competitor) string {
	n := e.nCmp(cs)
	mp := "(" + e.sumPrice(cs) + " / " + n + ")"
	cmp := "(" + n + " > 0 AND my_price > 0)"
	d := "((my_price - " + mp + ") / " + mp + " * 100 - (" + floatLit(e.a.Settings.Parity) + "))"
	return e.bucket(cmp, d)
}

// productColumns are the catalog of table mode over the selected competitors cs.
func productColumns(a Account, cs []Competitor) []Column {
	e := newExprs(a)
	cols := []Column{
		{ID: "id", Header: "Product ID", Kind: KindText, Expr: "product_id", Format: "text", Default: true},
		{ID: "name", Header: "Name", Kind: KindText, Expr: "name", Format: "text", Default: true},
		{ID: "img_url", Header: "Image", Kind: KindText, Expr: "img_url", Format: "image"},
		{ID: "url", Header: "URL", Kind: KindText, Expr: "url", Format: "url"},
		{ID: "canonical_mfgr_display", Header: "Brand", Kind: KindText, Expr: "brand", Format: "text", Default: true},
		{ID: "mfgr_prod_id", Header: "Manufacturer ID", Kind: KindText, Expr: "mfgr_prod_id", Format: "text"},
		{ID: "category_display", Header: "Category", Kind: KindText, Expr: "concat(super_category, ' > ', category, ' > ', vertical)", Format: "text", Default: true},
		{ID: "super_category", Header: "Super category", Kind: KindText, Expr: "super_category", Format: "text"},
		{ID: "category", Header: "Category (level 2)", Kind: KindText, Expr: "category", Format: "text"},
		{ID: "vertical", Header: "Vertical", Kind: KindText, Expr: "vertical", Format: "text"},
		{ID: "labels", Header: "Labels", Kind: KindLabels, Expr: "", Format: "text", Default: true},
		{ID: "price", Header: "My Price", Kind: KindNumber, Expr: "my_price", Format: "currency", Default: true},
		{ID: "cost", Header: "Cost", Kind: KindNumber, Expr: "cost", Format: "currency"},
		{ID: "in_stock", Header: "In stock", Kind: KindBool, Expr: "in_stock", Format: "bool"},
	}
	for _, cf := range a.CustomFields {
		cols = append(cols, Column{ID: cf.LogicalName, Header: cf.DisplayName, Kind: KindNumber, Expr: cf.LogicalName, Format: "number"})
	}
	for _, c := range a.Competitors {
		id, sfx := c.ID, "@"+IntLit(c.ID)
		i := e.idx(id)
		str := func(arr string) string { return "if(" + e.absent(id) + ", NULL, " + e.at(arr, id) + ")" }
		cmp := e.cmp(id)
		price := "if(" + i + " = 0 OR isNaN(" + e.at("c_price", id) + "), NULL, " + e.at("c_price", id) + ")"
		if slot, ok := a.Slots[id]; ok && slot <= PriceSlotColumns {
			// The slot's price as a plain column (p1..p32): one column read for sorts and filters.
			p := "p" + IntLit(int64(slot))
			price = "if(isNaN(" + p + "), NULL, " + p + ")"
		}
		cols = append(cols,
			Column{ID: "Name" + sfx, Header: c.Name + " name", Kind: KindText, Expr: str("c_name"), Format: "text", CompetitorID: id},
			Column{ID: "Price" + sfx, Header: c.Name, Kind: KindNumber, Expr: price, Format: "currency", Default: true, CompetitorID: id},
			Column{ID: "price_delta" + sfx, Header: c.Name + " delta %", Kind: KindNumber, Expr: "if(" + cmp + ", " + e.at("c_delta", id) + ", NULL)", Format: "percent", Default: true, CompetitorID: id},
			Column{ID: "URL" + sfx, Header: c.Name + " URL", Kind: KindText, Expr: str("c_url"), Format: "url", CompetitorID: id},
			Column{ID: "img_URL" + sfx, Header: c.Name + " image", Kind: KindText, Expr: str("c_img"), Format: "image", CompetitorID: id},
			Column{ID: "prod_id" + sfx, Header: c.Name + " product ID", Kind: KindText, Expr: str("c_prod_id"), Format: "text", CompetitorID: id},
			Column{ID: "canonical_mfgr_display" + sfx, Header: c.Name + " brand", Kind: KindText, Expr: str("c_brand"), Format: "text", CompetitorID: id},
			Column{ID: "mfgr_prod_id" + sfx, Header: c.Name + " manufacturer ID", Kind: KindText, Expr: str("c_mfgr"), Format: "text", CompetitorID: id},
			Column{ID: "bucket" + sfx, Header: c.Name + " price bucket", Kind: KindText, Expr: e.bucket(cmp, e.d(id)), Format: "text", CompetitorID: id, Radio: []string{BucketLower, BucketSimilar, BucketHigher}},
			Column{ID: "in_stock" + sfx, Header: c.Name + " in stock", Kind: KindBool, Expr: str("c_in_stock"), Format: "bool", CompetitorID: id},
			Column{ID: "on_sale" + sfx, Header: c.Name + " on sale", Kind: KindBool, Expr: str("c_on_sale"), Format: "bool", CompetitorID: id},
			Column{ID: "seen_at" + sfx, Header: c.Name + " last seen", Kind: KindDate, Expr: str("c_seen"), Format: "date", CompetitorID: id},
			// changed@c (the specification's "changed at competitor" radio): New = the
			// competitor found the product (price > 0) in a scan of the last 24 hours;
			// Not available = no offer, or the latest offer has no price.
			Column{ID: "changed" + sfx, Header: c.Name + " changed", Kind: KindText, CompetitorID: id, Format: "text",
				Radio: []string{ChangedNew, ChangedNA},
				Expr: "multiIf(" + i + " = 0 OR isNaN(" + e.at("c_price", id) + ") OR " + e.at("c_price", id) + " <= 0, '" + ChangedNA + "', " +
					e.at("c_seen", id) + " >= toDateTime(" + IntLit(a.Now.Unix()-86400) + "), '" + ChangedNew + "', NULL)"},
		)
	}
	nl := e.nLower(cs)
	cols = append(cols,
		Column{ID: "Lower", Header: "Lower", Kind: KindNumber, Expr: nl, Format: "number", Default: true},
		Column{ID: "Similar", Header: "Similar price", Kind: KindNumber, Expr: e.nSimilar(cs), Format: "number", Default: true},
		Column{ID: "Higher", Header: "Higher", Kind: KindNumber, Expr: e.nHigher(cs), Format: "number", Default: true},
		Column{ID: "Lower_avg", Header: "Lower avg %", Kind: KindNumber, Expr: "if(" + nl + " = 0, NULL, " + e.sumLowerDelta(cs) + " / " + nl + ")", Format: "percent", Default: true},
		Column{ID: "products_compared", Header: "Competitors compared", Kind: KindNumber, Expr: e.nCmp(cs), Format: "number", Default: true},
		Column{ID: "market_price", Header: "Market price", Kind: KindNumber, Expr: e.marketPrice(cs), Format: "currency", Default: true},
		Column{ID: "market_delta", Header: "Market delta %", Kind: KindNumber, Expr: e.marketDelta(cs), Format: "percent", Default: true},
		Column{ID: "market_bucket", Header: "Market price bucket", Kind: KindText, Expr: e.marketBucket(cs), Format: "text", Radio: []string{BucketLower, BucketSimilar, BucketHigher}},
	)
	return cols
}

// catalog is a closed map from colId to column.
type catalog struct {
	cols []Column
	byID map[string]Column
}

func newCatalog(cols []Column) catalog {
	m := make(map[string]Column, len(cols))
	for _, c := range cols {
		m[c.ID] = c
	}
	return catalog{cols: cols, byID: m}
}

func (c catalog) get(id string) (Column, bool) {
	col, ok := c.byID[id]
	return col, ok
}
