package engine

import (
	"fmt"
	"strings"
)

// The assortment reports (report types of the specification's saved reports):
// how much of my catalogue each competitor carries, and at what price position.
// Definitions (docs/reports.md#reports-definitions-the-specification-leaves-open), over
// the products that pass the condition's filters and search, per competitor c:
//   - products: the products of the row (the group, or the whole catalogue);
//   - found: products with a current offer from c (a price, scanned within the
//     staleness limit); not_found = products − found; coverage = found / products, %;
//   - in_stock, on_sale: found products that c has in stock / on sale;
//   - lower, similar, higher: found products in each bucket of docs/reports.md#metric-definitions (my price
//     against c's; a product without my price is found but in none). Flagged
//     matches (flags.go) are neither found nor in a bucket.
// assortment has a row per competitor; assortment_by_brand and
// assortment_by_category a row per (brand or category, competitor);
// assortment_products a row per product with each competitor's offer, stock,
// sale and bucket (the product columns of the tabular grid).

// AssortmentKind is one of the assortment reports.
type AssortmentKind string

const (
	AssortmentCompetitors AssortmentKind = "assortment"
	AssortmentProducts    AssortmentKind = "assortment_products"
	AssortmentByBrand     AssortmentKind = "assortment_by_brand"
	AssortmentByCategory  AssortmentKind = "assortment_by_category"
)

// ParseAssortment maps a report type (tableName) to an assortment report.
func ParseAssortment(s string) (AssortmentKind, error) {
	switch k := AssortmentKind(s); k {
	case AssortmentCompetitors, AssortmentProducts, AssortmentByBrand, AssortmentByCategory:
		return k, nil
	}
	return "", bad("tableName", "%q is not an assortment report (assortment, assortment_products, assortment_by_brand or assortment_by_category)", clip(s))
}

// level is the group level of the kind ("" for one row per competitor).
func (k AssortmentKind) level() GroupLevel {
	switch k {
	case AssortmentByBrand:
		return LevelBrand
	case AssortmentByCategory:
		return LevelCategory
	}
	return ""
}

// assortmentProductIDs are the columns of assortment_products: the product and,
// per competitor, its offer's price, stock, sale and bucket.
var assortmentProductIDs = []string{"id", "name", "canonical_mfgr_display", "category_display", "price"}
var assortmentOfferKinds = []string{"Price", "in_stock", "on_sale", "bucket"}

// assortmentMetrics are the aggregated reports' numeric columns, in order.
var assortmentMetrics = []struct{ ID, Header, Format string }{
	{"products", "Products", "number"}, {"found", "Found", "number"}, {"not_found", "Not found", "number"},
	{"coverage", "Coverage %", "percent"}, {"in_stock", "In stock", "number"}, {"on_sale", "On sale", "number"},
	{"lower", "I am lower", "number"}, {"similar", "Price is similar", "number"}, {"higher", "I am higher", "number"},
}

// AssortmentColumns is getColumnsDef of an assortment report.
func AssortmentColumns(a Account, kind AssortmentKind) ([]Column, error) {
	if kind == AssortmentProducts {
		k, err := newCompiler(a, Condition{})
		if err != nil {
			return nil, err
		}
		return assortmentProductColumns(k), nil
	}
	if a.AccountID == 0 {
		return nil, bad("account", "no account is selected")
	}
	var cols []Column
	switch kind.level() {
	case LevelBrand:
		cols = append(cols, Column{ID: "brand", Header: "Brand", Kind: KindText, Format: "text", Default: true})
	case LevelCategory:
		cols = append(cols, Column{ID: "category", Header: "Category", Kind: KindText, Format: "text", Default: true})
	}
	cols = append(cols, Column{ID: "competitor", Header: "Competitor", Kind: KindText, Format: "text", Default: true})
	for _, m := range assortmentMetrics {
		cols = append(cols, Column{ID: m.ID, Header: m.Header, Kind: KindNumber, Format: m.Format, Default: true})
	}
	return cols, nil
}

func assortmentProductColumns(k *compiler) []Column {
	want := map[string]bool{}
	for _, id := range assortmentProductIDs {
		want[id] = true
	}
	var out []Column
	for _, c := range k.cat.cols {
		kind := c.ID
		if at := strings.LastIndexByte(c.ID, '@'); at >= 0 && c.CompetitorID != 0 {
			kind = c.ID[:at]
		}
		ok := want[c.ID]
		for _, o := range assortmentOfferKinds {
			ok = ok || (c.CompetitorID != 0 && kind == o)
		}
		if ok {
			c.Default = true
			out = append(out, c)
		}
	}
	return out
}

