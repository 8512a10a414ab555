package contractfuzz

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"math/rand"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A small document in the shape the route table generates: a 200 answer per
// operation and a default error body.
const smallDoc = `{
  "openapi": "3.1.0",
  "info": {"title": "t", "version": "1"},
  "paths": {
    "/ok": {"post": {"operationId": "post_ok",
      "requestBody": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/In"}}}},
      "responses": {"200": {"description": "OK", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Out"}}}},
        "default": {"description": "error", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Err"}}}}}}},
    "/crash": {"post": {"operationId": "post_crash",
      "requestBody": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/In"}}}},
      "responses": {"200": {"description": "OK", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Out"}}}},
        "default": {"description": "error", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Err"}}}}}}},
    "/drift/{id}": {"get": {"operationId": "get_drift",
      "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}],
      "responses": {"200": {"description": "OK", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Out"}}}},
        "default": {"description": "error", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Err"}}}}}}}
  },
  "components": {"schemas": {
    "In": {"type": "object", "required": ["n"], "properties": {"n": {"type": "integer", "minimum": 0, "maximum": 10}, "name": {"type": "string"}}},
    "Out": {"type": "object", "required": ["n"], "properties": {"n": {"type": "integer"}}},
    "Err": {"type": "object", "required": ["error"], "properties": {"error": {"type": "object", "required": ["message"], "properties": {"message": {"type": "string"}}}}}
  }}
}`

