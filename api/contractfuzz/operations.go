// Package contractfuzz is a property-based test of the whole API contract: it
// reads the OpenAPI document the route table generates, and for every operation
// generates parameters and bodies from the operation's schemas (valid ones,
// boundary values and invalid ones: wrong types, missing and extra fields, huge
// and hostile text, malformed JSON), calls a real server as each role, and checks
// every answer: no 5xx, and the status and body are the ones the document
// describes. The caller adds invariants of its own (no change to another
// account's rows) and heals what a call may legitimately break (a blocked user,
// an ended session).
//
// A run is seeded: a failure names the seed, the request's number, the
// operation, the role and the request, so that it can be replayed
// (api/contractfuzz/contract_fuzz_test.go says how).
package contractfuzz

import (
	"sort"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
)

// Operation is one operation of the document.
type Operation struct {
	ID     string // operationId, e.g. post_tabular_getConditionsData
	Method string
	Path   string // the document's path, "/custom_reports/{id}" (under the server URL /api)
	Item   *openapi3.PathItem
	Op     *openapi3.Operation
}

// Access is the operation's x-access rule as the document states it.
func (o *Operation) Access() string {
	s, _ := o.Op.Extensions["x-access"].(string)
	return s
}

// JSONBody is the schema of the operation's JSON request body, or nil.
func (o *Operation) JSONBody() *openapi3.SchemaRef {
	if rb := o.Op.RequestBody; rb != nil && rb.Value != nil {
		if mt := rb.Value.Content.Get("application/json"); mt != nil {
			return mt.Schema
		}
	}
	return nil
}

// Operations lists the document's operations ordered by id, so that a seed
// picks the same operations on every run.
func Operations(doc *openapi3.T) []*Operation {
	var ops []*Operation
	for path, item := range doc.Paths.Map() {
		for method, op := range item.Operations() {
			ops = append(ops, &Operation{ID: op.OperationID, Method: strings.ToUpper(method), Path: path, Item: item, Op: op})
		}
	}
	sort.Slice(ops, func(i, j int) bool { return ops[i].ID < ops[j].ID })
	return ops
}
