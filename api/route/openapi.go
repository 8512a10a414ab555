package route

import (
	"encoding/json"
	"fmt"
	"net/http"
	"reflect"
	"sort"
	"strings"
	"unicode"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3gen"
	"github.com/labstack/echo/v4"

	"pricelens/api/httperr"
	"pricelens/api/reqbody"
)

// ErrorBody is every 4xx and 5xx answer: {"error": {"code", "message", "field"}}.
type ErrorBody struct {
	Error httperr.Error `json:"error"`
}

// Document generates the OpenAPI 3.1 document of the table: one operation per
// route, its access rule as x-access, schemas of the Go request and response types
// as components named after their package and type.
func (t *Table) Document(title, version string) (*openapi3.T, error) {
	doc := &openapi3.T{
		OpenAPI:    "3.1.0",
		Info:       &openapi3.Info{Title: title, Version: version},
		Paths:      openapi3.NewPaths(),
		Components: &openapi3.Components{Schemas: openapi3.Schemas{}},
		Servers:    openapi3.Servers{{URL: "/api"}},
	}
	// A generator per type: each call exports every component it meets into the
	// document's schemas (a shared generator hands out refs to components it
	// exported for an earlier type only).
	schema := func(rt reflect.Type) (*openapi3.SchemaRef, error) {
		return openapi3gen.NewSchemaRefForValue(reflect.New(rt).Elem().Interface(), doc.Components.Schemas,
			openapi3gen.CreateComponentSchemas(openapi3gen.ExportComponentSchemasOptions{ExportComponentSchemas: true, ExportTopLevelSchema: true}),
			openapi3gen.CreateTypeNameGenerator(schemaName),
			openapi3gen.SchemaCustomizer(customize))
	}
	errRef, err := schema(reflect.TypeFor[ErrorBody]())
	if err != nil {
		return nil, err
	}
	for _, r := range t.routes {
		op := &openapi3.Operation{
			OperationID: operationID(r),
			Summary:     r.Summary,
			Responses:   openapi3.NewResponses(),
			Extensions:  map[string]any{"x-access": r.Access.String()},
		}
		if r.Access.NeedsPermission() && r.Access.Code != 0 {
			op.Extensions["x-permission"] = int(r.Access.Code)
		}
		for _, p := range strings.Split(r.Path, "/") {
			if strings.HasPrefix(p, ":") {
				op.AddParameter(openapi3.NewPathParameter(p[1:]).WithSchema(openapi3.NewStringSchema()))
			}
		}
		if q := r.Handler.query; q != nil {
			for i := 0; i < q.NumField(); i++ {
				f := q.Field(i)
				name := f.Tag.Get("query")
				if name == "" || name == "-" {
					continue
				}
				ref, err := schema(f.Type)
				if err != nil {
					return nil, fmt.Errorf("%s: query %s: %w", r.Key(), name, err)
				}
				op.AddParameter(&openapi3.Parameter{In: openapi3.ParameterInQuery, Name: name, Schema: ref})
			}
		}
		if rt := r.Handler.request; rt != nil {
			ref, err := schema(rt)
			if err != nil {
				return nil, fmt.Errorf("%s: request: %w", r.Key(), err)
			}
			op.RequestBody = &openapi3.RequestBodyRef{Value: openapi3.NewRequestBody().WithJSONSchemaRef(ref)}
		}
		ok := openapi3.NewResponse().WithDescription("OK")
		switch {
		case r.Handler.produces != "":
			ok.WithContent(openapi3.NewContentWithSchema(openapi3.NewSchema(), []string{r.Handler.produces}))
			if rt := r.Handler.response; rt != nil {
				ref, err := schema(rt)
				if err != nil {
					return nil, fmt.Errorf("%s: response: %w", r.Key(), err)
				}
				ok.Content["application/json"] = openapi3.NewMediaType().WithSchemaRef(ref)
			}
		case r.Handler.response != nil:
			ref, err := schema(r.Handler.response)
			if err != nil {
				return nil, fmt.Errorf("%s: response: %w", r.Key(), err)
			}
			ok.WithJSONSchemaRef(ref)
		default:
			ok.WithJSONSchema(openapi3.NewObjectSchema())
		}
		op.Responses.Set("200", &openapi3.ResponseRef{Value: ok})
		op.Responses.Set("default", &openapi3.ResponseRef{Value: openapi3.NewResponse().
			WithDescription("An error a person can act on (4xx) or an outage (503)").WithJSONSchemaRef(errRef)})
		doc.AddOperation(openAPIPath("/"+strings.TrimPrefix(r.Path, "/")), r.Method, op)
	}
	// Point every $ref at its component, so the document validates and validators
	// can follow it in memory.
	if err := openapi3.NewLoader().ResolveRefsIn(doc, nil); err != nil {
		return nil, err
	}
	return doc, nil
}

// operationID is a stable id from the method and path, e.g. post_tabular_getConditionsData.
func operationID(r Route) string {
	var b strings.Builder
	b.WriteString(strings.ToLower(r.Method))
	for _, p := range strings.Split(r.Path, "/") {
		if p == "" {
			continue
		}
		b.WriteByte('_')
		b.WriteString(strings.TrimPrefix(p, ":"))
	}
	return b.String()
}

