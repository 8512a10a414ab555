package engine

import (
	"fmt"
	"slices"
	"strings"
)

// The repricing results grid (repricing/getConditionsData): the grid condition over
// one result set of pricer_results, with the grid's filters, category tree, labels,
// search, sort and paging through the same predicate builder, over a catalog of
// the results' columns. Rows also carry the trace columns (TraceColumns) that the
// explanation is rendered from.

// ResultStatuses are the status column's values (its radio filter).
var ResultStatuses = []string{StatusNoChange, StatusAutoApproved, StatusPending, StatusMandated}

// resultStatusValues are the results grid's status values: a real run's result
// follows its approval record once a person decided it (approved, rejected), so
// the Results grid and Manual Approval never disagree about what is pending.
var resultStatusValues = append(append([]string{}, ResultStatuses...), ApprovalApproved, ApprovalRejected)

// resultStatusExpr is a result's status as the results grid shows it: the
// decision of a person where one was made (d: a real run's decided records; none
// for a simulation), else the run's status.
func (d ApprovalDecided) resultStatusExpr() string {
	if len(d.Approved) == 0 && len(d.Rejected) == 0 {
		return "toString(status)"
	}
	return "multiIf(" + d.decidedIn(rejectedSetName, d.Rejected) + ", '" + ApprovalRejected + "', " + d.decidedIn(approvedSetName, d.Approved) +
		", '" + ApprovalApproved + "', CAST(status AS String))"
}

// waitingCount counts the products a real run sends to a person and nobody has
// decided yet: above the auto-approve threshold (pending) or of a mandated brand
// or FSN (mandated). The status is compared as String: on 18.16, IN over a
// LowCardinality column gives a LowCardinality(UInt8) (toString keeps the
// LowCardinality; CAST does not), whose countIf state a Distributed query cannot
// merge from the shards (error 70 on a cluster).
func (d ApprovalDecided) waitingCount() string {
	waiting := "CAST(status AS String) IN ('" + StatusPending + "', '" + StatusMandated + "')"
	if len(d.Approved) > 0 || len(d.Rejected) > 0 {
		waiting += " AND NOT (" + d.decidedIn(approvedSetName, d.Approved) + " OR " + d.decidedIn(rejectedSetName, d.Rejected) + ")"
	}
	return "countIf(" + waiting + ")"
}

// resultCatalog is the results grid's closed catalog.
func resultCatalog(d ApprovalDecided) catalog {
	opt := func(c string) string { return "if(isNaN(" + c + "), NULL, " + c + ")" }
	return newCatalog([]Column{
		{ID: "id", Header: "Product ID", Kind: KindText, Expr: "product_id", Format: "text", Default: true},
		{ID: "name", Header: "Name", Kind: KindText, Expr: "name", Format: "text", Default: true},
		{ID: "canonical_mfgr_display", Header: "Brand", Kind: KindText, Expr: "brand", Format: "text", Default: true},
		{ID: "mfgr_prod_id", Header: "Manufacturer ID", Kind: KindText, Expr: "mfgr_prod_id", Format: "text"},
		{ID: "category_display", Header: "Category", Kind: KindText, Expr: "concat(super_category, ' > ', category, ' > ', vertical)", Format: "text", Default: true},
		{ID: "super_category", Header: "Super category", Kind: KindText, Expr: "super_category", Format: "text"},
		{ID: "category", Header: "Category (level 2)", Kind: KindText, Expr: "category", Format: "text"},
		{ID: "vertical", Header: "Vertical", Kind: KindText, Expr: "vertical", Format: "text"},
		{ID: "labels", Header: "Labels", Kind: KindLabels, Format: "text"},
		{ID: "price", Header: "Current price", Kind: KindNumber, Expr: "price", Format: "currency", Default: true},
		{ID: "cost", Header: "Cost", Kind: KindNumber, Expr: "cost", Format: "currency"},
		{ID: "mrp", Header: "MRP", Kind: KindNumber, Expr: opt("if(mrp > 0, mrp, nan)"), Format: "currency"},
		{ID: "floor", Header: "Floor", Kind: KindNumber, Expr: opt("floor"), Format: "currency", Default: true},
		{ID: "ceiling", Header: "Ceiling", Kind: KindNumber, Expr: opt("ceiling"), Format: "currency", Default: true},
		{ID: "target", Header: "Target", Kind: KindNumber, Expr: opt("target"), Format: "currency", Default: true},
		{ID: "recommended_price", Header: "Recommended price", Kind: KindNumber, Expr: "recommended_price", Format: "currency", Default: true},
		{ID: "change_pct", Header: "Change %", Kind: KindNumber, Expr: "change_pct", Format: "percent", Default: true},
		{ID: "status", Header: "Status", Kind: KindText, Expr: d.resultStatusExpr(), Format: "text", Default: true, Radio: resultStatusValues},
		{ID: "rule_id", Header: "Rule", Kind: KindNumber, Expr: "if(t_rule = 0, NULL, t_rule)", Format: "number", Default: true},
	})
}

// ResultColumns are the results grid's columns (getColumnsDef).
func ResultColumns() []Column { return resultCatalog(ApprovalDecided{}).cols }

// ResultKeyPrefix prefixes the SQL aliases of a results block's columns (an alias
// equal to a column it reads, floor AS floor, is a cyclic alias in ClickHouse);
// the service strips it.
const ResultKeyPrefix = "r_"

