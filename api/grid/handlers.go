package grid

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"pricelens/api/httperr"
	"pricelens/api/route"
	"pricelens/api/session"
	"pricelens/engine"
	"pricelens/store"
	"pricelens/store/authz"
)

// Routes are the tabular screen's calls; each needs "view report" in the selected
// account. Handlers read the caller with session.Account.
func Routes(s *Service) []route.Route {
	h := &handlers{s: s}
	R := func(m, p string, fn echo.HandlerFunc) route.Route {
		return route.Route{Method: m, Path: p, Access: route.Perm(authz.ViewReport, authz.Read), Handler: route.Raw[struct{}, struct{}](fn, "")}
	}
	G, P := http.MethodGet, http.MethodPost
	return []route.Route{
		R(P, "/tabular/getColumnsDef", h.columnsDef),
		R(P, "/tabular/getConditionsData", h.conditionsData),
		R(P, "/tabular/getCountOfRow", h.countOfRow),
		R(P, "/tabular/getGraphDataForSaveReport", h.graphData),
		R(P, "/tabular/searchInReport", h.searchInReport),
		R(P, "/tabular/getTooltipData", h.tooltipData),
		R(P, "/tabular/getProductDetailsById", h.productDetails),
		R(P, "/tooltip/getCompetitorData", h.competitorTooltip),
		R(P, "/competitor/getData", h.competitorData),
		R(G, "/competitor/getColumnsDef", h.competitorColumns),
		R(P, "/filters/getBrandsList", h.brands),
		R(G, "/filters/getCategoryDropDownList", h.categories),
	}
}

// MapError maps the engine's typed errors to a 400 naming the bad part (api's
// errorMappers registers it).
func MapError(err error) *httperr.Error {
	var e *engine.Error
	if errors.As(err, &e) {
		return &httperr.Error{Status: http.StatusBadRequest, Code: "bad_condition", Message: e.Error(), Field: e.Field}
	}
	return nil
}

type handlers struct{ s *Service }

// account is the caller's account as the compiler sees it.
func (h *handlers) account(c echo.Context) (engine.Account, error) {
	p, err := session.Account(c)
	if err != nil {
		return engine.Account{}, err
	}
	return h.s.Account(c.Request().Context(), p)
}

// bind decodes the JSON body into v; a body that is not JSON is a 400.
func bind(c echo.Context, v any) error {
	dec := json.NewDecoder(c.Request().Body)
	dec.UseNumber()
	if err := dec.Decode(v); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			return httperr.BadRequest(te.Field, "%s has the wrong type (expected %s)", te.Field, te.Type)
		}
		return httperr.BadRequest("", "The request body is not valid JSON: %v", err)
	}
	return nil
}

// conditionBody is {"condition": C}; C may also arrive as a JSON string.
type conditionBody struct {
	Condition   json.RawMessage   `json:"condition"`
	GroupsArray []json.RawMessage `json:"groupsArray"`
}

func parseCondition(raw json.RawMessage) (engine.Condition, error) {
	t := bytes.TrimSpace(raw)
	if len(t) > 0 && t[0] == '"' {
		var s string
		if err := json.Unmarshal(t, &s); err != nil {
			return engine.Condition{}, httperr.BadRequest("condition", "condition is not valid JSON")
		}
		t = []byte(s)
	}
	return engine.ParseCondition(t)
}

// conditionRequest decodes a {condition} body for the caller's account; count
// says whether the plan is a count (which needs the snapshot's facts less often).
func (h *handlers) conditionRequest(c echo.Context, count bool) (engine.Account, engine.Condition, error) {
	p, err := session.Account(c)
	if err != nil {
		return engine.Account{}, engine.Condition{}, err
	}
	var body conditionBody
	if err := bind(c, &body); err != nil {
		return engine.Account{}, engine.Condition{}, err
	}
	cond, err := parseCondition(body.Condition)
	if err != nil {
		return engine.Account{}, engine.Condition{}, err
	}
	a, err := h.s.AccountFor(c.Request().Context(), p, cond, count)
	return a, cond, err
}

func (h *handlers) conditionsData(c echo.Context) error {
	a, cond, err := h.conditionRequest(c, false)
	if err != nil {
		return err
	}
	blk, err := h.s.Rows(c.Request().Context(), a, cond)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, blk)
}

