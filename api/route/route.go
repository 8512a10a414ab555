// Package route is the API's contract. Every route is one Route value: method,
// path, the access it needs, its request and response types, and its handler.
// The server registers routes only from the table (Install), the access
// middleware looks each request's rule up in it and refuses what it does not find
// (fail closed), Verify makes startup fail when Echo holds a handler the table does
// not list, and /api/openapi.json is generated from it (Document).
package route

import (
	"net/http"
	"reflect"
	"strings"

	"github.com/labstack/echo/v4"
)

// Route is one row of the table.
type Route struct {
	Method  string
	Path    string // under /api, in Echo's syntax (":id" parameters)
	Access  Access
	Summary string // one line for the OpenAPI document
	Handler Handler
}

// Key is the route's identity in the table: "POST /api/auth".
func (r Route) Key() string { return Key(r.Method, "/api"+r.Path) }

// Key builds the identity of a method and a full path (as Echo reports it).
func Key(method, fullPath string) string { return method + " " + fullPath }

// Handler is an Echo handler with the Go types of its body and answer, which the
// OpenAPI document describes. Build it with JSON, Query or Raw.
type Handler struct {
	fn       echo.HandlerFunc
	request  reflect.Type // nil: no body
	query    reflect.Type // nil: no query parameters described
	response reflect.Type // nil: see produces
	produces string       // content type of a Raw answer ("" = JSON)
}

// Func is the Echo handler.
func (h Handler) Func() echo.HandlerFunc { return h.fn }

// Request is the Go type of the body it decodes (nil: none), for tests that pick
// every route of a kind from the table.
func (h Handler) Request() reflect.Type { return h.request }

// Validator is implemented by request types that check themselves after decoding;
// the adapter calls it so that a handler only ever sees valid input.
type Validator interface{ Validate() error }

// JSON adapts fn to a handler of a JSON body: decode (a 4xx naming the field on bad
// input), validate, call, render 200 with the answer as JSON. A body-less request
// decodes to the zero Req. Req may be struct{} for calls without input.
func JSON[Req, Resp any](fn func(c echo.Context, in Req) (Resp, error)) Handler {
	return Handler{
		fn: func(c echo.Context) error {
			var in Req
			if err := decodeBody(c, &in); err != nil {
				return err
			}
			return call(c, in, fn)
		},
		request:  typeOf[Req](),
		response: typeOf[Resp](),
	}
}

// Query adapts fn to a handler whose input is the query string (`query:"name"`
// tags), for GET calls: decode, validate, call, render 200 JSON.
func Query[Req, Resp any](fn func(c echo.Context, in Req) (Resp, error)) Handler {
	return Handler{
		fn: func(c echo.Context) error {
			var in Req
			if err := decodeQuery(c, &in); err != nil {
				return err
			}
			return call(c, in, fn)
		},
		query:    typeOf[Req](),
		response: typeOf[Resp](),
	}
}

// Raw wraps a handler that writes its own answer (a file, a stream, a redirect, a
// multipart upload). produces is the answer's content type for the document; Req
// and Resp describe the JSON parts where there are any (use struct{} for none).
func Raw[Req, Resp any](fn echo.HandlerFunc, produces string) Handler {
	return Handler{fn: fn, request: typeOf[Req](), response: typeOf[Resp](), produces: produces}
}

func call[Req, Resp any](c echo.Context, in Req, fn func(echo.Context, Req) (Resp, error)) error {
	if v, ok := any(&in).(Validator); ok {
		if err := v.Validate(); err != nil {
			return err
		}
	} else if v, ok := any(in).(Validator); ok {
		if err := v.Validate(); err != nil {
			return err
		}
	}
	out, err := fn(c, in)
	if err != nil {
		return err
	}
	if c.Response().Committed {
		return nil
	}
	if a, ok := any(out).(Appender); ok {
		b, err := a.AppendJSON(nil)
		if err != nil {
			return err
		}
		return c.JSONBlob(http.StatusOK, b)
	}
	return c.JSON(http.StatusOK, out)
}

// Appender is an answer that writes its own JSON, byte for byte what encoding/json
// writes for it (its tests say so), when encoding/json's reflection and its check
// of a Marshaler's output cost too much: a trend's 1,096 rows of 40 values took
// ~27 ms to encode (trend.DayRows).
type Appender interface {
	AppendJSON(b []byte) ([]byte, error)
}

// typeOf is T's type, or nil for struct{} (no input / no documented answer).
func typeOf[T any]() reflect.Type {
	t := reflect.TypeFor[T]()
	if t.Kind() == reflect.Struct && t.NumField() == 0 {
		return nil
	}
	return t
}

// openAPIPath turns Echo's ":id" parameters into OpenAPI's "{id}".
func openAPIPath(p string) string {
	parts := strings.Split(p, "/")
	for i, s := range parts {
		if strings.HasPrefix(s, ":") {
			parts[i] = "{" + s[1:] + "}"
		}
	}
	return strings.Join(parts, "/")
}
