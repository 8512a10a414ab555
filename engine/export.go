package engine

import (
	"strconv"
	"strings"
)

// Selection is a grid selection sent with a condition (docs/api-contract.md#the-grid-contract): with All, every
// row the condition matches minus Toggled; otherwise only the Toggled ids. The
// zero value (nothing chosen) means every row.
type Selection struct {
	All     bool
	Toggled []string
}

// Export is a compiled CSV export (docs/exports.md): a SELECT whose columns are the
// file's, in Header's order and the grid's row order, streamed to the file. A
// column with a Formats entry (currency, percent, number) is the value as a
// Float64 (NaN for none), formatted on the way; any other is its cell as the grid
// shows it, a String (export_format.go). Count counts its rows, for the export's
// progress.
type Export struct {
	Statement
	Header  []string
	Formats []string
	Count   Statement
	// Computed cells are rendered in Go from the row (the repricing results'
	// explanation, a sentence no SQL writes): cell i is Computed[i](row), its SQL
	// an empty placeholder. Trailing, when set, are the formats of the columns the
	// statement selects after the file's ("" a String, else a Float64): read for
	// the computed cells, never written.
	Computed map[int]func(ExportRow) string
	Trailing []string
}

// ExportRow is one row of an export's statement as a computed cell reads it, by
// column position: a Float64 column's value or a String column's text.
type ExportRow interface {
	Float(col int) float64
	Text(col int) string
}

// CompileExport compiles every row of a condition for a CSV export: the visible
// columns in grid order (the level's default columns when it names none), the same
// filters, search, group path and sort as a block of getConditionsData, without
// paging. At a product level the rows are the products, narrowed to the selection,
// with their labels joined in the same query; at a group level (group mode, or a
// report of group rows) they are the level's group rows with their per-competitor
// metrics. The competitiveness snapshot is refused with a message that says so.
// The assortment reports and the real-time view (report_type real_time, with its
// competitorId) export their own rows (assortment.go, realtime.go).
func CompileExport(a Account, c Condition, sel Selection) (Export, error) {
	if len(sel.Toggled) > MaxSelected {
		return Export{}, bad("toggledNodes", "has %d ids; at most %d are allowed", len(sel.Toggled), MaxSelected)
	}
	if kind, err := ParseAssortment(c.ReportType); err == nil {
		return exportAssortment(a, c, sel, kind)
	}
	if c.ReportType == RealTimeReport {
		return exportRealTime(a, c)
	}
	c.StartRow, c.Limit = 0, 0
	k, err := newCompiler(a, c)
	if err != nil {
		return Export{}, err
	}
	if k.rep.Kind == ReportCompetitivenessSnapshot {
		return Export{}, bad("condition", "The competitiveness metrics snapshot cannot be exported yet: export a report of product or group rows")
	}
	if len(k.levels) > len(k.c.GroupIDs) {
		return k.exportGroups()
	}
	return k.exportProducts(sel)
}

