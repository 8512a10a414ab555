package engine

import (
	"strings"
)

// The real-time view (docs/product.md §7: getConditionsDataForRealTime
// {competitorsId, offset}, getRealTimeTabularCount, getColumnDefRealTime,
// GET /tabular/pricing): the latest scan of every (product, competitor) pair of
// the chosen competitors, newest first, a block of RealTimeBlock rows at a time.
// It reads the snapshot's latest offers (the same ones the grid compares), under
// the account's tenancy and the user's category access; a flagged match shows
// with no delta and no bucket (flags.go).

// RealTimeReport is the real-time view's report type in an export's condition.
const RealTimeReport = "real_time"

// RealTimeBlock is the rows of one real-time block (the server block size, docs/product.md §9).
const RealTimeBlock = 100

// MaxRealTimeOffset bounds a real-time offset.
const MaxRealTimeOffset = 10_000_000

// RealTimeColumns are the real-time view's columns.
func RealTimeColumns() []Column {
	col := func(id, header string, k Kind, format string) Column {
		return Column{ID: id, Header: header, Kind: k, Format: format, Default: true}
	}
	return []Column{
		col("seen_at", "Scanned at", KindDate, "date"),
		col("competitor", "Competitor", KindText, "text"),
		col("product_id", "Product ID", KindText, "text"),
		col("name", "Name", KindText, "text"),
		col("price", "My Price", KindNumber, "currency"),
		col("competitor_name", "Competitor product", KindText, "text"),
		col("competitor_price", "Competitor price", KindNumber, "currency"),
		col("price_delta", "Delta %", KindNumber, "percent"),
		col("bucket", "Price bucket", KindText, "text"),
		col("in_stock", "In stock", KindBool, "bool"),
		col("on_sale", "On sale", KindBool, "bool"),
		col("URL", "URL", KindText, "url"),
	}
}

// realTimeMode is what realTime compiles: a block, the count, or an export's rows.
type realTimeMode int

const (
	realTimeBlock realTimeMode = iota
	realTimeCount
	realTimeExport
	realTimePage
)

// exportRealTime compiles every scan of the condition's competitors (competitorId)
// for a CSV export, newest first, with the view's columns.
func exportRealTime(a Account, c Condition) (Export, error) {
	p, err := realTime(a, c.CompetitorIDs, 0, realTimeExport, RealTimePage{})
	if err != nil {
		return Export{}, err
	}
	cnt, err := realTime(a, c.CompetitorIDs, 0, realTimeCount, RealTimePage{})
	if err != nil {
		return Export{}, err
	}
	cols := RealTimeColumns()
	header, formats := exportHeader(cols)
	return Export{Statement: p.Statement, Header: header, Formats: formats, Count: cnt.Statement}, nil
}

