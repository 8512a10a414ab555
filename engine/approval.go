package engine

import (
	"encoding/json"
	"slices"
	"strings"
)

// The manual approval grid (issue 16): a real run's approval records, i.e. the
// run's results whose price changes (status other than no_change), with the grid's
// filters, labels, category tree, search and sort through the same predicate
// builder as the results grid. The decisions themselves live in PostgreSQL (they
// need transactions); the compiler gets the run's manually decided products as
// external sets (ApprovalDecided), so the approval status filters and sorts in
// ClickHouse with no mirror to keep in step and no decision ever lagging.

// The approval statuses (docs/pricer.md; the spec spells Pending with a capital).
const (
	ApprovalPending  = "Pending"
	ApprovalApproved = "approved"
	ApprovalRejected = "rejected"
)

// ApprovalStatuses are the status column's values (its radio filter).
var ApprovalStatuses = []string{ApprovalPending, ApprovalApproved, ApprovalRejected}

// The reasons a record needs (or needed) a decision.
const (
	ReasonAutoApproved   = "auto_approved"
	ReasonAboveThreshold = "above_threshold"
	ReasonMandated       = "mandated"
)

// ApprovalReasons are the reason column's values (its radio filter).
var ApprovalReasons = []string{ReasonAutoApproved, ReasonAboveThreshold, ReasonMandated}

// ApprovalDecided are a run's records that a person approved or rejected, by
// product id. Records approved automatically are not listed: their result status
// (auto_approved) says so.
type ApprovalDecided struct {
	Approved, Rejected []string
}

const (
	approvedSetName = "_approval_approved"
	rejectedSetName = "_approval_rejected"
)

// sets are the decided products as external sets (only the non-empty ones, which
// are the only ones the SQL names).
func (d ApprovalDecided) sets() []Set {
	var out []Set
	for _, s := range []struct {
		name string
		ids  []string
	}{{approvedSetName, d.Approved}, {rejectedSetName, d.Rejected}} {
		if len(s.ids) == 0 {
			continue
		}
		vals := make([]any, len(s.ids))
		for i, p := range s.ids {
			vals[i] = p
		}
		out = append(out, Set{Name: s.name, Type: "String", Values: vals})
	}
	return out
}

// statusExpr is a record's approval status: decided by a person, else approved
// when the run approved it automatically, else Pending.
func (d ApprovalDecided) statusExpr() string {
	return "multiIf(" + d.decidedIn(rejectedSetName, d.Rejected) + ", '" + ApprovalRejected + "', " +
		d.decidedIn(approvedSetName, d.Approved) + " OR status = '" + StatusAutoApproved + "', '" + ApprovalApproved + "', '" + ApprovalPending + "')"
}

// decidedIn is the SQL truth "the product is in the decided set name" (0 when
// the set is empty: sets() sends only the non-empty ones).
func (ApprovalDecided) decidedIn(name string, ids []string) string {
	if len(ids) == 0 {
		return "0"
	}
	return ColProductID + " IN (SELECT v FROM " + name + ")"
}

// approvalCatalog is the approval grid's closed catalog for one run's decisions.
// The bizfin comment and who decided come from PostgreSQL for the rows shown.
func approvalCatalog(d ApprovalDecided) catalog {
	return newCatalog([]Column{
		{ID: "id", Header: "Product ID", Kind: KindText, Expr: "product_id", Format: "text", Default: true},
		{ID: "name", Header: "Name", Kind: KindText, Expr: "name", Format: "text", Default: true},
		{ID: "canonical_mfgr_display", Header: "Brand", Kind: KindText, Expr: "brand", Format: "text", Default: true},
		{ID: "category_display", Header: "Category", Kind: KindText, Expr: "concat(super_category, ' > ', category, ' > ', vertical)", Format: "text"},
		{ID: "super_category", Header: "Super category", Kind: KindText, Expr: "super_category", Format: "text"},
		{ID: "category", Header: "Category (level 2)", Kind: KindText, Expr: "category", Format: "text"},
		{ID: "vertical", Header: "Vertical", Kind: KindText, Expr: "vertical", Format: "text"},
		{ID: "labels", Header: "Labels", Kind: KindLabels, Format: "text", Default: true},
		{ID: "price", Header: "Current price", Kind: KindNumber, Expr: "price", Format: "currency", Default: true},
		{ID: "recommended_price", Header: "Recommended price", Kind: KindNumber, Expr: "recommended_price", Format: "currency", Default: true},
		{ID: "change_pct", Header: "Change %", Kind: KindNumber, Expr: "change_pct", Format: "percent", Default: true},
		{ID: "reason", Header: "Reason", Kind: KindText, Format: "text", Default: true, Radio: ApprovalReasons,
			Expr: "multiIf(status = '" + StatusMandated + "', '" + ReasonMandated + "', status = '" + StatusAutoApproved + "', '" +
				ReasonAutoApproved + "', '" + ReasonAboveThreshold + "')"},
		{ID: "status", Header: "Status", Kind: KindText, Expr: d.statusExpr(), Format: "text", Default: true, Radio: ApprovalStatuses},
	})
}