func (h *handlers) countOfRow(c echo.Context) error {
	a, cond, err := h.conditionRequest(c, true)
	if err != nil {
		return err
	}
	n, err := h.s.Count(c.Request().Context(), a, cond)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"count": n})
}

// barChartHeight is the specification's bar chart height rule for n rows.
func barChartHeight(n int) int {
	switch {
	case n < 15:
		return 60*n + 80
	case n < 50:
		return 40*n + 80
	case n < 80:
		return 20*n + 80
	case n <= 100:
		return 10*n + 80
	}
	return 5*n + 80
}

// graphData: Lower/Similar/Higher of the chosen group rows, with the chart height.
// Without chosen groups the condition's selected_rows are used; with neither, the
// answer is the specification's "Select rows in group mode".
func (h *handlers) graphData(c echo.Context) error {
	a, err := h.account(c)
	if err != nil {
		return err
	}
	var body conditionBody
	if err := bind(c, &body); err != nil {
		return err
	}
	cond, err := parseCondition(body.Condition)
	if err != nil {
		return err
	}
	var groups []string
	for i, g := range body.GroupsArray {
		var s string
		if json.Unmarshal(g, &s) != nil {
			var n json.Number
			if json.Unmarshal(g, &n) != nil {
				return httperr.BadRequest(fmt.Sprintf("groupsArray[%d]", i), "groupsArray[%d] must be a group key", i)
			}
			s = n.String()
		}
		groups = append(groups, s)
	}
	if len(groups) == 0 {
		groups = cond.SelectedRows
	}
	if len(groups) == 0 {
		return httperr.BadRequest("groupsArray", "Select rows in group mode")
	}
	rows, err := h.s.Graph(c.Request().Context(), a, cond, groups)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"rows": rows, "height": barChartHeight(len(rows))})
}

// searchInReport: the report's products matching a free-text search (first 30 and
// the total), for the search box's suggestions.
func (h *handlers) searchInReport(c echo.Context) error {
	a, err := h.account(c)
	if err != nil {
		return err
	}
	var body struct {
		Search    string          `json:"search"`
		Mode      string          `json:"mode"`
		Condition json.RawMessage `json:"condition"`
	}
	if err := bind(c, &body); err != nil {
		return err
	}
	if err := engine.CheckSearch(body.Search); err != nil {
		return err
	}
	cond := engine.Condition{}
	if t := bytes.TrimSpace(body.Condition); len(t) > 0 && string(t) != "null" {
		if cond, err = parseCondition(body.Condition); err != nil {
			return err
		}
	}
	cond.Search, cond.StartRow, cond.Limit = body.Search, 0, 30
	cond.Group, cond.GroupIDs = nil, nil
	cond.VisibleColumns = []string{"id", "name", "canonical_mfgr_display", "mfgr_prod_id"}
	blk, err := h.s.Rows(c.Request().Context(), a, cond)
	if err != nil {
		return err
	}
	n, err := h.s.Count(c.Request().Context(), a, cond)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"rows": blk.Rows, "count": n})
}

type productBody struct {
	ProductID  json.RawMessage `json:"productId"`
	ProductID2 json.RawMessage `json:"product_id"`
	ID         json.RawMessage `json:"id"`
}

func (b productBody) id() (string, error) {
	for _, raw := range []json.RawMessage{b.ProductID, b.ProductID2, b.ID} {
		t := bytes.TrimSpace(raw)
		if len(t) == 0 || string(t) == "null" {
			continue
		}
		var s string
		if json.Unmarshal(t, &s) == nil && s != "" {
			return s, nil
		}
		var n json.Number
		if json.Unmarshal(t, &n) == nil {
			return n.String(), nil
		}
	}
	return "", httperr.BadRequest("productId", "productId is required")
}

// product loads one product's full row.
func (h *handlers) product(c echo.Context) (engine.Account, map[string]any, error) {
	a, err := h.account(c)
	if err != nil {
		return a, nil, err
	}
	var body productBody
	if err := bind(c, &body); err != nil {
		return a, nil, err
	}
	id, err := body.id()
	if err != nil {
		return a, nil, err
	}
	row, err := h.s.Product(c.Request().Context(), a, id)
	if err != nil {
		return a, nil, err
	}
	return a, row, nil
}

func (h *handlers) productDetails(c echo.Context) error {
	_, row, err := h.product(c)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"product": row})
}