// TraceColumns are the step columns every result row carries (the explanation's
// input), under the keys "_" + name.
var TraceColumns = []string{"t_rule", "t_src", "target", "f_rule", "f_src", "floor", "c_rule", "c_src", "ceiling",
	"s_clamped", "s_max", "s_round", "s_margin", "recommended_price", "change_pct", "status", "price", "cost"}

// resultWhere is the predicate of a results query: tenancy and category access,
// the result set, the filters, the search and the open groups' path.
func resultWhere(b *builder, a Account, cat catalog, c Condition, resultID uint64) (string, error) {
	preds := []string{factTenancy(a, b), "result_id = " + b.bind(resultID)}
	for i, key := range c.GroupIDs {
		preds = append(preds, resultGroupKey(cat, c.Group[i].ID)+" = "+b.bind(key))
	}
	f, err := b.filters(a, cat, c.Filters)
	if err != nil {
		return "", err
	}
	if f != "" {
		preds = append(preds, f)
	}
	if s := searchPredicate(b, c.Search); s != "" {
		preds = append(preds, s)
	}
	return strings.Join(preds, " AND "), nil
}

// checkResultCondition checks a condition against the results grid (its export too).
func checkResultCondition(a Account, c *Condition, d ApprovalDecided) (Account, catalog, error) {
	return resultsGrid(d, false).check(a, c)
}

// checkRunCondition checks a condition over a run's result set against the grid's
// catalog (the results' or the approval records'): sortable columns (and a group
// row's metrics), and groups only by the columns in groupable (none: a grid of
// products only).
func checkRunCondition(a Account, c *Condition, cat catalog, groupable map[string]bool, metrics []string) (Account, catalog, error) {
	a = a.normalize()
	if a.AccountID == 0 {
		return a, catalog{}, bad("account", "no account is selected")
	}
	if err := c.Validate(); err != nil {
		return a, catalog{}, err
	}
	for i, g := range c.Group {
		if groupable == nil {
			return a, catalog{}, bad("group", "This grid shows products only; it has no group mode")
		}
		if col, ok := cat.get(g.ID); !groupable[g.ID] || !ok || col.Expr == "" {
			return a, cat, bad(fmt.Sprintf("group[%d]", i), "%q is not a column this grid can be grouped by", clip(g.ID))
		}
	}
	groupRows := len(c.Group) > len(c.GroupIDs)
	for i, s := range c.Sort {
		if groupRows && slices.Contains(metrics, s.ColID) {
			continue // a group row's metric
		}
		if col, ok := cat.get(s.ColID); !ok || col.Expr == "" {
			return a, cat, bad(fmt.Sprintf("sort[%d].colId", i), "%q is not a sortable column of the results", clip(s.ColID))
		}
	}
	return a, cat, nil
}

// CompileResultRows compiles one block of the results grid over result set
// resultID: the two phases of the grid (the block's ids by the sort, then its
// columns for those ids alone); in group mode, above the last open level, a block
// of group rows. d: a real run's decided records (the status column follows
// them), none for a simulation. One compiler with the approval grid (runGrid).
func CompileResultRows(a Account, c Condition, resultID uint64, d ApprovalDecided) (Plan, error) {
	return resultsGrid(d, false).rows(a, c, resultID, d)
}

// resultPage is the page query of a grid over a run's results, the results grid's
// and the approval grid's: the ids of the block's products in the grid's order
// (where), then their rows. One place, so both page alike: on a cluster the ids
// are a GLOBAL IN (the approval grid's plain IN read each shard's part of them).
func resultPage(b *builder, a Account, sel, order []string, c Condition, resultID uint64, where func() (string, error)) (Statement, error) {
	outerAccount, outerResult := b.bind(a.AccountID), b.bind(resultID)
	w, err := where()
	if err != nil {
		return Statement{}, err
	}
	t := b.table(TablePricerResults)
	ob := strings.Join(order, ", ")
	return b.statement("SELECT " + strings.Join(sel, ", ") + " FROM " + t + " WHERE " + ColAccountID + " = " + outerAccount +
		" AND result_id = " + outerResult + " AND " + ColProductID + globalIn(a, false) + "(SELECT " + ColProductID + " FROM " + t + " WHERE " + w +
		" ORDER BY " + ob + limitOffset(c.Limit+1, c.StartRow) + ") ORDER BY " + ob)
}

// CompileResultCount counts the rows of the condition in result set resultID, and
// with pending also those waiting for approval (getCountOfRow's
// calculatePendingRow, those nobody has decided yet): one row (count, pending).
func CompileResultCount(a Account, c Condition, resultID uint64, pending bool, d ApprovalDecided) (Statement, error) {
	return resultsGrid(d, pending).count(a, c, resultID, d)
}

// resultGroupable are the results' columns the grid can group by (the results
// grid's group mode: category levels, brand, rule, status).
var resultGroupable = map[string]bool{"super_category": true, "category": true, "vertical": true,
	"canonical_mfgr_display": true, "rule_id": true, "status": true}

// ResultGroupable lists them (getColumnsDef's enableRowGroup).
func ResultGroupable(id string) bool { return resultGroupable[id] }

// ResultGroupMetrics are the columns of a group row besides its key, in order:
// products, changed (status other than no change), pending, auto-approved, and
// the changed products' average, lowest and highest change %.
var ResultGroupMetrics = []string{"products", "changed", "pending", "auto_approved", "avg_change_pct", "min_change_pct", "max_change_pct"}

// resultGroupKey is a group column's key as text (empty for none, e.g. no rule).
func resultGroupKey(cat catalog, id string) string {
	col, _ := cat.get(id)
	return "ifNull(toString(" + col.Expr + "), '')"
}
