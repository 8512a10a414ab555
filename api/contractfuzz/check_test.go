package contractfuzz

import (
	"context"
	"encoding/json"
	"math/rand"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const miniDoc = `{"openapi": "3.1.0", "info": {"title": "t", "version": "1"}, "paths": {
  "/things/{id}": {"post": {"x-access": "account",
    "parameters": [{"in": "path", "name": "id", "required": true, "schema": {"type": "integer"}}],
    "requestBody": {"content": {"application/json": {"schema": {"type": "object", "required": ["name"],
      "properties": {"name": {"type": "string"}, "kind": {"enum": ["a", "b"]}, "n": {"type": "integer", "minimum": 1, "maximum": 5}}}}}},
    "responses": {"200": {"description": "OK", "content": {"application/json": {"schema": {"type": "object", "required": ["n"],
      "properties": {"n": {"type": "integer"}}}}}},
      "default": {"description": "error", "content": {"application/json": {"schema": {"type": "object",
        "properties": {"error": {"type": "object", "properties": {"message": {"type": "string"}}}}}}}}}}}}}`

// The checker refuses answers the document does not allow — a body of the wrong
// shape, a content type it does not list — and passes conforming ones, so a run
// with zero violations means something.
func TestCheckCatchesWhatTheDocumentDoesNotAllow(t *testing.T) {
	doc, err := openapi3.NewLoader().LoadFromData([]byte(miniDoc))
	require.NoError(t, err)
	require.NoError(t, doc.Validate(context.Background()))
	ops := Operations(doc)
	require.Len(t, ops, 1)
	r := Request{Op: ops[0], PathParams: map[string]string{"id": "1"}}
	req := httptest.NewRequest("POST", r.Target(), nil)
	jsonCT := http.Header{"Content-Type": {"application/json"}}
	for _, tc := range []struct {
		name   string
		status int
		header http.Header
		body   string
		ok     bool
	}{
		{"conforming", 200, jsonCT, `{"n": 3}`, true},
		{"an error answer", 400, jsonCT, `{"error": {"message": "bad"}}`, true},
		{"a field of the wrong type", 200, jsonCT, `{"n": "three"}`, false},
		{"a required field missing", 200, jsonCT, `{}`, false},
		{"an error of the wrong shape", 404, jsonCT, `{"error": "not found"}`, false},
		{"not JSON", 200, jsonCT, `{"n": `, false},
		{"a content type not documented", 200, http.Header{"Content-Type": {"text/html"}}, `<p>hi</p>`, false},
	} {
		err := Check(context.Background(), doc, r, req, tc.status, tc.header, []byte(tc.body))
		if tc.ok {
			assert.NoError(t, err, tc.name)
		} else {
			assert.Error(t, err, tc.name)
		}
	}
}

// Generated requests follow the mode: valid bodies keep the schema's types and
// required fields; invalid ones break it; the same seed makes the same requests.
func TestRequestsFollowTheirMode(t *testing.T) {
	doc, err := openapi3.NewLoader().LoadFromData([]byte(miniDoc))
	require.NoError(t, err)
	op := Operations(doc)[0]
	body := op.Operation.RequestBody.Value.Content.Get("application/json").Schema.Value
	g := &Gen{R: rand.New(rand.NewSource(3))}
	broke := 0
	for i := 0; i < 200; i++ {
		r := g.Request(op, Valid)
		var v any
		require.NoError(t, json.Unmarshal(r.Body, &v), "%s", r.Body)
		assert.NoError(t, body.VisitJSON(v), "valid: %s", r.Body)
		r = g.Request(op, Invalid)
		if json.Unmarshal(r.Body, &v) != nil || body.VisitJSON(v) != nil {
			broke++
		}
	}
	assert.Greater(t, broke, 100, "most invalid bodies break the schema (some mutations, such as an unknown field, are allowed by it)")
	a, b := &Gen{R: rand.New(rand.NewSource(9))}, &Gen{R: rand.New(rand.NewSource(9))}
	for i := 0; i < 50; i++ {
		assert.Equal(t, a.Request(op, Mode(i%3)).String(), b.Request(op, Mode(i%3)).String())
	}
}
