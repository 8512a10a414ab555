package contractfuzz

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"sort"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
)

// Op is one operation of the document.
type Op struct {
	Method, Path string // Path as the document writes it (/scenarios/{id}), under /api
	Item         *openapi3.PathItem
	Operation    *openapi3.Operation
	Access       string // x-access: "public", "session", "account", "bearer token of GET /api/token", …
}

// Public reports an operation that needs no session (sign-in and the like).
func (o Op) Public() bool { return o.Access == "public" }

// Token reports an operation that takes the bearer token of GET /api/token.
func (o Op) Token() bool { return strings.Contains(o.Access, "bearer token") }

// Key names the operation: "POST /tabular/getConditionsData".
func (o Op) Key() string { return o.Method + " " + o.Path }

// Operations lists the document's operations in a fixed order.
func Operations(doc *openapi3.T) []Op {
	var out []Op
	for path, item := range doc.Paths.Map() {
		for method, op := range item.Operations() {
			access, _ := op.Extensions["x-access"].(string)
			out = append(out, Op{Method: method, Path: path, Item: item, Operation: op, Access: access})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Key() < out[j].Key() })
	return out
}

// Request is one generated call of an operation.
type Request struct {
	Op         Op
	Mode       Mode
	PathParams map[string]string
	Query      url.Values
	Body       []byte // nil: none
}

// Target is the request's path and query under /api.
func (r Request) Target() string {
	p := r.Op.Path
	for k, v := range r.PathParams {
		p = strings.ReplaceAll(p, "{"+k+"}", url.PathEscape(v))
	}
	if len(r.Query) > 0 {
		p += "?" + r.Query.Encode()
	}
	return "/api" + p
}

// String is the request as a failure prints it, to replay by hand.
func (r Request) String() string {
	s := r.Op.Method + " " + r.Target() + " (" + r.Mode.String() + ")"
	if r.Body != nil {
		b := r.Body
		if len(b) > 600 {
			b = append(b[:600:600], "…"...)
		}
		s += " " + string(b)
	}
	return s
}

// Request makes a call of op in mode m.
func (g *Gen) Request(op Op, m Mode) Request {
	r := Request{Op: op, Mode: m, PathParams: map[string]string{}, Query: url.Values{}}
	for _, pr := range op.Operation.Parameters {
		p := pr.Value
		if p == nil || (!p.Required && g.R.Intn(3) == 0) {
			continue
		}
		v := fmt.Sprint(g.Value(p.Schema, m, 1))
		if m == Invalid && g.R.Intn(2) == 0 {
			v = hostile[g.R.Intn(len(hostile))]
		}
		switch p.In {
		case "path":
			if v == "" {
				v = "0"
			}
			r.PathParams[p.Name] = v
		case "query":
			r.Query.Set(p.Name, v)
		}
	}
	if rb := op.Operation.RequestBody; rb != nil && rb.Value != nil {
		if mt := rb.Value.Content.Get("application/json"); mt != nil {
			r.Body, _ = json.Marshal(g.Value(mt.Schema, m, 5))
			if m == Invalid && g.R.Intn(10) == 0 {
				r.Body = append([]byte(nil), r.Body[:len(r.Body)/2]...) // cut: not JSON
			}
		}
	} else if op.Method == http.MethodPost && g.R.Intn(2) == 0 {
		r.Body, _ = json.Marshal(g.anyValue(m, 2)) // a body the route does not describe
	}
	return r
}

// Check validates an answer against the document: its status is documented, and
// a JSON body matches the status's schema. A nil error is a conforming answer.
func Check(ctx context.Context, doc *openapi3.T, r Request, req *http.Request, status int, header http.Header, body []byte) error {
	route := &routers.Route{Spec: doc, Path: r.Op.Path, PathItem: r.Op.Item, Method: r.Op.Method, Operation: r.Op.Operation}
	opts := &openapi3filter.Options{IncludeResponseStatus: true, MultiError: true}
	if ct := header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		opts.ExcludeResponseBody = true // files, images, scripts: their type is checked, not their bytes
		if !documentsType(r.Op.Operation, status, ct) {
			return fmt.Errorf("status %d with Content-Type %q, which the document does not give this operation", status, ct)
		}
	}
	in := &openapi3filter.ResponseValidationInput{
		RequestValidationInput: &openapi3filter.RequestValidationInput{Request: req, PathParams: r.PathParams, Route: route, Options: opts},
		Status:                 status, Header: header, Body: io.NopCloser(bytes.NewReader(body)), Options: opts,
	}
	return openapi3filter.ValidateResponse(ctx, in)
}

// documentsType reports whether op documents content type ct (parameters aside)
// for status, or for its default answer.
func documentsType(op *openapi3.Operation, status int, ct string) bool {
	base, _, _ := strings.Cut(ct, ";")
	for _, resp := range []*openapi3.ResponseRef{op.Responses.Status(status), op.Responses.Default()} {
		if resp == nil || resp.Value == nil {
			continue
		}
		for t := range resp.Value.Content {
			if t == base || (strings.HasSuffix(t, "/*") && strings.HasPrefix(base, strings.TrimSuffix(t, "*"))) {
				return true
			}
		}
	}
	return false
}
