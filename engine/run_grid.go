package engine

import (
	"strings"
)

// runGrid is a grid over one result set of a pricer run: the results grid
// (repricing/…) and the manual approval grid (approval/…) are two of it. Rows,
// group rows and counts compile here for both, so a fix reaches both (the two
// were near-copies and had drifted: only one paged cluster-safely). A grid is
// what differs: its catalog, which results it lists, its group columns and
// metrics, and what its count's second column counts.
type runGrid struct {
	cat catalog
	// records lists the results whose price changes only (the approval records).
	records bool
	// trace adds TraceColumns to a row (the results' explanation is rendered from them).
	trace bool
	// groupable are the columns its group mode groups by (nil: no group mode).
	groupable map[string]bool
	// metrics are a group row's metrics in order, exprs their aggregates.
	metrics []string
	exprs   map[string]string
	// waiting is the count's second column.
	waiting string
}

// resultsGrid is the results grid of a run with decided records d (none for a
// simulation). pending: the count's second column counts the records nobody has
// decided yet (getCountOfRow's calculatePendingRow), else it is 0.
func resultsGrid(d ApprovalDecided, pending bool) runGrid {
	changed := "status != '" + StatusNoChange + "'"
	opt := func(agg string) string { return "if(countIf(" + changed + ") = 0, NULL, " + agg + ")" }
	waiting := "toUInt64(0)"
	if pending {
		waiting = d.waitingCount()
	}
	return runGrid{cat: resultCatalog(d), trace: true, groupable: resultGroupable, metrics: ResultGroupMetrics, waiting: waiting,
		exprs: map[string]string{
			"products":       "count()",
			"changed":        "countIf(" + changed + ")",
			"pending":        d.waitingCount(),
			"auto_approved":  "countIf(status = '" + StatusAutoApproved + "')",
			"avg_change_pct": opt("avgIf(change_pct, " + changed + ")"),
			"min_change_pct": opt("minIf(change_pct, " + changed + ")"),
			"max_change_pct": opt("maxIf(change_pct, " + changed + ")"),
		}}
}

// approvalGrid is the approval grid of a real run with decided records d.
func approvalGrid(d ApprovalDecided) runGrid {
	status := d.statusExpr()
	return runGrid{cat: approvalCatalog(d), records: true, groupable: approvalGroupable, metrics: ApprovalGroupMetrics,
		waiting: "countIf(" + status + " = '" + ApprovalPending + "')",
		exprs: map[string]string{
			"records":        "count()",
			"pending":        "countIf(" + status + " = '" + ApprovalPending + "')",
			"approved":       "countIf(" + status + " = '" + ApprovalApproved + "')",
			"rejected":       "countIf(" + status + " = '" + ApprovalRejected + "')",
			"avg_change_pct": "avg(change_pct)",
			"min_change_pct": "min(change_pct)",
			"max_change_pct": "max(change_pct)",
		}}
}

// check checks c against the grid (checkRunCondition) and gives the account and
// catalog to compile with.
func (g runGrid) check(a Account, c *Condition) (Account, catalog, error) {
	return checkRunCondition(a, c, g.cat, g.groupable, g.metrics)
}

// where is the predicate of the grid's results (resultWhere; the approval
// records are the changed ones).
func (g runGrid) where(b *builder, a Account, cat catalog, c Condition, resultID uint64) (string, error) {
	w, err := resultWhere(b, a, cat, c, resultID)
	if err != nil || !g.records {
		return w, err
	}
	return w + " AND status != " + b.bind(StatusNoChange), nil
}

// rows compiles one block of the grid: the block's products (the two phases of
// resultPage), or in group mode, above the last open level, one block of group rows.
func (g runGrid) rows(a Account, c Condition, resultID uint64, d ApprovalDecided) (Plan, error) {
	a, cat, err := g.check(a, &c)
	if err != nil {
		return Plan{}, err
	}
	if len(c.Group) > len(c.GroupIDs) {
		return g.groups(a, cat, c, resultID, d)
	}
	b := approvalBuilder(a, d)
	var sel, names []string
	for _, col := range cat.cols {
		if col.Expr != "" {
			sel = append(sel, col.Expr+" AS "+b.ident(ResultKeyPrefix+col.ID))
			names = append(names, col.ID)
		}
	}
	if g.trace {
		for _, t := range TraceColumns {
			sel = append(sel, t+" AS "+b.ident("_"+t))
		}
	}
	var order []string
	for _, s := range c.Sort {
		col, _ := cat.get(s.ColID)
		order = append(order, col.Expr+" "+s.Sort.sql()+" NULLS LAST")
	}
	order = append(order, ColProductID+" ASC")
	st, err := resultPage(b, a, sel, order, c, resultID, func() (string, error) { return g.where(b, a, cat, c, resultID) })
	return Plan{Statement: st, Shape: ShapeRows, StartRow: c.StartRow, Limit: c.Limit, Columns: names}, err
}

// groups is one block of group rows of the next level: the key under the group
// column's id (and group_key) and the grid's metrics, sorted by a metric or the
// key (the grid's sort where it names one of them; a product column's sort is the
// open groups' products', so the key). Read-only: decisions are taken on product rows.
func (g runGrid) groups(a Account, cat catalog, c Condition, resultID uint64, d ApprovalDecided) (Plan, error) {
	b := approvalBuilder(a, d)
	gc := c.Group[len(c.GroupIDs)].ID
	sel := []string{resultGroupKey(cat, gc) + " AS group_key"}
	for _, m := range g.metrics {
		sel = append(sel, g.exprs[m]+" AS "+b.ident(m))
	}
	var order []string
	for _, s := range c.Sort {
		switch {
		case g.exprs[s.ColID] != "":
			order = append(order, b.ident(s.ColID)+" "+s.Sort.sql()+" NULLS LAST")
		case s.ColID == gc:
			order = append(order, "group_key "+s.Sort.sql())
		}
	}
	order = append(order, "group_key ASC")
	w, err := g.where(b, a, cat, c, resultID)
	if err != nil {
		return Plan{}, err
	}
	st, err := b.statement("SELECT " + strings.Join(sel, ", ") + " FROM " + b.table(TablePricerResults) + " WHERE " + w +
		" GROUP BY group_key ORDER BY " + strings.Join(order, ", ") + limitOffset(c.Limit+1, c.StartRow))
	return Plan{Statement: st, Shape: ShapeGroups, StartRow: c.StartRow, Limit: c.Limit, Columns: append([]string{gc}, g.metrics...), GroupField: gc}, err
}

// predicate checks c and compiles the grid's predicate: the builder that holds
// its arguments, and the WHERE text.
func (g runGrid) predicate(a Account, c Condition, resultID uint64, d ApprovalDecided) (*builder, string, error) {
	a, cat, err := g.check(a, &c)
	if err != nil {
		return nil, "", err
	}
	b := approvalBuilder(a, d)
	w, err := g.where(b, a, cat, c, resultID)
	return b, w, err
}

// count counts the grid's rows of the condition and its second column (waiting):
// one row (count, waiting).
func (g runGrid) count(a Account, c Condition, resultID uint64, d ApprovalDecided) (Statement, error) {
	b, w, err := g.predicate(a, c, resultID, d)
	if err != nil {
		return Statement{}, err
	}
	return b.statement("SELECT count(), " + g.waiting + " FROM " + b.table(TablePricerResults) + " WHERE " + w)
}
