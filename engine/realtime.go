package engine

import (
	"strings"
)

// The real-time view (spec reporting §7: getConditionsDataForRealTime
// {competitorsId, offset}, getRealTimeTabularCount, getColumnDefRealTime,
// GET /tabular/pricing): the latest scan of every (product, competitor) pair of
// the chosen competitors, newest first, a block of RealTimeBlock rows at a time.
// It reads the snapshot's latest offers (the same ones the grid compares), under
// the account's tenancy and the user's category access; a flagged match shows
// with no delta and no bucket (flags.go).

// RealTimeReport is the real-time view's report type in an export's condition.
const RealTimeReport = "real_time"

// RealTimeBlock is the rows of one real-time block (the server block size, spec §9).
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
)

// exportRealTime compiles every scan of the condition's competitors (competitorId)
// for a CSV export, newest first, with the view's columns.
func exportRealTime(a Account, c Condition) (Export, error) {
	p, err := realTime(a, c.CompetitorIDs, 0, realTimeExport)
	if err != nil {
		return Export{}, err
	}
	cnt, err := realTime(a, c.CompetitorIDs, 0, realTimeCount)
	if err != nil {
		return Export{}, err
	}
	cols := RealTimeColumns()
	header, formats := exportHeader(cols)
	return Export{Statement: p.Statement, Header: header, Formats: formats, Count: cnt.Statement}, nil
}

// realTime compiles the scans of the chosen competitors (none: all of the account's).
func realTime(a Account, competitors []int64, offset int, mode realTimeMode) (Plan, error) {
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
	if mode != realTimeCount { // the names bind before the predicate, in the order the SQL names them
		sel = "concat(product_id, '@', toString(pc)) AS id, product_id, name, my_price AS price, toInt64(pc) AS competitor_id, " +
			"transform(toUInt64(pc), " + b.bind(ids) + ", " + b.bind(names) + ", '') AS competitor, pn AS competitor_name, " +
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
	if mode == realTimeCount {
		all, err := pairs()
		if err != nil {
			return Plan{}, err
		}
		st, err := b.statement("SELECT count() FROM (" + all + ")")
		return Plan{Statement: st, Shape: ShapeCount, Competitors: k.comps}, err
	}
	// Arguments bind in the order the SQL names them: the page's pairs twice.
	sql := "SELECT " + sel + " FROM (SELECT product_id, name, my_price, comp_ids, c_price, " + k.e.deltas() + " AS fd_arr, c_seen, c_in_stock, c_on_sale, c_name, c_url FROM " +
		snap + " WHERE " + ColAccountID + " = " + b.bind(k.a.AccountID) + b.snapshotVisible(k.a) + " AND " + ColProductID + " GLOBAL IN (SELECT product_id FROM ("
	page, err := pairs()
	if err != nil {
		return Plan{}, err
	}
	sql += page + order + limitOffset(RealTimeBlock+1, offset) + ")))" +
		" ARRAY JOIN comp_ids AS pc, c_price AS px, fd_arr AS pd, c_seen AS pt, c_in_stock AS pis, c_on_sale AS pos, c_name AS pn, c_url AS pu" +
		" WHERE (product_id, pc) GLOBAL IN (SELECT product_id, pc FROM ("
	if page, err = pairs(); err != nil {
		return Plan{}, err
	}
	sql += page + order + limitOffset(RealTimeBlock+1, offset) + "))" + order
	shape := ShapeRows
	st, err := b.statement(sql)
	return Plan{Statement: st, Shape: shape, StartRow: offset, Limit: RealTimeBlock, Competitors: k.comps}, err
}

// CompileRealTime compiles one block of getConditionsDataForRealTime.
func CompileRealTime(a Account, competitors []int64, offset int) (Plan, error) {
	return realTime(a, competitors, offset, realTimeBlock)
}

// CompileRealTimeCount compiles getRealTimeTabularCount.
func CompileRealTimeCount(a Account, competitors []int64) (Plan, error) {
	return realTime(a, competitors, 0, realTimeCount)
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
	w, err := k.where(b)
	if err != nil {
		return Plan{}, err
	}
	day := "toDateTime(" + IntLit(k.a.Now.Unix()-86400) + ")"
	st, err := b.statement("SELECT toInt64(pc) AS competitor_id, max(pt) AS last_scan, countIf(pt >= " + day + ") AS scans_last_day, count() AS offers FROM (SELECT comp_ids, c_seen FROM " +
		b.snapshotTable(k.a) + " WHERE " + w + ") ARRAY JOIN comp_ids AS pc, c_seen AS pt WHERE pc != 0 GROUP BY pc ORDER BY pc")
	return Plan{Statement: st, Shape: ShapePerCompetitor, Competitors: k.comps}, err
}
