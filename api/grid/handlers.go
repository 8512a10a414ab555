// Package grid is the HTTP side of the reports: the tabular screen's calls
// (docs/api-contract.md#the-grid-contract), the exports', the assortment and
// real-time views', the insights', the image proxy and the pricer's result and
// approval grids. Each handler decodes and checks the request, makes one call to
// the report service (package report) and renders its answer; MapError is the one
// place the service's and the engine's errors become statuses.
package grid

import (
	"errors"
	"net/http"

	"github.com/ClickHouse/clickhouse-go/v2"
	"github.com/labstack/echo/v4"

	"pricelens/api/httperr"
	"pricelens/api/route"
	"pricelens/api/session"
	"pricelens/engine"
	"pricelens/report"
	"pricelens/store/authz"
)

// Routes are the tabular screen's calls; each needs "view report" in the selected
// account. Handlers read the caller with session.Account, make one call to the
// service and return its answer; the route adapters decode and validate the body
// (the request types' Validate parses the condition).
func Routes(s *report.Service) []route.Route {
	h := &handlers{s: s}
	R := func(m, p, summary string, hd route.Handler) route.Route {
		return route.Route{Method: m, Path: p, Access: route.Perm(authz.ViewReport, authz.Read), Summary: summary, Handler: hd}
	}
	G, P := http.MethodGet, http.MethodPost
	return []route.Route{
		R(P, "/tabular/getColumnsDef", "A report's column definitions", route.JSON(h.columnsDef)),
		R(P, "/tabular/getConditionsData", "One block of grid rows (products or groups) for a condition", route.JSON(h.conditionsData)),
		R(P, "/tabular/getCountOfRow", "How many rows a condition matches at its level", route.JSON(h.countOfRow)),
		R(P, "/tabular/getGraphDataForSaveReport", "Graph mode: Lower, Similar and Higher shares of the chosen groups", route.JSON(h.graphData)),
		R(P, "/tabular/searchInReport", "The search box's suggestions: the first 30 matching products and their count", route.JSON(h.searchInReport)),
		R(P, "/tabular/getTooltipData", "The product tooltip", route.JSON(h.tooltipData)),
		R(P, "/tabular/getProductDetailsById", "One product's full row", route.JSON(h.productDetails)),
		R(G, "/tooltip/getImg", "A product or offer image of the account, scaled to the 145 px thumbnail (?i=address&siteId=competitor)",
			route.Raw[struct{}, struct{}](NewImageProxy(s, false).Get, "image/*")),
		R(P, "/tooltip/getCompetitorData", "The competitor-versus-my-price tooltip of a product", route.JSON(h.competitorTooltip)),
		R(P, "/competitor/getData", "The competitor grid of a product: a row per competitor offer", route.JSON(h.competitorData)),
		R(G, "/competitor/getColumnsDef", "The competitor grid's column definitions", route.Query(h.competitorColumns)),
		R(P, "/filters/getBrandsList", "One page of the brand filter's brands, with a search", route.JSON(h.brands)),
		R(G, "/filters/getCategoryDropDownList", "The category filter's tree with product counts", route.Query(h.categories)),
		R(P, "/assortment/getConditionsData", "One block of an assortment report: coverage of my catalogue at each competitor", route.JSON(h.assortmentData)),
		R(P, "/assortment/getCountOfRow", "How many rows an assortment report's condition matches", route.JSON(h.assortmentCount)),
		R(P, "/assortment/getColumnsDef", "An assortment report's column definitions", route.JSON(h.assortmentColumns)),
		R(P, "/tabular/getConditionsDataForRealTime", "One block (100) of the latest scans of the chosen competitors, newest first", route.JSON(h.realTimeData)),
		R(P, "/tabular/getRealTimeTabularCount", "How many latest scans the chosen competitors have", route.JSON(h.realTimeCount)),
		R(P, "/tabular/getColumnDefRealTime", "The real-time view's column definitions", route.JSON(h.realTimeColumns)),
		R(G, "/tabular/pricing", "Each competitor's latest scan and its scans of the last 24 hours", route.Query(h.scanSummary)),
		R(P, "/assortment/getNameTooltipData", "The product tooltip of an assortment report's name cell", route.JSON(h.tooltipData)),
	}
}

// ClickHouse's limit errors: a report that needs more memory, time or rows than a
// request may use (MEMORY_LIMIT_EXCEEDED, TIMEOUT_EXCEEDED, TOO_SLOW, TOO_MANY_ROWS,
// TOO_MANY_BYTES).
var limitCodes = map[int32]bool{241: true, 159: true, 160: true, 158: true, 307: true}

// MsgTooLarge answers a report that hit one of the server's limits.
const MsgTooLarge = "This report needs more than the server can give one request right now. Narrow it (fewer products, competitors or days) or try again later."

// reportStatus is the status of each kind of report.Error.
var reportStatus = map[report.Code]int{report.CodeNotFound: http.StatusNotFound, report.CodeInvalid: http.StatusBadRequest,
	report.CodeConflict: http.StatusConflict, report.CodeGone: http.StatusGone}

// MapError maps the report service's errors to their status, the engine's typed
// errors to a 400 naming the bad part, and ClickHouse's limits to a 503 saying
// what to do (api's errorMappers registers it).
func MapError(err error) *httperr.Error {
	var re *report.Error
	if errors.As(err, &re) {
		return &httperr.Error{Status: reportStatus[re.Code], Code: string(re.Code), Message: re.Message, Field: re.Field}
	}
	var e *engine.Error
	if errors.As(err, &e) {
		return &httperr.Error{Status: http.StatusBadRequest, Code: "bad_condition", Message: e.Error(), Field: e.Field}
	}
	var ex *clickhouse.Exception
	if errors.As(err, &ex) && limitCodes[ex.Code] {
		return &httperr.Error{Status: http.StatusServiceUnavailable, Code: "too_large", Message: MsgTooLarge}
	}
	return nil
}

