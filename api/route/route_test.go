package route_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/labstack/echo/v4"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pricelens/api/httperr"
	"pricelens/api/route"
	"pricelens/store/authz"
)

type greetIn struct {
	Name string `json:"name" required:"true"`
}

func (g greetIn) Validate() error {
	if g.Name == "" {
		return httperr.BadRequest("name", "Name is required")
	}
	return nil
}

type greetOut struct {
	Greeting string `json:"greeting"`
	Count    int    `json:"count,omitempty"`
}

func greet(_ echo.Context, in greetIn) (greetOut, error) {
	return greetOut{Greeting: "hello " + in.Name}, nil
}

type listIn struct {
	Page int `query:"page"`
}

func list(_ echo.Context, in listIn) ([]string, error) {
	return []string{"p" + string(rune('0'+in.Page))}, nil
}

func table(t *testing.T) *route.Table {
	tb, err := route.NewTable([]route.Route{
		{Method: http.MethodPost, Path: "/greet", Access: route.Perm(authz.ViewReport, authz.Read), Summary: "Greets", Handler: route.JSON(greet)},
		{Method: http.MethodGet, Path: "/items/:id", Access: route.InAccount(), Handler: route.Query(list)},
		{Method: http.MethodGet, Path: "/ping", Access: route.Public(), Handler: route.Raw[struct{}, struct{}](func(c echo.Context) error { return c.String(200, "pong") }, "text/plain")},
	})
	require.NoError(t, err)
	return tb
}

func TestCheckFailsClosed(t *testing.T) {
	h := route.JSON(greet)
	_, err := route.NewTable([]route.Route{{Method: "POST", Path: "/greet", Handler: h}})
	assert.ErrorContains(t, err, "POST /api/greet: no access rule")
	_, err = route.NewTable([]route.Route{{Method: "POST", Path: "/greet", Access: route.Public()}})
	assert.ErrorContains(t, err, "no handler")
	_, err = route.NewTable([]route.Route{
		{Method: "POST", Path: "/greet", Access: route.Public(), Handler: h},
		{Method: "POST", Path: "/greet", Access: route.Session(), Handler: h},
	})
	assert.ErrorContains(t, err, "declared twice")
	assert.Panics(t, func() { route.Perm(999, authz.Read) })
}

func TestVerifyRefusesHandlersOutsideTheTable(t *testing.T) {
	tb := table(t)
	e := echo.New()
	g := e.Group("/api")
	tb.Install(g, nil)
	require.NoError(t, tb.Verify(e))
	g.POST("/sneaky", func(c echo.Context) error { return nil })
	assert.EqualError(t, tb.Verify(e), "routes registered outside the route table (add them to it): POST /api/sneaky")
}

func TestAdapterDecodesValidatesAndRenders(t *testing.T) {
	e := echo.New()
	e.HTTPErrorHandler = func(err error, c echo.Context) {
		var he *httperr.Error
		if assert.ErrorAs(t, err, &he) {
			_ = c.JSON(he.Status, route.ErrorBody{Error: *he})
		}
	}
	table(t).Install(e.Group("/api"), nil)
	do := func(method, path, body string) (int, string) {
		rec := httptest.NewRecorder()
		req := httptest.NewRequest(method, path, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		e.ServeHTTP(rec, req)
		return rec.Code, strings.TrimSpace(rec.Body.String())
	}
	code, body := do("POST", "/api/greet", `{"name":"ana"}`)
	assert.Equal(t, 200, code)
	assert.JSONEq(t, `{"greeting":"hello ana"}`, body)
	code, body = do("POST", "/api/greet", `{}`)
	assert.Equal(t, 400, code)
	assert.JSONEq(t, `{"error":{"code":"bad_request","message":"Name is required","field":"name"}}`, body)
	code, body = do("POST", "/api/greet", `{"name": 5}`)
	assert.Equal(t, 400, code)
	assert.Contains(t, body, `"field":"name"`)
	code, body = do("GET", "/api/items/3?page=4", "")
	assert.Equal(t, 200, code)
	assert.JSONEq(t, `["p4"]`, body)
	code, _ = do("GET", "/api/items/3?page=x", "")
	assert.Equal(t, 400, code)
}

func TestDocumentDescribesEveryRoute(t *testing.T) {
	tb := table(t)
	doc, err := tb.Document("test", "1")
	require.NoError(t, err)
	require.NoError(t, doc.Validate(context.Background()))
	assert.Equal(t, "3.1.0", doc.OpenAPI)
	for _, r := range tb.Routes() {
		p := doc.Paths.Find(strings.ReplaceAll(r.Path, ":id", "{id}"))
		require.NotNil(t, p, r.Key())
		require.NotNil(t, p.GetOperation(r.Method), r.Key())
	}
	op := doc.Paths.Find("/greet").Post
	assert.Equal(t, "permission 2 (view report) read:any", op.Extensions["x-access"])
	// An answer the handler gives validates against the documented schema; a wrong one does not.
	ref := op.Responses.Status(200).Value.Content.Get("application/json").Schema
	schema := ref.Value
	if schema == nil {
		schema = doc.Components.Schemas[strings.TrimPrefix(ref.Ref, "#/components/schemas/")].Value
	}
	var good, bad any
	require.NoError(t, json.Unmarshal([]byte(`{"greeting":"hello ana"}`), &good))
	require.NoError(t, json.Unmarshal([]byte(`{"greeting":5}`), &bad))
	assert.NoError(t, schema.VisitJSON(good))
	assert.Error(t, schema.VisitJSON(bad))
	_ = openapi3.NewSchema
}

type named struct {
	Name string `json:"name" required:"true"`
}

type namedWithAge struct {
	named
	Age  int    `json:"age" openapi:"always"`
	Note string `json:"note"`
}

// The fields of an embedded struct are the outer type's in JSON, and so are their
// required marks in the document.
func TestDocumentMarksEmbeddedRequiredFields(t *testing.T) {
	tb, err := route.NewTable([]route.Route{{Method: http.MethodPost, Path: "/people", Access: route.Public(),
		Handler: route.JSON(func(_ echo.Context, in namedWithAge) (namedWithAge, error) { return in, nil })}})
	require.NoError(t, err)
	doc, err := tb.Document("test", "1")
	require.NoError(t, err)
	s := doc.Components.Schemas["Route_testNamedWithAge"]
	require.NotNil(t, s, "%v", doc.Components.Schemas)
	assert.Equal(t, []string{"age", "name"}, s.Value.Required)
	assert.Contains(t, s.Value.Properties, "note")
}