// tooltipData is the product tooltip: description (name cut at 110 characters),
// brand, manufacturer number, availability, last scanned, category, link, image.
func (h *handlers) tooltipData(c echo.Context) error {
	a, row, err := h.product(c)
	if err != nil {
		return err
	}
	name, _ := row["name"].(string)
	if r := []rune(name); len(r) > 110 {
		name = string(r[:110]) + "…"
	}
	var lastScanned any
	for _, comp := range a.Competitors {
		if v, ok := row["seen_at@"+strconv.FormatInt(comp.ID, 10)].(string); ok {
			if ls, _ := lastScanned.(string); v > ls {
				lastScanned = v
			}
		}
	}
	return c.JSON(http.StatusOK, map[string]any{
		"id": row["id"], "description": name, "brand": row["canonical_mfgr_display"], "mfgr_prod_id": row["mfgr_prod_id"],
		"availability": row["in_stock"], "last_scanned": lastScanned, "category": row["category_display"],
		"link": row["url"], "image": row["img_url"], "price": row["price"], "currency_symbol": a.Settings.CurrencySymbol,
	})
}

// competitorRows turns a product row into one row per competitor (the competitor
// grid and the competitor-versus-my-price tooltip).
func competitorRows(a engine.Account, row map[string]any, only int64) []map[string]any {
	var out []map[string]any
	for _, comp := range a.Competitors {
		if only != 0 && comp.ID != only {
			continue
		}
		s := "@" + strconv.FormatInt(comp.ID, 10)
		if row["Name"+s] == nil && row["Price"+s] == nil && row["seen_at"+s] == nil {
			continue // no offer from this competitor
		}
		out = append(out, map[string]any{
			"competitor_id": comp.ID, "competitor": comp.Name, "name": row["Name"+s], "price": row["Price"+s],
			"my_price": row["price"], "price_delta": row["price_delta"+s], "bucket": row["bucket"+s],
			"url": row["URL"+s], "img_url": row["img_URL"+s], "prod_id": row["prod_id"+s],
			"brand": row["canonical_mfgr_display"+s], "mfgr_prod_id": row["mfgr_prod_id"+s],
			"in_stock": row["in_stock"+s], "on_sale": row["on_sale"+s], "seen_at": row["seen_at"+s],
			"currency_symbol": a.Settings.CurrencySymbol,
		})
	}
	if out == nil {
		out = []map[string]any{}
	}
	return out
}

func (h *handlers) competitorTooltip(c echo.Context) error {
	a, row, err := h.product(c)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"id": row["id"], "name": row["name"], "my_price": row["price"],
		"competitors": competitorRows(a, row, 0)})
}

func (h *handlers) competitorData(c echo.Context) error {
	a, row, err := h.product(c)
	if err != nil {
		return err
	}
	rows := competitorRows(a, row, 0)
	return c.JSON(http.StatusOK, map[string]any{"rows": rows, "lastRow": len(rows)})
}

func (h *handlers) competitorColumns(c echo.Context) error {
	if _, err := h.account(c); err != nil {
		return err
	}
	cols := []columnDef{}
	for _, d := range []struct{ f, h, ft, fmt string }{
		{"competitor", "Competitor", "text", "text"}, {"name", "Name", "text", "text"}, {"price", "Price", "number", "currency"},
		{"my_price", "My Price", "number", "currency"}, {"price_delta", "Price delta %", "number", "percent"},
		{"bucket", "Price bucket", "text", "text"}, {"in_stock", "In stock", "number", "bool"}, {"on_sale", "On sale", "number", "bool"},
		{"seen_at", "Last seen", "date", "date"}, {"url", "URL", "text", "url"},
	} {
		cols = append(cols, columnDef{HeaderName: d.h, Field: d.f, ColID: d.f, FilterType: d.ft, FormatType: d.fmt, DefaultColumn: true, IsBool: d.fmt == "bool"})
	}
	return c.JSON(http.StatusOK, map[string]any{"columns": cols})
}

// columnDef is the specification's column-definition shape.
type columnDef struct {
	HeaderName      string   `json:"headerName"`
	Field           string   `json:"field"`
	ColID           string   `json:"colId"`
	FilterType      string   `json:"filter_type"`
	FormatType      string   `json:"format_type"`
	DefaultColumn   bool     `json:"default_column"`
	Refresh         bool     `json:"refresh"`
	EnableRowGroup  bool     `json:"enableRowGroup"`
	IsBool          bool     `json:"is_bool"`
	GraphMode       bool     `json:"graphMode"`
	GroupModeParams any      `json:"groupModeParams"`
	CalculateField  bool     `json:"calculateField"`
	RepriceField    bool     `json:"repriceField"`
	CustomFields    bool     `json:"customFields"`
	CompetitorID    int64    `json:"competitorId,omitempty"`
	RadioValues     []string `json:"radioValues,omitempty"`
}