// realTime compiles the scans of the chosen competitors (none: all of the account's).
func realTime(a Account, competitors []int64, offset int, mode realTimeMode, pg RealTimePage) (Plan, error) {
	products, pairKeys := pg.Products, pg.Pairs
	if offset < 0 || offset > MaxRealTimeOffset {
		return Plan{}, bad("offset", "must be 0 to %d", MaxRealTimeOffset)
	}
	k, err := newCompiler(a, Condition{CompetitorIDs: competitors})
	if err != nil {
		if e, ok := err.(*Error); ok && e.Field == "competitorId" {
			e.Field = "competitorsId"
		}
		return Plan{}, err
	}
	b := k.builder()
	ids, names, lits := make([]uint64, len(k.comps)), make([]string, len(k.comps)), make([]string, len(k.comps))
	for i, cp := range k.comps {
		ids[i], names[i], lits[i] = uint64(cp.ID), cp.Name, IntLit(cp.ID)
	}
	if len(lits) == 0 {
		lits = []string{"0"}
	}
	cmp := "(pt >= " + k.e.cutoff + " AND NOT isNaN(pd))"
	sel := ""
	if mode != realTimeCount && mode != realTimePage { // the names bind before the predicate, in the order the SQL names them
		sel = "concat(product_id, '@', toString(pc)) AS id, product_id, name, my_price AS price, toInt64(pc) AS competitor_id, " +
			b.lookup("toUInt64(pc)", ids, names) + " AS competitor, pn AS competitor_name, " +
			"if(isNaN(px), NULL, px) AS competitor_price, if(" + cmp + ", pd, NULL) AS price_delta, " +
			k.e.bucket(cmp, "(pd - ("+floatLit(k.a.Settings.Parity)+"))") + " AS bucket, pis AS in_stock, pos AS on_sale, pu AS URL, pt AS seen_at"
	}
	in := " WHERE pc IN (" + strings.Join(lits, ", ") + ")"
	snap := b.snapshotTable(k.a)
	order := " ORDER BY pt DESC, product_id ASC, pc ASC"
	if mode == realTimeExport { // every scan, each column a cell of the file (export_format.go)
		w, err := k.where(b)
		if err != nil {
			return Plan{}, err
		}
		cols := RealTimeColumns()
		cells := make([]cell, len(cols))
		for i, col := range cols {
			cells[i] = cell{col.Format, col.ID}
		}
		out, _ := formatCells(cells, nil)
		st, err := b.statement("SELECT " + strings.Join(out, ", ") + " FROM (SELECT " + sel + ", pc, product_id AS pid FROM (SELECT product_id, name, my_price, comp_ids, c_price, " +
			k.e.deltas() + " AS fd_arr, c_seen, c_in_stock, c_on_sale, c_name, c_url FROM " + snap + " WHERE " + w + ") ARRAY JOIN comp_ids AS pc, c_price AS px, fd_arr AS pd, " +
			"c_seen AS pt, c_in_stock AS pis, c_on_sale AS pos, c_name AS pn, c_url AS pu" + in + ") ORDER BY seen_at DESC, pid ASC, pc ASC")
		return Plan{Statement: st, Shape: ShapeRows, Competitors: k.comps}, err
	}
	// pairs are the chosen competitors' (product, competitor, scan time) under the
	// condition's predicate, from the competitor ids and scan times alone (the
	// string arrays are most of the bytes). A count counts them; a block takes its
	// page of them by scan time, then reads everything else for those pairs only.
	pairs := func() (string, error) {
		w, err := k.where(b)
		return "SELECT product_id, pc, pt FROM (SELECT product_id, comp_ids, c_seen FROM " + snap + " WHERE " + w + ") ARRAY JOIN comp_ids AS pc, c_seen AS pt" + in, err
	}
	// The page and the count read the build's stored pairs when they equal the raw ones (realtime_state.go).
	if (mode == realTimeCount || mode == realTimePage) && k.realTimeFallback() == "" {
		var st Statement
		if mode == realTimeCount {
			st, err = k.realTimeStoredCount(b, realTimeIn(lits))
			return Plan{Statement: st, Shape: ShapeCount, Competitors: k.comps}, err
		}
		st, err = k.realTimeStoredPage(b, realTimeIn(lits), offset)
		return Plan{Statement: st, Shape: ShapeRows, StartRow: offset, Limit: RealTimeBlock, Competitors: k.comps}, err
	}
	if mode == realTimeCount {
		all, err := pairs()
		if err != nil {
			return Plan{}, err
		}
		st, err := b.statement("SELECT count() FROM (" + all + ")")
		return Plan{Statement: st, Shape: ShapeCount, Competitors: k.comps}, err
	}
	if mode == realTimePage {
		page, err := pairs()
		if err != nil {
			return Plan{}, err
		}
		st, err := b.statement("SELECT concat(product_id, '@', toString(pc)) AS pair, product_id FROM (" + page + order + limitOffset(RealTimeBlock+1, offset) + ")" + order)
		return Plan{Statement: st, Shape: ShapeRows, StartRow: offset, Limit: RealTimeBlock, Competitors: k.comps}, err
	}
	// The block's rows: everything else for the page's pairs only (bound sets).
	sql := "SELECT " + sel + " FROM (SELECT product_id, name, my_price, comp_ids, c_price, " + k.e.deltas() + " AS fd_arr, c_seen, c_in_stock, c_on_sale, c_name, c_url FROM " +
		snap + " WHERE " + ColAccountID + " = " + b.bind(k.a.AccountID) + b.snapshotVisible(k.a) + " AND " + ColProductID + " IN " + b.bindSet(products) + ")" +
		" ARRAY JOIN comp_ids AS pc, c_price AS px, fd_arr AS pd, c_seen AS pt, c_in_stock AS pis, c_on_sale AS pos, c_name AS pn, c_url AS pu" +
		" WHERE concat(product_id, '@', toString(pc)) IN " + b.bindSet(pairKeys) + order
	st, err := b.statement(sql)
	return Plan{Statement: st, Shape: ShapeRows, StartRow: offset, Limit: RealTimeBlock, Competitors: k.comps}, err
}

