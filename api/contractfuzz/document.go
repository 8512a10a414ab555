package contractfuzz

import (
	"context"

	"github.com/getkin/kin-openapi/openapi3"
)

// LoadDocument parses and validates an OpenAPI document for a run.
//
// The document describes free-form JSON (a grid condition, json.RawMessage) with
// the empty schema {}, which in JSON Schema 2020-12 accepts any value, null
// included. kin-openapi validates schemas with references by its OpenAPI 3.0
// rules, where {} refuses null ("Value is not nullable"), so each empty schema
// gets the equivalent list of all six JSON types here, in this copy only.
func LoadDocument(data []byte) (*openapi3.T, error) {
	doc, err := openapi3.NewLoader().LoadFromData(data)
	if err != nil {
		return nil, err
	}
	if err := doc.Validate(context.Background()); err != nil {
		return nil, err
	}
	seen := map[*openapi3.Schema]bool{}
	for _, ref := range doc.Components.Schemas {
		anyForEmpty(ref, seen)
	}
	for _, op := range Operations(doc) {
		if b := op.JSONBody(); b != nil {
			anyForEmpty(b, seen)
		}
		for _, r := range op.Op.Responses.Map() {
			if r.Value != nil {
				for _, mt := range r.Value.Content {
					anyForEmpty(mt.Schema, seen)
				}
			}
		}
		for _, p := range op.Op.Parameters {
			if p.Value != nil {
				anyForEmpty(p.Value.Schema, seen)
			}
		}
	}
	return doc, nil
}

var allTypes = openapi3.Types{"null", "boolean", "number", "string", "array", "object"}

func anyForEmpty(ref *openapi3.SchemaRef, seen map[*openapi3.Schema]bool) {
	if ref == nil || ref.Value == nil || seen[ref.Value] {
		return
	}
	s := ref.Value
	seen[s] = true
	if s.Type == nil && len(s.Properties) == 0 && s.IsEmpty() {
		t := append(openapi3.Types{}, allTypes...)
		s.Type = &t
	}
	for _, p := range s.Properties {
		anyForEmpty(p, seen)
	}
	anyForEmpty(s.Items, seen)
	anyForEmpty(s.AdditionalProperties.Schema, seen)
	anyForEmpty(s.Not, seen)
	for _, list := range []openapi3.SchemaRefs{s.AllOf, s.AnyOf, s.OneOf} {
		for _, r := range list {
			anyForEmpty(r, seen)
		}
	}
}