// brokenServer implements the small document with two planted bugs: /crash
// answers 500 when n is 7, and /drift answers a text n for ids starting with a
// digit. /ok is right.
func brokenServer(t *testing.T) *httptest.Server {
	answer := func(w http.ResponseWriter, status int, v any) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		_ = json.NewEncoder(w).Encode(v)
	}
	read := func(w http.ResponseWriter, r *http.Request) (map[string]any, bool) {
		var in map[string]any
		if err := json.NewDecoder(r.Body).Decode(&in); err != nil {
			answer(w, 400, map[string]any{"error": map[string]any{"message": "bad JSON"}})
			return nil, false
		}
		if n, ok := in["n"].(float64); !ok || n != float64(int(n)) || n < 0 || n > 10 {
			answer(w, 400, map[string]any{"error": map[string]any{"message": "n must be 0-10"}})
			return nil, false
		}
		return in, true
	}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /api/ok", func(w http.ResponseWriter, r *http.Request) {
		if in, ok := read(w, r); ok {
			answer(w, 200, map[string]any{"n": in["n"]})
		}
	})
	mux.HandleFunc("POST /api/crash", func(w http.ResponseWriter, r *http.Request) {
		if in, ok := read(w, r); ok {
			if in["n"] == 7.0 {
				http.Error(w, "runtime error: index out of range", 500)
				return
			}
			answer(w, 200, map[string]any{"n": in["n"]})
		}
	})
	mux.HandleFunc("GET /api/drift/{id}", func(w http.ResponseWriter, r *http.Request) {
		if id := r.PathValue("id"); id != "" && id[0] >= '0' && id[0] <= '9' {
			answer(w, 200, map[string]any{"n": id})
			return
		}
		answer(w, 200, map[string]any{"n": 1})
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv
}

func loadDoc(t *testing.T, data []byte) *openapi3.T {
	doc, err := LoadDocument(data)
	require.NoError(t, err)
	return doc
}

// The fuzzer finds both planted bugs, names the operation, role, seed and
// request of each, and reports nothing against the operation that is right; an
// invariant that breaks is reported with the calls before it.
func TestRunFindsPlantedBugs(t *testing.T) {
	srv := brokenServer(t)
	doc := loadDoc(t, []byte(smallDoc))
	checks := 0
	sum, err := Run(context.Background(), Config{
		BaseURL: srv.URL, Doc: doc, Seed: 7, Budget: time.Minute, MaxRequests: 600,
		Roles: []Role{{Name: "anyone", Weight: 1, Sign: func(*http.Request) {}}},
		Invariant: func() error {
			checks++
			return errors.New("the other account's labels changed")
		},
		InvariantEvery: time.Hour, // once, at the end
	})
	require.NoError(t, err)
	var out strings.Builder
	sum.Write(&out)
	t.Log("\n" + out.String())

	assert.Equal(t, 600, sum.Requests)
	assert.Equal(t, 3, sum.Covered)
	assert.Positive(t, sum.Server5xx)
	assert.Positive(t, sum.Schema)
	assert.Equal(t, 1, sum.Invariant)
	kinds := map[string]Failure{}
	for _, f := range sum.Failures {
		assert.NotEqual(t, "post_ok", f.Op, "the correct operation is not reported: %s", f)
		kinds[f.Kind+" "+f.Op] = f
	}
	crash, ok := kinds[Server5xx+" post_crash"]
	require.True(t, ok, "the 500 is found")
	assert.Equal(t, 500, crash.Status)
	assert.JSONEq(t, `7`, mustField(t, crash.Request.Body, "n"), "the reported request is the one that crashed")
	assert.Contains(t, crash.String(), "seed 7")
	assert.Contains(t, crash.String(), "as anyone")
	drift, ok := kinds[Schema+" get_drift"]
	require.True(t, ok, "the answer the document does not describe is found")
	assert.Contains(t, drift.Detail, `"n"`)
	assert.Regexp(t, `^/drift/[0-9]`, drift.Request.Path)
	assert.Contains(t, kinds["invariant "].Detail, "the other account's labels changed")
	assert.Equal(t, 1, checks)
	assert.Regexp(t, `#[0-9]+ POST /api/(ok|crash) as anyone`, kinds["invariant "].Detail, "the report lists the calls that may have written")
	assert.True(t, sum.Failed())

	// The same seed makes the same requests: request #N replays.
	again, err := Run(context.Background(), Config{BaseURL: srv.URL, Doc: doc, Seed: 7, Budget: time.Minute, MaxRequests: crash.N,
		Roles: []Role{{Name: "anyone", Weight: 1, Sign: func(*http.Request) {}}}})
	require.NoError(t, err)
	require.NotEmpty(t, again.Failures)
	assert.Equal(t, crash.N, again.Failures[len(again.Failures)-1].N)
	assert.Equal(t, crash.Request.Body, again.Failures[len(again.Failures)-1].Request.Body)
}

func mustField(t *testing.T, body []byte, k string) string {
	var m map[string]json.RawMessage
	require.NoError(t, json.Unmarshal(body, &m), string(body))
	return string(m[k])
}

// The checker on its own: a 5xx is a failure whatever its body, an answer of
// the documented shape passes, a wrong shape, an undocumented content type and an
// error body that is not the documented one are schema violations.
func TestCheckerJudgesAnswers(t *testing.T) {
	doc := loadDoc(t, []byte(smallDoc))
	var ok *Operation
	for _, op := range Operations(doc) {
		if op.ID == "post_ok" {
			ok = op
		}
	}
	require.NotNil(t, ok)
	c := &Checker{Doc: doc, Allowed5xx: map[string][]int{"post_ok": {502}}}
	req := httptest.NewRequest("POST", "/api/ok", nil)
	js := http.Header{"Content-Type": {"application/json"}}
	for _, tc := range []struct {
		name   string
		status int
		header http.Header
		body   string
		want   string
	}{
		{"documented answer", 200, js, `{"n": 3}`, ""},
		{"documented error", 400, js, `{"error": {"message": "n must be 0-10"}}`, ""},
		{"an allowed upstream failure", 502, js, `{"error": {"message": "The image could not be loaded."}}`, ""},
		{"a 500 with a valid body", 500, js, `{"error": {"message": "Something went wrong"}}`, Server5xx},
		{"a 503", 503, js, `{"error": {"message": "down"}}`, Server5xx},
		{"wrong type", 200, js, `{"n": "3"}`, Schema},
		{"missing required field", 200, js, `{}`, Schema},
		{"not JSON", 200, js, `<html>`, Schema},
		{"undocumented content type", 200, http.Header{"Content-Type": {"text/html"}}, `<p>hi</p>`, Schema},
		{"error body of another shape", 404, http.Header{"Content-Type": {"text/plain"}}, `404 page not found`, Schema},
		{"error body missing its message", 400, js, `{"error": {}}`, Schema},
	} {
		t.Run(tc.name, func(t *testing.T) {
			kind, detail := c.Check(ok, req, tc.status, tc.header, []byte(tc.body))
			assert.Equal(t, tc.want, kind, detail)
		})
	}
}

// Requests the generator means as valid conform to the operation's schema, for
// every operation of the committed document (no seeds, no pool: the schema alone),
// so that a 400 to one is the server's judgement, not the generator's mistake.
func TestValidBodiesConformToTheDocument(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "webapp", "src", "api", "openapi.json"))
	require.NoError(t, err)
	doc := loadDoc(t, data)
	g := &Generator{R: rand.New(rand.NewSource(1)), Pool: NewPool(1)}
	n := 0
	for _, op := range Operations(doc) {
		schema := op.JSONBody()
		if schema == nil {
			continue
		}
		for range 50 {
			req := g.Request(op)
			if req.Shape != "valid" {
				continue
			}
			n++
			var v any
			dec := json.NewDecoder(bytes.NewReader(req.Body))
			dec.UseNumber() // 1e400 is a valid JSON number
			require.NoError(t, dec.Decode(&v), "%s: %s", op.ID, req.Body)
			require.NoError(t, schema.Value.VisitJSON(v, openapi3.EnableJSONSchema2020()), "%s: %s", op.ID, req.Body)
		}
	}
	assert.Greater(t, n, 500)
}

// Every seed body belongs to an operation of the committed document: a seed of a
// renamed or removed operation would silently stop being used.
func TestSeedsNameDocumentedOperations(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "webapp", "src", "api", "openapi.json"))
	require.NoError(t, err)
	ops := map[string]bool{}
	for _, op := range Operations(loadDoc(t, data)) {
		ops[op.ID] = op.JSONBody() != nil
	}
	seeds, err := APISeeds()
	require.NoError(t, err)
	require.NotEmpty(t, seeds.Bodies)
	for id, bodies := range seeds.Bodies {
		assert.True(t, ops[id], "seeds.json: %s is not an operation with a JSON body", id)
		for _, b := range bodies {
			assert.True(t, json.Valid(b), "%s: %s", id, b)
		}
	}
}

// However short the budget (a busy machine), a run calls every operation once.
func TestRunCallsEveryOperationWhateverTheBudget(t *testing.T) {
	srv := brokenServer(t)
	sum, err := Run(context.Background(), Config{BaseURL: srv.URL, Doc: loadDoc(t, []byte(smallDoc)), Seed: 3, Budget: time.Nanosecond,
		Roles: []Role{{Name: "anyone", Weight: 1, Sign: func(*http.Request) {}}}})
	require.NoError(t, err)
	assert.Equal(t, 3, sum.Requests)
	assert.Equal(t, sum.Operations, sum.Covered)
}
