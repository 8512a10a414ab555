package api_test

import (
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pricelens/api"
	"pricelens/deploy/testenv"
	"pricelens/store"
	"pricelens/warehouse"
)

type healthBody struct {
	Status     string   `json:"status"`
	Down       []string `json:"down"`
	ClickHouse struct {
		Up      bool             `json:"up"`
		Version string           `json:"version"`
		Rows    map[string]int64 `json:"rows"`
	} `json:"clickhouse"`
	Postgres struct {
		Up      bool             `json:"up"`
		Version string           `json:"version"`
		Rows    map[string]int64 `json:"rows"`
	} `json:"postgres"`
}

func getHealth(t *testing.T, h http.Handler) (int, healthBody) {
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/api/health", nil))
	var b healthBody
	require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &b), rec.Body.String())
	return rec.Code, b
}

func TestHealthReportsVersionsAndCounts(t *testing.T) {
	w, c := testenv.ClickHouse(t)
	db, _ := testenv.Postgres(t)
	ctx := t.Context()
	require.NoError(t, w.Conn.Exec(ctx, `INSERT INTO products (account_id, product_id, name) SELECT 1, toString(number), 'x' FROM numbers(3)`))
	_, err := db.Exec(ctx, `INSERT INTO accounts (name) VALUES ('A'), ('B')`)
	require.NoError(t, err)

	e := newServer(t, api.Deps{Config: c, Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Warehouse: w, DB: db})
	code, b := getHealth(t, e)
	require.Equal(t, http.StatusOK, code)
	require.Equal(t, "ok", b.Status)
	require.Equal(t, w.Server.Text, b.ClickHouse.Version, "the release the server serves from")
	require.True(t, strings.HasPrefix(b.Postgres.Version, "15"), b.Postgres.Version)
	require.EqualValues(t, 3, b.ClickHouse.Rows["products"])
	require.EqualValues(t, 2, b.Postgres.Rows["accounts"])
}

func TestHealthNamesTheDatabaseThatIsDown(t *testing.T) {
	w, c := testenv.ClickHouse(t)
	db, pc := testenv.Postgres(t)
	log := slog.New(slog.NewTextHandler(io.Discard, nil))

	// A closed connection pool behaves like a server that does not answer. The
	// closed pools are extra ones, so testenv can still drop its databases.
	down, err := warehouse.Open(t.Context(), c)
	require.NoError(t, err)
	require.NoError(t, down.Close())
	code, b := getHealth(t, newServer(t, api.Deps{Config: c, Log: log, Warehouse: down, DB: db}))
	require.Equal(t, http.StatusServiceUnavailable, code)
	require.Equal(t, []string{"clickhouse"}, b.Down)
	require.True(t, b.Postgres.Up)

	pgDown, err := store.Open(t.Context(), pc.PostgresURL)
	require.NoError(t, err)
	pgDown.Close()
	code, b = getHealth(t, newServer(t, api.Deps{Config: c, Log: log, Warehouse: w, DB: pgDown}))
	require.Equal(t, http.StatusServiceUnavailable, code)
	require.Equal(t, []string{"postgres"}, b.Down)
	require.True(t, b.ClickHouse.Up)
}

func TestUnknownRoutesAndHugeBodies(t *testing.T) {
	w, c := testenv.ClickHouse(t)
	db, _ := testenv.Postgres(t)
	e := newServer(t, api.Deps{Config: c, Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Warehouse: w, DB: db})

	rec := httptest.NewRecorder()
	e.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/api/no/such/route", nil))
	require.Equal(t, http.StatusNotFound, rec.Code)
	require.Contains(t, rec.Body.String(), `"code":"not_found"`)

	rec = httptest.NewRecorder()
	req := httptest.NewRequest(http.MethodPost, "/api/health", strings.NewReader(strings.Repeat("x", 10<<20)))
	req.Header.Set("Content-Type", "application/json")
	e.ServeHTTP(rec, req)
	require.Equal(t, http.StatusRequestEntityTooLarge, rec.Code)
	require.Contains(t, rec.Body.String(), "too large")
}

func TestServesPlaceholderWithoutWebappBuild(t *testing.T) {
	w, c := testenv.ClickHouse(t)
	db, _ := testenv.Postgres(t)
	c.WebappDir = t.TempDir()
	e := newServer(t, api.Deps{Config: c, Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Warehouse: w, DB: db})
	rec := httptest.NewRecorder()
	e.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/pricing/reports", nil))
	require.Equal(t, http.StatusOK, rec.Code)
	require.Contains(t, rec.Body.String(), "Pricelens")
}

// The ag-grid licence key of the configuration (PRICELENS_AGGRID_LICENSE_KEY) reaches
// the webapp in index.html, escaped; without one the page carries no key at all (an
// empty key would make ag-grid log "Invalid License Key" instead of its trial notice).
func TestWebappGetsAgGridLicenceKey(t *testing.T) {
	w, c := testenv.ClickHouse(t)
	db, _ := testenv.Postgres(t)
	c.WebappDir = t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(c.WebappDir, "index.html"),
		[]byte(`<!doctype html><html><head><title>Pricelens</title></head><body><div id="root"></div></body></html>`), 0o644))
	page := func(key string) string {
		c.AgGridLicenseKey = key
		e := newServer(t, api.Deps{Config: c, Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Warehouse: w, DB: db})
		rec := httptest.NewRecorder()
		e.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/pricing/type/all_my_products", nil))
		require.Equal(t, http.StatusOK, rec.Code)
		return rec.Body.String()
	}
	assert.Contains(t, page(`Acme_Corp[v]2_MTc5MDAwMDAwMDAwMA==<"x">`),
		`<meta name="aggrid-license" content="Acme_Corp[v]2_MTc5MDAwMDAwMDAwMA==&lt;&#34;x&#34;&gt;"></head>`)
	noKey := page("")
	assert.NotContains(t, noKey, "aggrid-license")
	assert.Contains(t, noKey, `<div id="root"></div>`)
}
