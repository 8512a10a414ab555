package api

import (
	"github.com/labstack/echo/v4"

	"pricelens/api/access"
	"pricelens/api/grid"
	"pricelens/api/upload"
)

// registerRoutes lists every API route, by area. Areas add their routes here.
func registerRoutes(g *echo.Group, d Deps) {
	h := &healthHandler{d: d}
	g.GET("/health", h.get)
	access.Register(g, access.Deps{Config: d.Config, Log: d.Log, DB: d.DB, Warehouse: d.Warehouse}) // before other areas: its middleware guards them
	grid.Register(g, d.Warehouse, d.DB)
	upload.Register(g, d.Warehouse, d.DB)
}

// errorMappers are the domain-error mappers of the areas (see ErrorMapper).
func errorMappers() []ErrorMapper {
	return []ErrorMapper{access.MapError, grid.MapError, upload.MapError}
}
