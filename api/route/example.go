package route

import (
	"encoding/json"
	"fmt"

	"github.com/getkin/kin-openapi/openapi3"
)

// ValidateExample checks one recorded exchange of a route (method, the route's
// path in Echo's syntax, the answer's status, the raw JSON bodies) against the
// document: the request body against the operation's request schema and a 200
// answer against its response schema. Tests record every exchange they make and
// call it, so the document cannot drift from what the handlers really do.
func ValidateExample(doc *openapi3.T, method, path string, status int, request, response []byte) error {
	item := doc.Paths.Find(openAPIPath(path))
	if item == nil {
		return fmt.Errorf("%s %s: not in the document", method, path)
	}
	op := item.GetOperation(method)
	if op == nil {
		return fmt.Errorf("%s %s: no operation in the document", method, path)
	}
	check := func(what string, ref *openapi3.SchemaRef, body []byte) error {
		if ref == nil || ref.Value == nil || len(body) == 0 {
			return nil
		}
		var v any
		if err := json.Unmarshal(body, &v); err != nil {
			return nil // not JSON (a file, a stream): described by its content type only
		}
		if err := ref.Value.VisitJSON(v, openapi3.EnableJSONSchema2020()); err != nil {
			return fmt.Errorf("%s %s: the %s does not match the document: %w", method, path, what, err)
		}
		return nil
	}
	if rb := op.RequestBody; rb != nil && rb.Value != nil {
		if mt := rb.Value.Content.Get("application/json"); mt != nil {
			if err := check("request", mt.Schema, request); err != nil {
				return err
			}
		}
	}
	if status != 200 {
		return nil
	}
	if r := op.Responses.Status(200); r != nil && r.Value != nil {
		if mt := r.Value.Content.Get("application/json"); mt != nil {
			return check("answer", mt.Schema, response)
		}
	}
	return nil
}
