// Package trend holds the trend screens' calls (docs/trends.md): the five trend
// reports and the product page's price trend, their columns, the extra
// custom-field lines and the client-side export. The engine compiles a trend
// (engine.CompileTrend); the report service (package report) supplies the caller's
// account and the warehouse.
package trend

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"pricelens/api/grid"
	"pricelens/api/route"
	"pricelens/api/session"
	"pricelens/engine"
	"pricelens/store/authz"
	trends "pricelens/trend"
)

// Routes are the trend calls. Every call needs "view report"; the custom-field
// lines need "advanced trending" (resource 9: the specification's insights
// permission gates advanced trending and the custom-field selectors).
func Routes(s *trends.Service) []route.Route {
	h := &handlers{s: s}
	view := route.Perm(authz.ViewReport, authz.Read)
	advanced := route.Perm(authz.AdvancedTrendingCode, authz.Read)
	R := func(m, p string, a route.Access, summary string, hd route.Handler) route.Route {
		return route.Route{Method: m, Path: p, Access: a, Summary: summary, Handler: hd}
	}
	G, P := http.MethodGet, http.MethodPost
	return []route.Route{
		R(P, "/trend/getConditionsData", view, "A trend report's rows: one per day (and group), ascending", route.JSON(h.conditionsData)),
		R(P, "/trend/getCountOfRow", view, "How many rows a trend condition answers", route.JSON(h.countOfRow)),
		R(P, "/trend/getColumnsDef", view, "A trend report's table columns", route.JSON(h.columnsDef)),
		R(G, "/trend/getLowerCfList", advanced, "The custom fields a trend can add as extra lines", route.Query(h.lowerCfList)),
		R(P, "/trend/getLowerCfData", advanced, "An extra line: the weighted mean of a custom field per day", route.JSON(h.lowerCfData)),
		R(P, "/trend/exportDataInClientSide", view, "The trend table as header names and cells, for the browser's CSV", route.JSON(h.exportTable)),
	}
}

type handlers struct{ s *trends.Service }

func (h *handlers) account(c echo.Context) (engine.Account, error) {
	p, err := session.Account(c)
	if err != nil {
		return engine.Account{}, err
	}
	// Trends read neither the snapshot's slots nor its totals.
	return h.s.Grid.AccountPlain(c.Request().Context(), p)
}

func (h *handlers) conditionsData(c echo.Context, in DataRequest) (Rows, error) {
	a, err := h.account(c)
	if err != nil {
		return Rows{}, err
	}
	return h.s.Rows(c.Request().Context(), a, in.trend)
}

func (h *handlers) countOfRow(c echo.Context, in DataRequest) (Count, error) {
	a, err := h.account(c)
	if err != nil {
		return Count{}, err
	}
	n, err := h.s.Count(c.Request().Context(), a, in.trend)
	return Count{Count: n}, err
}

func (h *handlers) columnsDef(c echo.Context, in ColumnsRequest) (grid.Columns, error) {
	a, err := h.account(c)
	if err != nil {
		return grid.Columns{}, err
	}
	r, err := h.s.Report(c.Request().Context(), a, in.report, in.ref, in.IsShareLink)
	if err != nil {
		return grid.Columns{}, err
	}
	return columns(a, r), nil
}

func (h *handlers) lowerCfList(c echo.Context, _ struct{}) (CustomFieldList, error) {
	a, err := h.account(c)
	if err != nil {
		return CustomFieldList{}, err
	}
	out := CustomFieldList{CustomFields: []CustomField{}, MaxLines: engine.MaxLowerCustomFields}
	for _, cf := range a.CustomFields {
		out.CustomFields = append(out.CustomFields, CustomField{LogicalName: cf.LogicalName, DisplayName: cf.DisplayName})
	}
	return out, nil
}

func (h *handlers) lowerCfData(c echo.Context, in LowerCfRequest) (Rows, error) {
	a, err := h.account(c)
	if err != nil {
		return Rows{}, err
	}
	return h.s.CustomFieldLine(c.Request().Context(), a, in.trend, in.CustomField)
}

func (h *handlers) exportTable(c echo.Context, in ExportRequest) (ExportTable, error) {
	if _, err := session.Account(c); err != nil {
		return ExportTable{}, err
	}
	return exportTable(in), nil
}