// CompileAssortmentRows compiles one block of assortment/getConditionsData.
func CompileAssortmentRows(a Account, c Condition, kind AssortmentKind) (Plan, error) {
	if kind == AssortmentProducts {
		return CompileRows(a, AssortmentProductsCondition(a, c))
	}
	return compileAssortment(a, c, kind, assortRows)
}

// CompileAssortmentCount compiles assortment/getCountOfRow.
func CompileAssortmentCount(a Account, c Condition, kind AssortmentKind) (Plan, error) {
	if kind == AssortmentProducts {
		return CompileCount(a, AssortmentProductsCondition(a, c))
	}
	return compileAssortment(a, c, kind, assortCount)
}

// AssortmentProductsCondition is the product grid's condition of assortment_products:
// every product, the assortment columns unless the condition names its own, no groups.
func AssortmentProductsCondition(a Account, c Condition) Condition {
	c.ReportType, c.Group, c.GroupIDs = "", nil, nil
	if len(c.VisibleColumns) == 0 {
		if k, err := newCompiler(a, Condition{}); err == nil {
			for _, col := range assortmentProductColumns(k) {
				c.VisibleColumns = append(c.VisibleColumns, col.ID)
			}
		}
	}
	return c
}

// assortmentSortable are the columns an aggregated assortment report sorts on.
var assortmentSortable = func() map[string]string {
	m := map[string]string{"brand": "group_key", "category": "group_key", "competitor": "competitor", "competitor_id": "competitor_id"}
	for _, x := range assortmentMetrics {
		m[x.ID] = "`" + x.ID + "`"
	}
	return m
}()

// assortMode is what compileAssortment compiles: a block, its count, or an export's rows.
type assortMode int

const (
	assortRows assortMode = iota
	assortCount
	assortExport
)

// exportAssortment compiles every row of an assortment report for a CSV export
// (its columns in order, its sort); assortment_products exports as the product grid.
func exportAssortment(a Account, c Condition, sel Selection, kind AssortmentKind) (Export, error) {
	if kind == AssortmentProducts {
		return CompileExport(a, AssortmentProductsCondition(a, c), sel)
	}
	c.StartRow, c.Limit = 0, 0
	p, err := compileAssortment(a, c, kind, assortExport)
	if err != nil {
		return Export{}, err
	}
	cnt, err := compileAssortment(a, c, kind, assortCount)
	if err != nil {
		return Export{}, err
	}
	cols, _ := AssortmentColumns(a, kind)
	header, formats := exportHeader(cols)
	return Export{Statement: p.Statement, Header: header, Formats: formats, Count: cnt.Statement}, nil
}

// exportHeader is the file's header and number formats of columns exported as they are.
func exportHeader(cols []Column) (header, formats []string) {
	header, formats = make([]string, len(cols)), make([]string, len(cols))
	for i, col := range cols {
		header[i] = col.Header
		if numeric(col.Format) {
			formats[i] = col.Format
		}
	}
	return header, formats
}

// assortRatio are the columns computed from products and found.
const assortRatio = "products - found AS not_found, if(products = 0, NULL, found * 100 / products) AS coverage"