// columnsDef: the report's columns. reportId is a predefined report href, or a
// saved report id (its report_type), or with isShareLink a share-link id.
func (h *handlers) columnsDef(c echo.Context) error {
	a, err := h.account(c)
	if err != nil {
		return err
	}
	var body struct {
		ReportID    json.RawMessage `json:"reportId"`
		IsShareLink bool            `json:"isShareLink"`
	}
	if err := bind(c, &body); err != nil {
		return err
	}
	reportType, err := h.reportType(c, a, body.ReportID, body.IsShareLink)
	if err != nil {
		return err
	}
	cols, err := engine.Columns(a, reportType)
	if err != nil {
		return err
	}
	groupable := map[string]bool{"super_category": true, "category": true, "vertical": true, "canonical_mfgr_display": true, "labels": true}
	custom := map[string]bool{}
	for _, cf := range a.CustomFields {
		custom[cf.LogicalName] = true
	}
	out := make([]columnDef, 0, len(cols)+2)
	for _, col := range cols {
		ft := map[engine.Kind]string{engine.KindText: "text", engine.KindNumber: "number", engine.KindDate: "date", engine.KindBool: "number", engine.KindLabels: "set"}[col.Kind]
		if len(col.Radio) > 0 {
			ft = "radio"
		}
		out = append(out, columnDef{HeaderName: col.Header, Field: col.ID, ColID: col.ID, FilterType: ft, FormatType: col.Format,
			DefaultColumn: col.Default, EnableRowGroup: groupable[col.ID], IsBool: col.Kind == engine.KindBool,
			GraphMode: col.ID == "Lower" || col.ID == "Similar" || col.ID == "Higher", CustomFields: custom[col.ID],
			CompetitorID: col.CompetitorID, RadioValues: col.Radio})
	}
	return c.JSON(http.StatusOK, map[string]any{"columns": out})
}

func (h *handlers) reportType(c echo.Context, a engine.Account, raw json.RawMessage, share bool) (string, error) {
	t := bytes.TrimSpace(raw)
	if len(t) == 0 || string(t) == "null" {
		return "", nil
	}
	var s string
	if json.Unmarshal(t, &s) != nil {
		var n json.Number
		if json.Unmarshal(t, &n) != nil {
			return "", httperr.BadRequest("reportId", "reportId must be a report href or id")
		}
		s = n.String()
	}
	if !share {
		if _, err := engine.ParseReport(s); err == nil {
			return s, nil
		}
	}
	if h.s.DB == nil {
		return "", httperr.NotFound("This report does not exist.")
	}
	ctx := c.Request().Context()
	st := store.New(h.s.DB)
	var rt string
	var found bool
	var err error
	if share {
		rt, found, err = st.ShareReportType(ctx, int64(a.AccountID), s)
	} else {
		id, perr := strconv.ParseInt(s, 10, 64)
		if perr != nil {
			return "", httperr.BadRequest("reportId", "%q is neither a predefined report nor a saved report id", strings.TrimSpace(s))
		}
		rt, found, err = st.SavedReportType(ctx, int64(a.AccountID), id)
	}
	if err == nil && !found {
		if share {
			return "", httperr.NotFound("This share report is no longer available")
		}
		return "", httperr.NotFound("This report does not exist.")
	}
	return rt, err
}

// brands: one page of 30 brands, with a case-insensitive search.
func (h *handlers) brands(c echo.Context) error {
	a, err := h.account(c)
	if err != nil {
		return err
	}
	var body struct {
		Data struct {
			Offset int    `json:"offset"`
			Search string `json:"search"`
		} `json:"data"`
	}
	if err := bind(c, &body); err != nil {
		return err
	}
	brands, more, err := h.s.Brands(c.Request().Context(), a, body.Data.Search, body.Data.Offset)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"brands": brands, "hasMore": more, "offset": body.Data.Offset})
}

func (h *handlers) categories(c echo.Context) error {
	a, err := h.account(c)
	if err != nil {
		return err
	}
	tree, err := h.s.CategoryTree(c.Request().Context(), a)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"categories": tree})
}