// exportColumns are the file's column ids: the visible ones without repeats, or
// the catalog's defaults.
func exportColumns(visible []string, catalog []Column) []string {
	if len(visible) == 0 {
		for _, col := range catalog {
			if col.Default {
				visible = append(visible, col.ID)
			}
		}
	}
	var out []string
	seen := map[string]bool{}
	for _, id := range visible {
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}

// exportProducts: SELECT cells FROM (SELECT product_id, values __v<i>, sort keys
// __s<j> FROM snapshot WHERE …) [ANY LEFT JOIN labels USING product_id] ORDER BY
// __s<j> …, product_id. Values and sort keys are computed in the inner query, the
// cells from them in the outer one, whose order applies after the join.
func (k *compiler) exportProducts(sel Selection) (Export, error) {
	keys, err := k.orderKeys()
	if err != nil {
		return Export{}, err
	}
	b := k.builder()
	sym := func() string { return b.bind(k.a.Settings.CurrencySymbol) }
	inner := []string{ColProductID}
	var cells []cell
	var header []string
	labels := false
	for i, id := range exportColumns(k.c.VisibleColumns, k.cat.cols) {
		v := "__v" + strconv.Itoa(i)
		col, ok := k.cat.get(id)
		switch {
		case id == "labels" || id == "labelsNames":
			header = append(header, "Labels")
			if len(k.a.Labels) == 0 {
				cells = append(cells, cell{format: cellEmpty})
				continue
			}
			cells = append(cells, cell{"text", "__labels"})
			labels = true
		case id == "currency_symbol":
			header = append(header, "Currency")
			cells = append(cells, cell{format: cellSymbol})
		case id == "constraint":
			header = append(header, "Constraint")
			if k.rep.Kind != ReportConstraints {
				cells = append(cells, cell{format: cellEmpty})
				continue
			}
			inner = append(inner, constraintExpr(k)+" AS "+v)
			cells = append(cells, cell{"text", v})
		case ok && col.Expr != "":
			header = append(header, col.Header)
			inner = append(inner, col.Expr+" AS "+v)
			cells = append(cells, cell{col.Format, v})
		default: // a group row's column (checked by newCompiler): products have no value
			header = append(header, id)
			cells = append(cells, cell{format: cellEmpty})
		}
	}
	out, formats := formatCells(cells, sym)
	order := make([]string, 0, len(keys)+1)
	for j, o := range keys {
		s := "__s" + strconv.Itoa(j)
		inner = append(inner, o.expr+" AS "+s)
		order = append(order, s+" "+o.dir+" NULLS LAST")
	}
	order = append(order, ColProductID+" ASC")
	w, err := k.exportWhere(b, sel)
	if err != nil {
		return Export{}, err
	}
	sql := "SELECT " + strings.Join(out, ", ") + " FROM (SELECT " + strings.Join(inner, ", ") + " FROM " +
		b.snapshotTable(k.a) + " WHERE " + w + ") AS lhs"
	if labels {
		sql += " ANY LEFT JOIN " + k.labelNames(b) + " AS rhs USING " + ColProductID
	}
	st, err := b.statement(sql + " ORDER BY " + strings.Join(order, ", "))
	if err != nil {
		return Export{}, err
	}
	cb := k.builder()
	if w, err = k.exportWhere(cb, sel); err != nil {
		return Export{}, err
	}
	cst, err := cb.statement("SELECT count() FROM " + cb.snapshotTable(k.a) + " WHERE " + w)
	return Export{Statement: st, Header: header, Formats: formats, Count: cst}, err
}

// labelNames is the subquery of each labeled product's label names, as the grid's
// labels cell shows them (labelsNames): the account's labels in id order, joined
// with commas.
func (k *compiler) labelNames(b *builder) string { return labelNames(b, k.a) }

func labelNames(b *builder, a Account) string {
	ids := make([]uint64, len(a.Labels))
	names := make([]string, len(a.Labels))
	for i, l := range a.Labels {
		ids[i], names[i] = l.ID, l.Name
	}
	return "(SELECT " + ColProductID + ", arrayStringConcat(arrayFilter(n_ -> n_ != '', arrayMap(l_ -> " +
		b.lookup("l_", ids, names) + ", arraySort(groupArray(label_id)))), ',') AS __labels FROM " +
		b.labelsSubquery(a) + " GROUP BY " + ColProductID + ")"
}

// exportWhere is the rows' predicate: the condition's (tenancy included), its
// group path, and the selection.
func (k *compiler) exportWhere(b *builder, sel Selection) (string, error) {
	w, err := k.where(b)
	if err != nil {
		return "", err
	}
	if pp := k.pathPredicates(b); len(pp) > 0 {
		w += " AND " + strings.Join(pp, " AND ")
	}
	return w + selectionPredicate(b, sel), nil
}

// selectionPredicate narrows product rows to a selection (" AND …", or "" for
// every row).
func selectionPredicate(b *builder, sel Selection) string {
	switch {
	case sel.All && len(sel.Toggled) > 0:
		return " AND " + ColProductID + " NOT IN " + b.bindSet(sel.Toggled)
	case !sel.All && len(sel.Toggled) > 0:
		return " AND " + ColProductID + " IN " + b.bindSet(sel.Toggled)
	}
	return ""
}

// exportGroups: SELECT cells FROM (the level's group rows) [ANY LEFT JOIN (their
// per-competitor metrics, a column per shown competitor and metric) USING
// group_key] ORDER BY the grid's group order. The cells are the group columns as
// getColumnsDef describes them in group mode; the selection (of products) does not
// apply to group rows.
func (k *compiler) exportGroups() (Export, error) {
	level := k.levels[len(k.c.GroupIDs)]
	metrics := k.groupMetrics()
	inGroups := map[string]bool{}
	for _, m := range metrics {
		inGroups[m.ID] = true
	}
	cat := newCatalog(k.groupColumns())
	b := k.builder()
	sym := func() string { return b.bind(k.a.Settings.CurrencySymbol) }
	var cells []cell
	var header, pivot []string
	shown := map[int64]bool{}
	for _, id := range exportColumns(k.c.VisibleColumns, cat.cols) {
		if l, ok := levelOf(id); ok && l == level {
			id = level.groupField() // the level's column, by its id or its field
		}
		col, ok := cat.get(id)
		var operand string
		switch {
		case !ok: // a product column (checked by newCompiler): group rows have no value
			if pc, ok := k.cat.get(id); ok {
				id = pc.Header
			}
			header = append(header, id)
			cells = append(cells, cell{format: cellEmpty})
			continue
		case id == level.groupField():
			operand = "group_key"
		case inGroups[id]:
			operand = b.ident(id)
		default: // a per-competitor metric: from the pivot of competitorPairRows
			operand = b.ident("__p_" + id)
			metric := id[:strings.LastIndexByte(id, '@')]
			pivot = append(pivot, "anyIf("+b.ident(metric)+", competitor_id = "+IntLit(col.CompetitorID)+") AS "+operand)
			shown[col.CompetitorID] = true
		}
		header = append(header, col.Header)
		cells = append(cells, cell{col.Format, operand})
	}
	out, formats := formatCells(cells, sym)
	groups, _, err := k.groupRows(b, level, metrics)
	if err != nil {
		return Export{}, err
	}
	sql := "SELECT " + strings.Join(out, ", ") + " FROM (" + groups + ") AS lhs"
	if len(pivot) > 0 {
		pk := *k
		pk.comps = nil
		for _, c := range k.comps {
			if shown[c.ID] {
				pk.comps = append(pk.comps, c)
			}
		}
		pairs, err := pk.competitorPairRows(b, level, nil)
		if err != nil {
			return Export{}, err
		}
		sql += " ANY LEFT JOIN (SELECT group_key, " + strings.Join(pivot, ", ") + " FROM (" + pairs + ") GROUP BY group_key) AS rhs USING group_key"
	}
	order, err := k.groupOrder(b, level, metrics)
	if err != nil {
		return Export{}, err
	}
	st, err := b.statement(sql + " ORDER BY " + order)
	if err != nil {
		return Export{}, err
	}
	cb := k.builder()
	counted, _, err := k.groupRows(cb, level, metrics)
	if err != nil {
		return Export{}, err
	}
	cst, err := cb.statement("SELECT count() FROM (" + counted + ")")
	return Export{Statement: st, Header: header, Formats: formats, Count: cst}, err
}
