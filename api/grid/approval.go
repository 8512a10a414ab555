package grid

import (
	"encoding/json"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"pricelens/api/httperr"
	"pricelens/api/route"
	"pricelens/api/session"
	"pricelens/engine"
	pricing "pricelens/pricer"
	"pricelens/report"
	"pricelens/store"
	"pricelens/store/authz"
)

// The manual approval screens (issue 16, docs/pricer.md): the grid of the latest real
// run's approval records, the decisions on it (one by one, a selection, or
// select-all resolved here from the grid's condition), the bizfin comment, and the
// manual approval audit. Reading needs read on the dynamic pricer, like the
// results. The specification names no approval permission: approving a price is a
// business-finance (bizfin) decision, so every approval write needs the code that
// also gates the bizfin comment (docs/product.md §5): "mandated brands" under update. Analysts and
// viewers do not hold it by default.

// ApprovalRoutes are the approval screens' calls (the CSV is api/upload's).
func ApprovalRoutes(s *report.Service) []route.Route {
	h := &approvals{s: s}
	read := route.AnyOf(authz.DynamicPricer, authz.Read)
	write := route.Perm(authz.MandatedBrands, authz.Update)
	return []route.Route{
		{Method: http.MethodPost, Path: "/approval/getConditionsData", Access: read,
			Summary: "One block of the latest real run's approval records (grid condition in data)", Handler: route.JSON(h.rows)},
		{Method: http.MethodPost, Path: "/approval/getCountOfRow", Access: read,
			Summary: "How many approval records match a condition, and how many of them are Pending", Handler: route.JSON(h.count)},
		{Method: http.MethodGet, Path: "/approval/getColumnsDef", Access: read,
			Summary: "The approval grid's column definitions", Handler: route.Query(h.columns)},
		{Method: http.MethodPost, Path: "/approval/decide", Access: write,
			Summary: "Approve or reject Pending records: the products given, or every Pending record the grid condition matches (select_all)",
			Handler: route.JSON(h.decide)},
		{Method: http.MethodPost, Path: "/approval/updateComment", Access: write,
			Summary: "Set the bizfin comment of one Pending record", Handler: route.JSON(h.comment)},
		{Method: http.MethodPost, Path: "/approval/getAuditData", Access: read,
			Summary: "One block of the manual approval audit: every decision, newest first", Handler: route.JSON(h.audit)},
	}
}

type approvals struct{ s *report.Service }

// ApprovalRequest is getConditionsData's {"data": condition}.
type ApprovalRequest struct {
	Data json.RawMessage `json:"data" required:"true"`
	cond engine.Condition
}

// Validate parses the condition.
func (r *ApprovalRequest) Validate() (err error) {
	r.cond, err = parseApprovalCondition("data", r.Data)
	return err
}

// ApprovalCountRequest is getCountOfRow's {"conditionData"}.
type ApprovalCountRequest struct {
	ConditionData json.RawMessage `json:"conditionData" required:"true"`
	cond          engine.Condition
}

// Validate parses the condition.
func (r *ApprovalCountRequest) Validate() (err error) {
	r.cond, err = parseApprovalCondition("conditionData", r.ConditionData)
	return err
}

func parseApprovalCondition(field string, raw json.RawMessage) (engine.Condition, error) {
	if len(strings.TrimSpace(string(raw))) == 0 {
		return engine.Condition{}, nil
	}
	t, err := conditionObject(raw)
	if err != nil {
		return engine.Condition{}, err
	}
	return engine.ParseCondition(t)
}

// ApprovalBlock is one block of approval records: id, name, brand, labels,
// price (current), recommended_price, change_pct, reason, status (Pending,
// approved, rejected), bizfin_comment, decided_by, decided_at; and the run they
// belong to (null: no complete real run yet, no rows).
type ApprovalBlock struct {
	Rows    []map[string]any `json:"rows" openapi:"always"`
	LastRow int              `json:"lastRow" openapi:"always"`
	RunID   *int64           `json:"run_id" openapi:"always"`
}

