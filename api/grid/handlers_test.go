package grid

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pricelens/api/httperr"
	"pricelens/api/route"
	"pricelens/api/session"
	"pricelens/deploy/testenv"
	"pricelens/report"
	"pricelens/report/reporttest"
	"pricelens/store"
)

// server is the grid routes behind a test middleware that sets the principal (the
// access middleware's job in production) and an error handler that renders typed
// errors like api's and turns anything else into a 500.
func server(t *testing.T, p *session.Principal) *echo.Echo {
	t.Helper()
	e, _ := serverWith(t, p, nil)
	return e
}

// serverWith is server with more routes over the same service (more may be nil).
func serverWith(t *testing.T, p *session.Principal, more func(*report.Service) []route.Route) (*echo.Echo, *report.Service) {
	t.Helper()
	w, _ := testenv.ClickHouse(t)
	db, _ := testenv.Postgres(t)
	f := reporttest.Build()
	f.Load(t, w)
	ctx := context.Background()
	for _, q := range []string{
		`INSERT INTO accounts (id, name, settings, custom_fields) VALUES (1, 'one', '{"currency_symbol":"€","offer_staleness_days":30}', '[{"logical_name":"revenue_30d","display_name":"Revenue"}]'), (2, 'two', '{}', '[]')`,
		`INSERT INTO competitors (id, account_id, name) VALUES (11, 1, 'Alpha'), (12, 1, 'Beta'), (13, 1, 'Gamma'), (21, 2, 'Other')`,
		`INSERT INTO labels (id, account_id, name, color) VALUES (1, 1, 'Promo', 'ff0000'), (2, 1, 'Clearance', '00ff00'), (3, 1, 'Unused', '0000ff')`,
		`INSERT INTO saved_reports (id, account_id, report_name, report_type) VALUES (5, 1, 'mine', 'competitive_landscape_by_brand'), (6, 2, 'theirs', 'all_my_products')`,
	} {
		_, err := db.Exec(ctx, q)
		require.NoError(t, err)
	}
	e := echo.New()
	e.HTTPErrorHandler = func(err error, c echo.Context) {
		var he *httperr.Error
		var se *store.Error
		switch {
		case errors.As(err, &he):
		case errors.As(err, &se) && se.Kind == store.KindNotFound:
			he = httperr.NotFound(se.Message) // the store's errors are api/access's to map (import cycle here)
		default:
			he = MapError(err)
		}
		if he == nil {
			t.Logf("500: %v", err)
			_ = c.JSON(500, map[string]any{"error": map[string]any{"code": "internal", "message": err.Error()}})
			return
		}
		_ = c.JSON(he.Status, map[string]any{"error": he})
	}
	g := e.Group("/api", func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			if p != nil {
				session.Set(c, *p)
			}
			return next(c)
		}
	})
	s := report.NewService(w, db)
	s.Now = func() time.Time { return reporttest.Now }
	routes := Routes(s)
	if more != nil {
		routes = append(routes, more(s)...)
	}
	for _, r := range routes {
		g.Add(r.Method, r.Path, r.Handler.Func())
	}
	return e, s
}