type handlers struct{ s *report.Service }

// account is the caller's account as the compiler sees it.
func (h *handlers) account(c echo.Context) (engine.Account, error) {
	p, err := session.Account(c)
	if err != nil {
		return engine.Account{}, err
	}
	return h.s.Account(c.Request().Context(), p)
}

// accountFor is account for compiling cond; count says whether the plan is a
// count (which needs the snapshot's facts less often).
func (h *handlers) accountFor(c echo.Context, cond engine.Condition, count bool) (engine.Account, error) {
	p, err := session.Account(c)
	if err != nil {
		return engine.Account{}, err
	}
	return h.s.AccountFor(c.Request().Context(), p, cond, count)
}

func (h *handlers) conditionsData(c echo.Context, in ConditionRequest) (report.Block, error) {
	a, err := h.accountFor(c, in.cond, false)
	if err != nil {
		return report.Block{}, err
	}
	return h.s.Rows(c.Request().Context(), a, in.cond)
}

func (h *handlers) countOfRow(c echo.Context, in ConditionRequest) (Count, error) {
	a, err := h.accountFor(c, in.cond, true)
	if err != nil {
		return Count{}, err
	}
	n, err := h.s.Count(c.Request().Context(), a, in.cond)
	return Count{Count: n}, err
}

// graphData: Lower/Similar/Higher of the chosen group rows, with the chart height.
func (h *handlers) graphData(c echo.Context, in GraphRequest) (Graph, error) {
	a, err := h.account(c)
	if err != nil {
		return Graph{}, err
	}
	rows, err := h.s.Graph(c.Request().Context(), a, in.cond, in.groups)
	return Graph{Rows: rows, Height: barChartHeight(len(rows))}, err
}

func (h *handlers) searchInReport(c echo.Context, in SearchRequest) (report.SearchResult, error) {
	a, err := h.account(c)
	if err != nil {
		return report.SearchResult{}, err
	}
	return h.s.Search(c.Request().Context(), a, in.Search, in.cond)
}

// product loads the caller's account and one product's full row.
func (h *handlers) product(c echo.Context, in ProductRequest) (engine.Account, map[string]any, error) {
	a, err := h.account(c)
	if err != nil {
		return a, nil, err
	}
	row, err := h.s.Product(c.Request().Context(), a, in.id)
	return a, row, err
}

func (h *handlers) productDetails(c echo.Context, in ProductRequest) (ProductDetails, error) {
	_, row, err := h.product(c, in)
	return ProductDetails{Product: row}, err
}

func (h *handlers) tooltipData(c echo.Context, in ProductRequest) (report.Tooltip, error) {
	a, row, err := h.product(c, in)
	if err != nil {
		return report.Tooltip{}, err
	}
	return report.TooltipOf(a, row), nil
}

// offers loads the caller's account and one product's competitor offers.
func (h *handlers) offers(c echo.Context, in ProductRequest) (engine.Account, map[string]any, error) {
	a, err := h.account(c)
	if err != nil {
		return a, nil, err
	}
	row, err := h.s.CompetitorOffers(c.Request().Context(), a, in.id)
	return a, row, err
}

func (h *handlers) competitorTooltip(c echo.Context, in ProductRequest) (report.CompetitorTooltip, error) {
	a, row, err := h.offers(c, in)
	if err != nil {
		return report.CompetitorTooltip{}, err
	}
	return report.CompetitorTooltipOf(a, row), nil
}

func (h *handlers) competitorData(c echo.Context, in ProductRequest) (CompetitorRows, error) {
	a, row, err := h.offers(c, in)
	if err != nil {
		return CompetitorRows{}, err
	}
	rows := report.CompetitorRowsOf(a, row)
	return CompetitorRows{Rows: rows, LastRow: len(rows)}, nil
}

func (h *handlers) competitorColumns(c echo.Context, _ struct{}) (Columns, error) {
	_, err := h.account(c)
	return competitorColumns, err
}

// columnsDef: the report's columns (see Service.ReportColumns).
func (h *handlers) columnsDef(c echo.Context, in ColumnsRequest) (Columns, error) {
	a, err := h.account(c)
	if err != nil {
		return Columns{}, err
	}
	cols, err := h.s.ReportColumns(c.Request().Context(), a, in.ref, in.IsShareLink)
	if err != nil {
		return Columns{}, err
	}
	return toColumns(a, cols), nil
}

func (h *handlers) brands(c echo.Context, in BrandsRequest) (BrandPage, error) {
	a, err := h.account(c)
	if err != nil {
		return BrandPage{}, err
	}
	brands, more, err := h.s.Brands(c.Request().Context(), a, in.Data.Search, in.Data.Offset)
	return BrandPage{Brands: brands, HasMore: more, Offset: in.Data.Offset}, err
}

func (h *handlers) categories(c echo.Context, _ struct{}) (CategoryTree, error) {
	a, err := h.account(c)
	if err != nil {
		return CategoryTree{}, err
	}
	tree, err := h.s.CategoryTree(c.Request().Context(), a)
	return CategoryTree{Categories: tree}, err
}