// ApprovalCount is getCountOfRow's answer.
type ApprovalCount struct {
	Count   uint64 `json:"count" openapi:"always"`
	Pending uint64 `json:"pending" openapi:"always"`
}

// DecideRequest approves or rejects: product_ids (the grid's selection) or
// select_all with data, the grid's condition (filters, search), resolved on the
// server, less excluded_ids (rows unticked after ticking all: ag-grid's
// toggledNodes). run_id is the run the screen shows; a newer run's records are not
// decided from an older screen.
type DecideRequest struct {
	RunID      int64           `json:"run_id" required:"true"`
	Decision   string          `json:"decision" required:"true" enum:"approved,rejected"`
	ProductIDs []string        `json:"product_ids"`
	SelectAll  bool            `json:"select_all"`
	Data       json.RawMessage `json:"data"`
	Excluded   []string        `json:"excluded_ids"`
	cond       engine.Condition
}

// MaxDecideIDs bounds an explicit selection (select-all has no bound).
const MaxDecideIDs = 10000

// Validate checks the decision and that exactly one of the two selections is given.
func (r *DecideRequest) Validate() (err error) {
	if !store.ValidDecision(r.Decision) {
		return httperr.BadRequest("decision", "decision must be approved or rejected")
	}
	switch {
	case r.SelectAll && len(r.ProductIDs) > 0:
		return httperr.BadRequest("product_ids", "Send either product_ids or select_all, not both")
	case !r.SelectAll && len(r.ProductIDs) == 0:
		return httperr.BadRequest("product_ids", "Please select at least one Pending record")
	case len(r.ProductIDs) > MaxDecideIDs || len(r.Excluded) > MaxDecideIDs:
		return httperr.BadRequest("product_ids", "At most %d records can be selected one by one; use select all", MaxDecideIDs)
	}
	r.cond, err = parseApprovalCondition("data", r.Data)
	return err
}

// DecideAnswer says how many records changed; the others of the selection were no
// longer Pending.
type DecideAnswer struct {
	Changed  int    `json:"changed" openapi:"always"`
	Selected int    `json:"selected" openapi:"always"`
	Message  string `json:"message" openapi:"always"`
}

// CommentRequest sets one Pending record's bizfin comment (at most 200 characters).
type CommentRequest struct {
	RunID         int64  `json:"run_id" required:"true"`
	ProductID     string `json:"product_id" required:"true"`
	BizfinComment string `json:"bizfin_comment"`
}

// AuditRequest is one block of the audit grid (sort: at most one column).
type AuditRequest struct {
	StartRow int                    `json:"startRow"`
	Limit    int                    `json:"limit"`
	Sort     []engine.SortItem      `json:"sort"`
	Filters  map[string]AuditFilter `json:"filters,omitempty"`
	filter   store.DecisionFilter
}

// Validate bounds the paging and checks the sort column and the filters.
func (r *AuditRequest) Validate() error {
	if r.StartRow < 0 {
		return httperr.BadRequest("startRow", "startRow must not be negative")
	}
	if r.Limit <= 0 {
		r.Limit = engine.DefaultLimit
	}
	if r.Limit > engine.MaxLimit {
		return httperr.BadRequest("limit", "limit must be at most %d", engine.MaxLimit)
	}
	if len(r.Sort) > 1 {
		return httperr.BadRequest("sort", "The audit sorts by one column")
	}
	if len(r.Sort) == 1 && !store.DecisionSortable(r.Sort[0].ColID) {
		return httperr.BadRequest("sort[0].colId", "%q is not a sortable column of the audit", r.Sort[0].ColID)
	}
	var err error
	r.filter, err = decisionFilter(r.Filters)
	return err
}

// AuditBlock is one block of decisions.
type AuditBlock struct {
	Rows    []store.DecisionRow `json:"rows" openapi:"always"`
	LastRow int                 `json:"lastRow" openapi:"always"`
}

// caller is the pricer's view of the caller's report service (pricing.Reports).
func (h *approvals) caller(c echo.Context) (session.Principal, pricing.Reports, error) {
	p, err := session.Account(c)
	return p, h.s.PricerReports(p), err
}