func call(e *echo.Echo, method, path, body string) (int, map[string]any) {
	req := httptest.NewRequest(method, path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	e.ServeHTTP(rec, req)
	var out map[string]any
	_ = json.Unmarshal(rec.Body.Bytes(), &out)
	return rec.Code, out
}

func TestHandlers(t *testing.T) {
	p := &session.Principal{UserID: 1, AccountID: 1}
	e := server(t, p)

	t.Run("block, count and columns", func(t *testing.T) {
		code, out := call(e, "POST", "/api/tabular/getConditionsData", `{"condition":{"startRow":0,"limit":100,"sort":[{"colId":"price_delta@11","sort":"asc"}],"filters":{"Price@11":{"filterType":"number","type":"greaterThan","filter":5}}}}`)
		require.Equal(t, 200, code, out)
		rows := out["rows"].([]any)
		require.NotEmpty(t, rows)
		assert.Equal(t, "€", rows[0].(map[string]any)["currency_symbol"])
		code, out = call(e, "POST", "/api/tabular/getCountOfRow", `{"condition":"{\"filters\":{}}"}`)
		require.Equal(t, 200, code, out)
		assert.Equal(t, float64(240), out["count"])
		code, out = call(e, "POST", "/api/tabular/getColumnsDef", `{"reportId":"all_my_products","isShareLink":false}`)
		require.Equal(t, 200, code, out)
		cols := out["columns"].([]any)
		var ids []string
		for _, c := range cols {
			ids = append(ids, c.(map[string]any)["colId"].(string))
		}
		assert.Contains(t, ids, "Price@12")
		assert.Contains(t, ids, "revenue_30d")
		code, out = call(e, "POST", "/api/tabular/getColumnsDef", `{"reportId":5}`)
		require.Equal(t, 200, code, out)
		assert.Equal(t, "canonical_mfgr_display", out["columns"].([]any)[0].(map[string]any)["colId"])
		code, _ = call(e, "POST", "/api/tabular/getColumnsDef", `{"reportId":6}`)
		assert.Equal(t, 404, code, "another account's saved report")
	})

	t.Run("tooltips, product, competitor grid", func(t *testing.T) {
		code, out := call(e, "POST", "/api/tabular/getTooltipData", `{"productId":"P0001"}`)
		require.Equal(t, 200, code, out)
		assert.Equal(t, "P0001", out["id"])
		code, out = call(e, "POST", "/api/tooltip/getCompetitorData", `{"productId":"P0001"}`)
		require.Equal(t, 200, code, out)
		code, out = call(e, "POST", "/api/competitor/getData", `{"product_id":"P0001"}`)
		require.Equal(t, 200, code, out)
		code, _ = call(e, "GET", "/api/competitor/getColumnsDef", ``)
		require.Equal(t, 200, code)
		code, out = call(e, "POST", "/api/tabular/getProductDetailsById", `{"productId":"nope'"}`)
		assert.Equal(t, 404, code, out)
	})

	t.Run("filters lists", func(t *testing.T) {
		code, out := call(e, "POST", "/api/filters/getBrandsList", `{"data":{"offset":0,"search":"BOL"}}`)
		require.Equal(t, 200, code, out)
		assert.Equal(t, []any{"Bolt"}, out["brands"])
		code, out = call(e, "GET", "/api/filters/getCategoryDropDownList", ``)
		require.Equal(t, 200, code, out)
		require.NotEmpty(t, out["categories"])
		ids := map[any]bool{}
		for _, c := range out["categories"].([]any) {
			top := c.(map[string]any)
			assert.Greater(t, top["id"], float64(0), "a super category carries its id: %v", top["name"])
			ids[top["id"]] = true
			_, childHasID := top["children"].([]any)[0].(map[string]any)["id"]
			assert.False(t, childHasID, "only super categories have ids")
		}
		assert.Len(t, ids, len(out["categories"].([]any)))
		_, again := call(e, "GET", "/api/filters/getCategoryDropDownList", ``)
		assert.Equal(t, out, again, "ids are stable")
	})

	t.Run("graph and search", func(t *testing.T) {
		code, out := call(e, "POST", "/api/tabular/getGraphDataForSaveReport", `{"condition":{"group":[{"id":"category"}]},"groupsArray":["Laptops"]}`)
		require.Equal(t, 200, code, out)
		assert.Equal(t, float64(140), out["height"])
		code, out = call(e, "POST", "/api/tabular/getGraphDataForSaveReport", `{"condition":{"group":[{"id":"category"}]},"groupsArray":[]}`)
		assert.Equal(t, 400, code)
		assert.Equal(t, "Select rows in group mode", out["error"].(map[string]any)["message"])
		code, out = call(e, "POST", "/api/tabular/searchInReport", `{"search":"laptop","mode":"table"}`)
		require.Equal(t, 200, code, out)
		assert.NotEmpty(t, out["rows"])
	})

	// Found by the load generator: opening a group of a group report sent the
	// report's own columns (products, Lower@11, ...) as visible columns and sort of
	// the product rows under it, and the API answered 400 "products" is not a
	// column of this report.
	t.Run("opening a group of a group report lists its products", func(t *testing.T) {
		code, out := call(e, "POST", "/api/tabular/getColumnsDef", `{"reportId":"competitive_landscape_by_category"}`)
		require.Equal(t, 200, code, out)
		var visible []string
		for _, c := range out["columns"].([]any) {
			visible = append(visible, c.(map[string]any)["colId"].(string))
		}
		require.Contains(t, visible, "products")
		require.Contains(t, visible, "Lower_avg@11")
		var laptops []string
		for _, p := range reporttest.Build().Products {
			if p.Account == 1 && p.Cat == "Laptops" {
				laptops = append(laptops, p.ID)
			}
		}
		require.NotEmpty(t, laptops)
		cond := func(visible []string, sort string) string {
			v, _ := json.Marshal(visible)
			return `{"condition":{"report_type":"competitive_landscape_by_category","group":[{"id":"category","field":"category"}],` +
				`"groupIds":["Laptops"],"visible_columns":` + string(v) + `,"sort":` + sort + `,"limit":1000}}`
		}
		body := cond(visible, `[{"colId":"products","sort":"desc"},{"colId":"price","sort":"asc"}]`)
		code, out = call(e, "POST", "/api/tabular/getConditionsData", body)
		require.Equal(t, 200, code, out)
		rows := out["rows"].([]any)
		var got []string
		lastPrice := -1.0
		for _, r := range rows {
			row := r.(map[string]any)
			assert.Equal(t, "Laptops", row["category"])
			assert.NotContains(t, row, "products", "a product row has no group-row keys")
			got = append(got, row["id"].(string))
			if p, ok := row["price"].(float64); ok {
				assert.GreaterOrEqual(t, p, lastPrice, "sorted by price once the group-only sort is left out")
				lastPrice = p
			}
		}
		assert.ElementsMatch(t, laptops, got)
		assert.Equal(t, float64(len(laptops)), out["lastRow"])
		code, out = call(e, "POST", "/api/tabular/getCountOfRow", body)
		require.Equal(t, 200, code, out)
		assert.Equal(t, float64(len(laptops)), out["count"])

		// An id that is no column of the report is still refused.
		code, out = call(e, "POST", "/api/tabular/getConditionsData", cond(append(visible, "nope"), `[]`))
		require.Equal(t, 400, code, out)
		assert.Equal(t, "visible_columns", out["error"].(map[string]any)["field"])
	})

	t.Run("every bad condition is a 400 naming the part, never a 500", func(t *testing.T) {
		bad := []string{
			`{"condition":{"filters":{"x'); DROP TABLE products; --":{"filterType":"text","type":"contains","filter":"a"}}}}`,
			`{"condition":{"filters":{"price":{"filterType":"number","type":"equals","filter":"NaN"}}}}`,
			`{"condition":{"filters":{"price":{"filterType":"number","type":"equals","filter":1e400}}}}`,
			`{"condition":{"filters":{"name":{"filterType":"text","type":"matches","filter":"a"}}}}`,
			`{"condition":{"sort":[{"colId":"name","sort":"up"}]}}`,
			`{"condition":{"sort":[{"colId":"Price@21","sort":"asc"}]}}`,
			`{"condition":{"limit":100000}}`,
			`{"condition":{"report_type":"../../etc"}}`,
			`{"condition":{"competitorId":[21]}}`,
			`{"condition":{"group":[{"id":"name"}]}}`,
			`{"condition":[1,2,3]}`,
			`{"condition":"{not json"}`,
			`not json at all`,
			`{"condition":{"startRow":1.5}}`,
		}
		for _, b := range bad {
			for _, path := range []string{"/api/tabular/getConditionsData", "/api/tabular/getCountOfRow"} {
				code, out := call(e, "POST", path, b)
				require.Equal(t, 400, code, "%s %s: %v", path, b, out)
				msg := out["error"].(map[string]any)["message"].(string)
				assert.NotEmpty(t, msg)
			}
		}
	})

	t.Run("hostile values run as data", func(t *testing.T) {
		f := reporttest.Build()
		for _, v := range hostileValues() {
			lv := strings.ToLower(v)
			var nSearch, nName, nBrand float64
			for _, p := range f.Products {
				if p.Account != 1 {
					continue
				}
				if strings.Contains(strings.ToLower(p.Name+"\n"+p.Brand+"\n"+p.Mfgr+"\n"+p.ID), lv) {
					nSearch++
				}
				if strings.Contains(strings.ToLower(p.Name), lv) {
					nName++
				}
				if strings.ToLower(p.Brand) == lv {
					nBrand++
				}
			}
			want := []float64{nSearch, nName, nBrand, 0}
			vs, _ := json.Marshal(v)
			for i, b := range []string{
				`{"condition":{"search":` + string(vs) + `}}`,
				`{"condition":{"filters":{"name":{"filterType":"text","type":"contains","filter":` + string(vs) + `}}}}`,
				`{"condition":{"filters":{"canonical_mfgr_display":{"filterType":"set","values":[` + string(vs) + `]}}}}`,
				`{"condition":{"group":[{"id":"category"},{"id":"label"}],"groupIds":[` + string(vs) + `]}}`,
			} {
				code, out := call(e, "POST", "/api/tabular/getCountOfRow", b)
				require.Equal(t, 200, code, "%s: %v", b, out)
				assert.Equal(t, want[i], out["count"], b)
				code, out = call(e, "POST", "/api/tabular/getConditionsData", b)
				require.Equal(t, 200, code, "%s: %v", b, out)
			}
		}
	})

	t.Run("no session, no account", func(t *testing.T) {
		e2 := echo.New()
		e2.HTTPErrorHandler = e.HTTPErrorHandler
		g2 := e2.Group("/api")
		for _, r := range Routes(report.NewService(nil, nil)) {
			g2.Add(r.Method, r.Path, r.Handler.Func())
		}
		code, _ := call(e2, "POST", "/api/tabular/getConditionsData", `{"condition":{}}`)
		assert.Equal(t, http.StatusUnauthorized, code)
	})
}

func hostileValues() []string {
	return []string{`'`, `''); DROP TABLE products; --`, "`x`", `/* c */`, `\`, `?`, `%`, "ünï ✓ 𝔘", "\x00", `{a:String}`, `$1`}
}

// setup is the fixture loaded, and a service (without PostgreSQL) over it.
func setup(t *testing.T) (*report.Service, reporttest.Fixture) {
	w, f := reporttest.Setup(t)
	return report.NewService(w, nil), f
}