// compileAssortment: one row per (group, selected competitor) by ARRAY JOIN of
// the snapshot's dense arrays (slot_ids lists every competitor with offers on
// every row, so products a competitor lacks count as not found), or from the
// build's stored totals when they are exact (assortment_totals.go).
func compileAssortment(a Account, c Condition, kind AssortmentKind, mode assortMode) (Plan, error) {
	sorts := c.Sort
	c.ReportType, c.Group, c.GroupIDs, c.Sort, c.VisibleColumns = "", nil, nil, nil, nil
	k, err := newCompiler(a, c)
	if err != nil {
		return Plan{}, err
	}
	var order []string
	for i, s := range sorts {
		expr, ok := assortmentSortable[s.ColID]
		if !ok || (kind.level() == "" && expr == "group_key") {
			return Plan{}, bad(fmt.Sprintf("sort[%d].colId", i), "%q is not a sortable column of this report", clip(s.ColID))
		}
		order = append(order, expr+" "+s.Sort.sql())
	}
	order = append(order, "group_key ASC", "competitor_id ASC")

	b := k.builder()
	key := "'all'"
	if l := kind.level(); l != "" {
		key = levelKeyExpr(l)
	}
	// The stored totals when they equal the raw counts (assortment_totals.go).
	stored := k.assortmentStored()
	ids, names := make([]uint64, len(k.comps)), make([]string, len(k.comps))
	lits := make([]string, len(k.comps))
	for i, cp := range k.comps {
		ids[i], names[i], lits[i] = uint64(cp.ID), cp.Name, IntLit(cp.ID)
	}
	// Arguments bind in the order the SQL names them: the competitor names, then the predicate.
	compName := b.lookup("toUInt64(sc)", ids, names)
	w := ""
	if !stored {
		if w, err = k.where(b); err != nil {
			return Plan{}, err
		}
	}
	if len(lits) == 0 {
		lits = []string{"0"}
	}
	var inner string
	if stored {
		inner = "SELECT gk AS group_key, toInt64(sc) AS competitor_id, " + compName + " AS competitor, " +
			"toUInt64(sum(np)) AS products, toUInt64(sum(nf)) AS found, " + assortRatio + ", " +
			"toUInt64(sum(nis)) AS in_stock, toUInt64(sum(nos)) AS on_sale, toUInt64(sum(nlo)) AS lower, toUInt64(sum(nsi)) AS similar, toUInt64(sum(nhi)) AS higher " +
			"FROM (" + k.assortmentStoredSource(b, kind, lits) + ") GROUP BY group_key, sc"
	} else {
		found, lo, si, hi := assortPredicates(k.a.Settings, k.e.cutoff)
		// pf: the pair is a flagged match (its delta is NaN in the masked array while c_delta has a number).
		arrays, joins, flagged := "c_delta AS fd_arr", "fd_arr AS fd", "0"
		if d := k.e.deltas(); d != "c_delta" {
			arrays, joins, flagged = "c_delta AS rd_arr, "+d+" AS fd_arr", "rd_arr AS rd, fd_arr AS fd", "isNaN(fd) AND NOT isNaN(rd)"
		}
		src := "(SELECT " + key + " AS gk, slot_ids, comp_ids, c_price, c_in_stock, c_on_sale, c_seen, " + arrays + " FROM " +
			b.snapshotTable(k.a) + " WHERE " + w + ")"
		inner = "SELECT gk AS group_key, toInt64(sc) AS competitor_id, " + compName + " AS competitor, " +
			"count() AS products, countIf(" + found + ") AS found, " + assortRatio + ", " +
			"countIf(" + found + " AND pis = 1) AS in_stock, countIf(" + found + " AND pos = 1) AS on_sale, " +
			"countIf(" + lo + ") AS lower, countIf(" + si + ") AS similar, countIf(" + hi + ") AS higher " +
			"FROM (SELECT gk, sc, pc, px, pis, pos, pt, fd AS pd, " + flagged + " AS pf FROM " + src +
			" ARRAY JOIN slot_ids AS sc, comp_ids AS pc, c_price AS px, c_in_stock AS pis, c_on_sale AS pos, c_seen AS pt, " + joins +
			" WHERE sc IN (" + strings.Join(lits, ", ") + ")) GROUP BY group_key, sc"
	}
	sql := inner + " ORDER BY " + strings.Join(order, ", ") + limitOffset(k.c.Limit+1, k.c.StartRow)
	shape := ShapeRows
	switch mode {
	case assortCount:
		sql, shape = "SELECT count() FROM ("+inner+")", ShapeCount
	case assortExport: // every row, each column a cell of the file (export_format.go)
		cols, _ := AssortmentColumns(a, kind)
		cells := make([]cell, len(cols))
		for i, col := range cols {
			operand := "`" + col.ID + "`"
			if col.ID == "brand" || col.ID == "category" {
				operand = "group_key"
			}
			cells[i] = cell{col.Format, operand}
		}
		out, _ := formatCells(cells, nil)
		sql = "SELECT " + strings.Join(out, ", ") + " FROM (" + inner + ") ORDER BY " + strings.Join(order, ", ")
	}
	st, err := b.statement(sql)
	if err != nil {
		return Plan{}, err
	}
	field := ""
	if l := kind.level(); l != "" {
		field = map[GroupLevel]string{LevelBrand: "brand", LevelCategory: "category"}[l]
	}
	return Plan{Statement: st, Shape: shape, StartRow: k.c.StartRow, Limit: k.c.Limit, GroupField: field, Competitors: k.comps}, nil
}
