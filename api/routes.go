package api

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"pricelens/api/access"
	dropsapi "pricelens/api/drops"
	"pricelens/api/grid"
	"pricelens/api/httperr"
	"pricelens/api/mandated"
	"pricelens/api/pricer"
	"pricelens/api/route"
	"pricelens/api/trend"
	"pricelens/api/upload"
	"pricelens/api/widgets"
	"pricelens/drops"
	pricing "pricelens/pricer"
	"pricelens/report"
	"pricelens/store"
	trends "pricelens/trend"
)

// Version is the API's version in the OpenAPI document.
const Version = "1"

// Routes is the route table: every /api route of every area, each with its access
// rule, types and handler. Areas declare their rows; this is the one list.
func Routes(d Deps) ([]route.Route, *access.Service) {
	s, app := access.New(access.Deps{Config: d.Config, Log: d.Log, DB: d.DB, Warehouse: d.Warehouse})
	h := &healthHandler{d: d}
	routes := []route.Route{
		{Method: http.MethodGet, Path: "/health", Access: route.Public(), Summary: "Each database's version and row counts; 503 names the one that is down",
			Handler: route.Raw[struct{}, Health](h.get, "application/json")},
	}
	// One grid service for every area that reads reports: one catalogue cache.
	svc := report.NewService(d.Warehouse, d.DB)
	routes = append(routes, access.Routes(s, app)...)
	routes = append(routes, grid.Routes(svc)...)
	routes = append(routes, grid.InsightRoutes(&report.Insights{S: svc, Pricer: report.LatestRunCandidates(svc)})...)
	// The widget snippets name PRICELENS_PUBLIC_URL only when it is set: its default
	// (127.0.0.1:8080) is rarely where users reach the server, the browser knows better.
	embedBase := ""
	if d.Config.PublicURLSet {
		embedBase = d.Config.PublicURL
	}
	routes = append(routes, widgets.Routes(embedBase)...)
	routes = append(routes, trend.Routes(trends.NewService(svc))...)
	routes = append(routes, upload.Routes(d.Warehouse, d.DB)...)
	routes = append(routes, upload.FileRoutes(d.DB, s)...)
	routes = append(routes, grid.ExportRoutes(report.NewExports(svc, d.Config.DataDir))...)
	routes = append(routes, dropsapi.Routes(drops.New(svc), d.Config.DropRoot)...)
	routes = append(routes, pricer.Routes(pricer.New(d.DB, d.Warehouse, s))...)
	routes = append(routes, grid.RepricingRoutes(svc)...)
	routes = append(routes, mandated.Routes(mandated.New(d.DB, d.Warehouse))...)
	routes = append(routes, grid.ApprovalRoutes(svc)...)
	routes = append(routes, upload.ApprovalRoutes(pricing.New(store.New(d.DB), d.Warehouse))...)
	return routes, s
}

// install builds the table (with GET /api/openapi.json generated from it), puts
// the access middleware on the group, registers every route and the catch-all 404.
func install(e *echo.Echo, g *echo.Group, d Deps) error {
	routes, s := Routes(d)
	var doc route.Handler
	routes = append(routes, openAPIRoute(route.Raw[struct{}, struct{}](func(c echo.Context) error { return doc.Func()(c) }, "application/json")))
	table, err := route.NewTable(routes)
	if err != nil {
		return err
	}
	if doc, err = table.ServeDocument("Pricelens API", Version); err != nil {
		return err
	}
	g.Use(s.Middleware(table))
	table.Install(g, func(echo.Context) error { return httperr.NotFound("This Page Could Not Be Found") })
	return table.Verify(e)
}

// openAPIRoute is GET /api/openapi.json; its handler serves the document
// generated from the table it belongs to.
func openAPIRoute(h route.Handler) route.Route {
	if h.Func() == nil {
		h = route.Raw[struct{}, struct{}](func(echo.Context) error { return nil }, "application/json")
	}
	return route.Route{Method: http.MethodGet, Path: "/openapi.json", Access: route.Public(),
		Summary: "This API's OpenAPI 3.1 document, generated from the route table", Handler: h}
}

// errorMappers are the domain-error mappers of the areas (see ErrorMapper).
func errorMappers() []ErrorMapper {
	return []ErrorMapper{access.MapError, grid.MapError, upload.MapError}
}
