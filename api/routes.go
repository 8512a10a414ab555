package api

import "github.com/labstack/echo/v4"

// registerRoutes lists every API route, by area. Areas add their routes here.
func registerRoutes(g *echo.Group, d Deps) {
	h := &healthHandler{d: d}
	g.GET("/health", h.get)
}

// errorMappers are the domain-error mappers of the areas (see ErrorMapper).
func errorMappers() []ErrorMapper {
	return nil
}
