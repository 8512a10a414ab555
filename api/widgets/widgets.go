// Package widgets serves the embedded widgets (docs/product.md §2 "Embedded
// widgets", §7): the insights panel and a pricing summary, each a standalone
// script with its stylesheet that another page loads by its key, and the list of
// their addresses (GET /api/token/embed). The scripts take a token from GET
// /api/token (the visitor's Pricelens session) for GET /api/v1/insights/pricing;
// without one they log "No Token" and still load (docs/product.md §8).
package widgets

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"pricelens/api/httperr"
	"pricelens/api/route"
)

//go:embed assets/widget.js
var widgetJS string

//go:embed assets/widgets.css
var widgetsCSS string

// Keys are the widgets, in the order of the embed list.
var Keys = []string{"insights_panel", "pricing_summary"}

// Embed is one entry of GET /api/token/embed (docs/product.md §3 "Embed list item").
type Embed struct {
	Key string `json:"key" openapi:"always"`
	URL string `json:"url" openapi:"always"`
}

// Routes are the embed list and the widget files. publicURL (PRICELENS_PUBLIC_URL when
// it is set) makes the addresses absolute, so a page elsewhere can load them; empty,
// they are paths, and the webapp puts the address it was opened at in front of them.
func Routes(publicURL string) []route.Route {
	return []route.Route{
		{Method: http.MethodGet, Path: "/token/embed", Access: route.InAccount(),
			Summary: "The embeddable widgets: each key with the address of its script",
			Handler: route.Query(func(echo.Context, struct{}) ([]Embed, error) { return List(publicURL), nil })},
		{Method: http.MethodGet, Path: "/widgets/:file", Access: route.Public(),
			Summary: "A widget's script (<key>.js), a page showing it alone (<key>.html) or the widgets' stylesheet (widgets.css)",
			Handler: route.Raw[struct{}, struct{}](serve, "application/javascript")},
	}
}

// List is the embed list: absolute on publicURL, or paths when it is empty.
func List(publicURL string) []Embed {
	out := make([]Embed, len(Keys))
	for i, k := range Keys {
		out[i] = Embed{Key: k, URL: publicURL + "/api/widgets/" + k + ".js"}
	}
	return out
}

// page is a widget shown alone: the snippet of the embed list in an empty page, which a
// custom report (/insights/{id}) can embed on the server's own address.
const page = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Pricelens %[1]s</title></head>
<body><div data-pricelens-widget="%[1]s"></div><script src="/api/widgets/%[1]s.js"></script></body></html>
`

// serve answers a widget's script (the shared code called with its key), its page or the stylesheet.
func serve(c echo.Context) error {
	f := c.Param("file")
	c.Response().Header().Set("Cache-Control", "public, max-age=300")
	if f == "widgets.css" {
		return c.Blob(http.StatusOK, "text/css; charset=utf-8", []byte(widgetsCSS))
	}
	for _, k := range Keys {
		if f == k+".js" {
			arg, _ := json.Marshal(k)
			return c.Blob(http.StatusOK, "application/javascript; charset=utf-8", []byte(strings.TrimRight(widgetJS, "\n;")+"("+string(arg)+");\n"))
		}
		if f == k+".html" {
			return c.Blob(http.StatusOK, "text/html; charset=utf-8", []byte(fmt.Sprintf(page, k)))
		}
	}
	return httperr.NotFound("This Page Could Not Be Found")
}