func (h *approvals) rows(c echo.Context, in ApprovalRequest) (ApprovalBlock, error) {
	p, r, err := h.caller(c)
	if err != nil {
		return ApprovalBlock{}, err
	}
	b, err := h.s.Pricer().Approvals(c.Request().Context(), r, p.AccountID, in.cond)
	return ApprovalBlock{Rows: b.Rows, LastRow: b.LastRow, RunID: b.RunID}, err
}

func (h *approvals) count(c echo.Context, in ApprovalCountRequest) (ApprovalCount, error) {
	p, r, err := h.caller(c)
	if err != nil {
		return ApprovalCount{}, err
	}
	var out ApprovalCount
	out.Count, out.Pending, err = h.s.Pricer().ApprovalCount(c.Request().Context(), r, p.AccountID, in.cond)
	return out, err
}

func (h *approvals) columns(c echo.Context, _ struct{}) (Columns, error) {
	p, err := session.Account(c)
	if err != nil {
		return Columns{}, err
	}
	a, err := h.s.AccountPlain(c.Request().Context(), p)
	if err != nil {
		return Columns{}, err
	}
	cols := toColumns(a, engine.ApprovalColumns())
	// Each competitor's offer, from the report snapshot for the rows shown: no
	// filter type (the records filter on the run's results). Shown at first: each
	// competitor's price; the rest from the column chooser.
	for _, col := range toColumns(a, engine.ApprovalCompetitorColumns(a)).Columns {
		col.FilterType = ""
		col.DefaultColumn = strings.HasPrefix(col.ColID, "Price@")
		cols.Columns = append(cols.Columns, col)
	}
	// From PostgreSQL for the rows shown: no filter type, not sortable.
	cols.Columns = append(cols.Columns,
		ColumnDef{HeaderName: "Bizfin comment", Field: "bizfin_comment", ColID: "bizfin_comment", FormatType: "text", DefaultColumn: true},
		ColumnDef{HeaderName: "Decided by", Field: "decided_by", ColID: "decided_by", FormatType: "text", DefaultColumn: true},
		ColumnDef{HeaderName: "Decided at", Field: "decided_at", ColID: "decided_at", FormatType: "date"})
	return cols, nil
}

func (h *approvals) decide(c echo.Context, in DecideRequest) (DecideAnswer, error) {
	p, r, err := h.caller(c)
	if err != nil {
		return DecideAnswer{}, err
	}
	sel := pricing.Selection{ProductIDs: in.ProductIDs, All: in.SelectAll, Cond: in.cond, Excluded: in.Excluded}
	d, err := h.s.Pricer().Decide(c.Request().Context(), r, actorOf(p), in.RunID, in.Decision, sel)
	return DecideAnswer{Changed: d.Changed, Selected: d.Selected, Message: d.Message}, err
}

func actorOf(p session.Principal) store.Actor {
	return store.Actor{UserID: p.UserID, AccountID: p.AccountID}
}

func (h *approvals) comment(c echo.Context, in CommentRequest) (route.OK, error) {
	p, err := session.Account(c)
	if err != nil {
		return route.OK{}, err
	}
	return route.OK{OK: true}, h.s.Pricer().Comment(c.Request().Context(), actorOf(p), in.RunID, in.ProductID, in.BizfinComment)
}

func (h *approvals) audit(c echo.Context, in AuditRequest) (AuditBlock, error) {
	p, err := session.Account(c)
	if err != nil {
		return AuditBlock{}, err
	}
	col, desc := "", false
	if len(in.Sort) == 1 {
		col, desc = in.Sort[0].ColID, in.Sort[0].Sort == engine.SortDesc
	}
	rows, total, err := h.s.Pricer().Decisions(c.Request().Context(), p.AccountID, in.filter, in.StartRow, in.Limit, col, desc)
	if err != nil {
		return AuditBlock{}, err
	}
	return AuditBlock{Rows: rows, LastRow: total}, nil
}