// ApprovalColumns are the approval grid's filterable columns (getColumnsDef adds
// the bizfin comment and the decision's who and when, which are not filterable).
func ApprovalColumns() []Column { return approvalCatalog(ApprovalDecided{}).cols }

func approvalBuilder(a Account, d ApprovalDecided) *builder {
	b := newBuilder(a)
	b.extern = append(b.extern, d.sets()...)
	return b
}

// CompileApprovalRows compiles one block of the approval grid over result set
// resultID (ids by the sort, then their columns, as the results grid does: one
// compiler, runGrid). In group mode (c.Group), it is one block of group rows of
// the next level.
func CompileApprovalRows(a Account, c Condition, resultID uint64, d ApprovalDecided) (Plan, error) {
	return approvalGrid(d).rows(a, c, resultID, d)
}

// CompileApprovalCount counts the records of the condition and, of them, the
// Pending ones: one row (count, pending).
func CompileApprovalCount(a Account, c Condition, resultID uint64, d ApprovalDecided) (Statement, error) {
	return approvalGrid(d).count(a, c, resultID, d)
}

// CompileApprovalSelection lists the product ids of the condition's Pending
// records: "select all" of the approval grid, resolved on the server. The caller
// decides them in PostgreSQL, where only records still Pending change.
func CompileApprovalSelection(a Account, c Condition, resultID uint64, d ApprovalDecided) (Statement, error) {
	b, w, err := approvalGrid(d).predicate(a, c, resultID, d)
	if err != nil {
		return Statement{}, err
	}
	return b.statement("SELECT " + ColProductID + " FROM " + b.table(TablePricerResults) + " WHERE " + w +
		" AND " + d.statusExpr() + " = '" + ApprovalPending + "'")
}

// approvalGroupable are the approval grid's columns its group and graph modes can
// group by.
var approvalGroupable = map[string]bool{"super_category": true, "category": true, "vertical": true,
	"canonical_mfgr_display": true, "status": true, "reason": true}

// ApprovalGroupMetrics are an approval group row's metrics: its records, by
// status, and their changes.
var ApprovalGroupMetrics = []string{"records", "pending", "approved", "rejected", "avg_change_pct", "min_change_pct", "max_change_pct"}

// approvalCompetitorFields are the competitor fields an approval record shows
// (docs/product.md §3: "per-competitor fields with suffix @{competitorId} (prod_id@, URL@,
// when seen@ and similar)"): the product catalogue's own columns of those names,
// read from the report snapshot.
var approvalCompetitorFields = []string{"Price", "price_delta", "prod_id", "URL", "seen_at"}

// ApprovalCompetitorColumns are the approval grid's per-competitor columns (not
// filterable or sortable there: the records are the run's results, the offers the
// snapshot's).
func ApprovalCompetitorColumns(a Account) []Column {
	a = a.normalize()
	var out []Column
	for _, col := range productColumns(a, a.Competitors) {
		if col.CompetitorID == 0 {
			continue
		}
		if base, _, _ := strings.Cut(col.ID, "@"); slices.Contains(approvalCompetitorFields, base) {
			out = append(out, col)
		}
	}
	return out
}

// ApprovalCompetitorCondition is the product report's condition that reads those
// columns for one page of records (their ids): the grid's own row plan, so each
// cell means what it means on every report.
func ApprovalCompetitorCondition(a Account, ids []string) (Condition, error) {
	var visible []string
	for _, col := range ApprovalCompetitorColumns(a) {
		visible = append(visible, col.ID)
	}
	raw, err := json.Marshal(map[string]any{
		"filters":         map[string]any{"id": map[string]any{"filterType": "set", "values": ids}},
		"visible_columns": visible,
		"startRow":        0,
		"limit":           max(len(ids), 1),
	})
	if err != nil {
		return Condition{}, err
	}
	return ParseCondition(raw)
}