// RealTimePage is a block's page of pairs (CompileRealTimePage's rows): each pair
// as "product@competitor", and the pairs' products.
type RealTimePage struct {
	Pairs, Products []string
}

// CompileRealTimePage compiles the first step of a block of the real-time view: its
// page of (product, competitor) pairs by scan time, read from the competitor ids
// and scan times alone. The second step (CompileRealTime) reads everything else
// for those pairs only. Two round trips, because one statement would page the
// pairs twice (once for the products, once for the pairs): at L each paging
// expands 20M pairs.
func CompileRealTimePage(a Account, competitors []int64, offset int) (Plan, error) {
	return realTime(a, competitors, offset, realTimePage, RealTimePage{})
}

// CompileRealTime compiles one block of getConditionsDataForRealTime: the rows of
// the pairs of its page (CompileRealTimePage), newest first. An empty page has no
// rows (the caller need not ask).
func CompileRealTime(a Account, competitors []int64, offset int, page RealTimePage) (Plan, error) {
	return realTime(a, competitors, offset, realTimeBlock, page)
}

// CompileRealTimeCount compiles getRealTimeTabularCount.
func CompileRealTimeCount(a Account, competitors []int64) (Plan, error) {
	return realTime(a, competitors, 0, realTimeCount, RealTimePage{})
}

// CompileScanSummary compiles GET /tabular/pricing: per competitor of the
// account, its latest scan and how many of its latest offers were scanned in the
// last day, so the real-time screen can offer the competitors with fresh scans.
func CompileScanSummary(a Account) (Plan, error) {
	k, err := newCompiler(a, Condition{})
	if err != nil {
		return Plan{}, err
	}
	b := k.builder()
	if k.realTimeFallback() == "" { // the build's stored buckets (realtime_state.go)
		st, err := k.realTimeStoredSummary(b, realTimeDay(k.a.Now))
		return Plan{Statement: st, Shape: ShapePerCompetitor, Competitors: k.comps}, err
	}
	w, err := k.where(b)
	if err != nil {
		return Plan{}, err
	}
	day := "toDateTime(" + IntLit(realTimeDay(k.a.Now)) + ")"
	st, err := b.statement("SELECT toInt64(pc) AS competitor_id, max(pt) AS last_scan, countIf(pt >= " + day + ") AS scans_last_day, count() AS offers FROM (SELECT comp_ids, c_seen FROM " +
		b.snapshotTable(k.a) + " WHERE " + w + ") ARRAY JOIN comp_ids AS pc, c_seen AS pt WHERE pc != 0 GROUP BY pc ORDER BY pc")
	return Plan{Statement: st, Shape: ShapePerCompetitor, Competitors: k.comps}, err
}