// schemaName names a component after its package and type (access.SignIn →
// AccessSignIn), so types of the same name in two areas do not collide.
func schemaName(t reflect.Type) string {
	pkg := t.PkgPath()
	if i := strings.LastIndex(pkg, "/"); i >= 0 {
		pkg = pkg[i+1:]
	}
	name := t.Name()
	if i := strings.Index(name, "["); i >= 0 { // generic instantiation
		name = name[:i]
	}
	if pkg == "" || name == "" {
		return name
	}
	return upperFirst(pkg) + upperFirst(name)
}

func upperFirst(s string) string {
	r := []rune(s)
	r[0] = unicode.ToUpper(r[0])
	return string(r)
}

var rawMessage = reflect.TypeFor[json.RawMessage]()

// lenientSchemas describe the request types whose JSON decoding accepts more than
// one shape, as the specification's payloads send them (api/reqbody): an id as a
// number or a numeric string, a list of texts or one text.
var lenientSchemas = map[reflect.Type]func() *openapi3.Schema{
	reflect.TypeFor[reqbody.ID]():      idSchema,
	reflect.TypeFor[reqbody.IDs]():     func() *openapi3.Schema { return nullable(openapi3.NewArraySchema().WithItems(idSchema())) },
	reflect.TypeFor[reqbody.Strings](): stringsSchema,
}

func idSchema() *openapi3.Schema {
	return &openapi3.Schema{Type: &openapi3.Types{"integer", "string", "null"}, Pattern: "^-?[0-9]+$",
		Description: "an id, as a JSON number or a numeric string"}
}

func stringsSchema() *openapi3.Schema {
	item := &openapi3.Schema{Type: &openapi3.Types{"string", "number"}}
	return &openapi3.Schema{Type: &openapi3.Types{"array", "string", "null"}, Items: openapi3.NewSchemaRef("", item),
		Description: "a list of texts, or one text"}
}

func nullable(s *openapi3.Schema) *openapi3.Schema {
	types := append(openapi3.Types{}, *s.Type...)
	types = append(types, "null")
	s.Type = &types
	return s
}

// customize documents free-form JSON (json.RawMessage) as any value, and marks fields whose json tag has no omitempty as required.
//
// Go encodes a nil slice or map and a nil pointer as null, so their schemas allow
// null (OpenAPI 3.1 has no "nullable": null is one of the types).
func customize(_ string, t reflect.Type, tag reflect.StructTag, s *openapi3.Schema) error {
	if t == rawMessage {
		*s = openapi3.Schema{}
		return nil
	}
	if t.Kind() == reflect.Interface {
		// any value, null included (e.g. a column's groupModeParams, always null)
		*s = openapi3.Schema{Type: &openapi3.Types{"null", "boolean", "number", "string", "array", "object"}}
		return nil
	}
	if lenient, ok := lenientSchemas[t]; ok {
		*s = *lenient()
		return nil
	}
	if s.Type != nil && (s.Nullable || t.Kind() == reflect.Slice || t.Kind() == reflect.Map) && !s.Type.Includes("null") {
		types := append(openapi3.Types{}, *s.Type...)
		types = append(types, "null")
		s.Type = &types
		s.Nullable = false
	}
	if t.Kind() == reflect.Struct {
		req := requiredFields(t, s)
		sort.Strings(req)
		s.Required = req
	}
	return nil
}

// requiredFields are the JSON names of t's required fields, those of embedded
// structs included (encoding/json and the generator flatten them into t).
func requiredFields(t reflect.Type, s *openapi3.Schema) []string {
	var req []string
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		jt := f.Tag.Get("json")
		name, opts, _ := strings.Cut(jt, ",")
		if f.Anonymous && name == "" && f.Type.Kind() == reflect.Struct {
			req = append(req, requiredFields(f.Type, s)...)
			continue
		}
		if !f.IsExported() || name == "-" || f.Anonymous || strings.Contains(opts, "omitempty") || f.Type.Kind() == reflect.Pointer {
			continue
		}
		if name == "" {
			name = f.Name
		}
		if _, ok := s.Properties[name]; ok && required(f) {
			req = append(req, name)
		}
	}
	return req
}

// required marks an answer's field as always present: the adapters render every
// field without omitempty. Requests are decoded leniently (absent = zero), so
// request types mark their required fields with `required:"true"`.
func required(f reflect.StructField) bool {
	return f.Tag.Get("required") == "true" || f.Tag.Get("openapi") == "always"
}

// ServeDocument is a handler for GET /api/openapi.json.
func (t *Table) ServeDocument(title, version string) (Handler, error) {
	doc, err := t.Document(title, version)
	if err != nil {
		return Handler{}, err
	}
	body, err := json.Marshal(doc)
	if err != nil {
		return Handler{}, err
	}
	return Raw[struct{}, struct{}](func(c echo.Context) error {
		return c.Blob(http.StatusOK, "application/json", body)
	}, "application/json"), nil
}
