package grid

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"pricelens/api/route"
	"pricelens/api/session"
	"pricelens/report"
	"pricelens/store/authz"
)

// InsightRoutes are the insights panel's calls: GET /api/v1/insights/pricing with
// the bearer token of GET /api/token (route.Token), and the insight cards.
func InsightRoutes(in *report.Insights) []route.Route {
	return []route.Route{
		{Method: http.MethodGet, Path: "/v1/insights/pricing", Access: route.Token(),
			Summary: "The pricing insights panel's numbers (changes at competitors, alerts to review, price raise/reduction candidates, out of stock at competitors) and the report of each",
			Handler: route.Query(func(c echo.Context, _ struct{}) (report.PricingInsights, error) {
				p, err := session.Account(c)
				if err != nil {
					return report.PricingInsights{}, err
				}
				return in.Pricing(c.Request().Context(), p)
			})},
		{Method: http.MethodGet, Path: "/insights/cards", Access: route.Perm(authz.ViewReport, authz.Read),
			Summary: "The insight cards of /insights: titles, summaries and highlight tiles from the account's data",
			Handler: route.Query(func(c echo.Context, _ struct{}) (report.InsightCards, error) {
				p, err := session.Account(c)
				if err != nil {
					return report.InsightCards{}, err
				}
				return in.Cards(c.Request().Context(), p)
			})},
	}
}
