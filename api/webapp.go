package api

import (
	"bytes"
	"html"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"strings"

	"github.com/labstack/echo/v4"
)

const placeholderPage = `<!doctype html><html><head><meta charset="utf-8"><title>Pricelens</title></head>
<body><h1>Pricelens</h1><p>The webapp has not been built yet (webapp/dist is missing). The API is at <a href="/api/health">/api/health</a>.</p></body></html>`

// registerWebapp serves the built webapp from dir. Paths that are not files get
// index.html so the browser's router handles them (it shows the not-found page for
// unknown routes). Without a build, a placeholder page is served. A configured
// ag-grid licence key is written into index.html (a meta tag the webapp reads before
// its first grid), so one build serves licensed and unlicensed deployments.
func registerWebapp(e *echo.Echo, dir, agGridKey string, log *slog.Logger) {
	index := filepath.Join(dir, "index.html")
	if _, err := os.Stat(index); err != nil {
		log.Warn("webapp not built; serving a placeholder page", "dir", dir)
	}
	e.GET("/*", func(c echo.Context) error {
		p := filepath.Clean("/" + c.Param("*"))
		if p != "/" {
			f := filepath.Join(dir, p)
			if st, err := os.Stat(f); err == nil && !st.IsDir() {
				if strings.HasPrefix(p, "/assets/") {
					c.Response().Header().Set("Cache-Control", "public, max-age=31536000, immutable")
				}
				return c.File(f)
			}
		}
		if _, err := os.Stat(index); err != nil {
			return c.HTML(http.StatusOK, placeholderPage)
		}
		c.Response().Header().Set("Cache-Control", "no-cache")
		if agGridKey == "" {
			return c.File(index)
		}
		page, err := os.ReadFile(index)
		if err != nil {
			return err
		}
		meta := `<meta name="aggrid-license" content="` + html.EscapeString(agGridKey) + `">`
		return c.HTMLBlob(http.StatusOK, bytes.Replace(page, []byte("</head>"), []byte(meta+"</head>"), 1))
	})
}
