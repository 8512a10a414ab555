// Package contractfuzz generates requests for every operation of the API's OpenAPI
// document (valid, boundary and invalid bodies and parameters, from each
// operation's schemas) and checks each answer against the document. The test in
// api (contract_fuzz_test.go) runs it against the real server on the S demo data,
// as every role; `make fuzz-api` runs it for longer.
package contractfuzz

import (
	"fmt"
	"math"
	"math/rand"
	"slices"
	"sort"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
)

// Mode is what kind of input a request carries.
type Mode int

const (
	Valid    Mode = iota // the schema's types, enums and required fields
	Boundary             // valid types at their edges: empty, zero, huge, long
	Invalid              // one mutation of a valid value: a wrong type, a missing required field, an unknown field, null
)

func (m Mode) String() string { return [...]string{"valid", "boundary", "invalid"}[m] }

// Gen makes values from schemas with a seeded source, so a run can be replayed.
type Gen struct {
	R *rand.Rand
	// IDs are ids worth trying (ids of the seeded rows), Texts product ids,
	// names and the like of the seeded data; both are mixed with made-up ones.
	IDs   []int64
	Texts []string
}

// hostile are strings that have broken parsers and queries elsewhere.
var hostile = []string{"", " ", "'; DROP TABLE products; --", "\" OR 1=1 --", "../../etc/passwd", "%00", "=1+2", "<script>x</script>",
	"Ünïcödé — ✓", "a\u0000b", "\xff\xfe", "{{7*7}}", "${jndi:x}", "null", "[]", "{}", "-1", "1e400", "NaN"}

// Value is a value of schema s for mode m (depth bounds recursion).
func (g *Gen) Value(s *openapi3.SchemaRef, m Mode, depth int) any {
	v := g.value(s, m, depth)
	if m == Invalid {
		v = g.mutate(s, v, depth)
	}
	return v
}

func (g *Gen) value(s *openapi3.SchemaRef, m Mode, depth int) any {
	if s == nil || s.Value == nil {
		return g.anyValue(m, depth)
	}
	sc := s.Value
	if len(sc.Enum) > 0 && (m == Valid || g.R.Intn(4) > 0) {
		return sc.Enum[g.R.Intn(len(sc.Enum))]
	}
	if len(sc.OneOf) > 0 {
		return g.value(sc.OneOf[g.R.Intn(len(sc.OneOf))], m, depth)
	}
	if len(sc.AnyOf) > 0 {
		return g.value(sc.AnyOf[g.R.Intn(len(sc.AnyOf))], m, depth)
	}
	if len(sc.AllOf) > 0 {
		return g.value(sc.AllOf[0], m, depth)
	}
	t := sc.Type
	if t != nil && t.IncludesNull() && g.R.Intn(8) == 0 {
		return nil
	}
	switch {
	case t.Includes("object") || (t.IsEmpty() && len(sc.Properties) > 0):
		return g.object(sc, m, depth)
	case t.Includes("array"):
		n := g.R.Intn(4)
		if m == Boundary {
			n = []int{0, 1, 200}[g.R.Intn(3)]
		}
		if depth <= 0 {
			n = 0
		}
		out := make([]any, n)
		for i := range out {
			out[i] = g.value(sc.Items, m, depth-1)
		}
		return out
	case t.Includes("integer"):
		return g.integer(sc, m)
	case t.Includes("number"):
		if m == Boundary {
			return []float64{0, -0.01, 1e15, -1e15, math.MaxFloat64, math.SmallestNonzeroFloat64}[g.R.Intn(6)]
		}
		return []float64{0, 1, 2.5, 10, 99.99, -5, 100}[g.R.Intn(7)]
	case t.Includes("boolean"):
		return g.R.Intn(2) == 0
	case t.Includes("string"):
		return g.text(sc, m)
	}
	return g.anyValue(m, depth)
}

func (g *Gen) object(sc *openapi3.Schema, m Mode, depth int) any {
	out := map[string]any{}
	if depth <= 0 {
		return out
	}
	names := make([]string, 0, len(sc.Properties))
	for n := range sc.Properties {
		names = append(names, n)
	}
	sort.Strings(names) // map order is random: a seed must replay
	for _, n := range names {
		required := slices.Contains(sc.Required, n)
		if required || g.R.Intn(3) > 0 || m == Boundary {
			out[n] = g.value(sc.Properties[n], m, depth-1)
		}
	}
	if ap := sc.AdditionalProperties.Schema; ap != nil && g.R.Intn(2) == 0 {
		for i := g.R.Intn(3); i > 0; i-- {
			out[g.key()] = g.value(ap, m, depth-1)
		}
	}
	return out
}

func (g *Gen) integer(sc *openapi3.Schema, m Mode) any {
	if m == Boundary {
		return []int64{0, -1, 1, math.MaxInt32, math.MaxInt64, math.MinInt64, 1 << 53}[g.R.Intn(7)]
	}
	if len(g.IDs) > 0 && g.R.Intn(2) == 0 {
		return g.IDs[g.R.Intn(len(g.IDs))]
	}
	lo, hi := int64(0), int64(100)
	if sc.Min != nil {
		lo = int64(*sc.Min)
	}
	if sc.Max != nil && int64(*sc.Max) < hi {
		hi = int64(*sc.Max)
	}
	if hi <= lo {
		return lo
	}
	return lo + g.R.Int63n(hi-lo+1)
}

func (g *Gen) text(sc *openapi3.Schema, m Mode) any {
	switch sc.Format {
	case "date":
		return []string{"2026-11-01", "2026-02-30", "0001-01-01", "9999-12-31", "yesterday"}[g.R.Intn(5)]
	case "date-time":
		return []string{"2026-11-20T10:00:00Z", "2026-11-20", "1970-01-01T00:00:00Z"}[g.R.Intn(3)]
	case "email":
		return []string{"fuzz@example.com", "not-an-email", "a@b.co"}[g.R.Intn(3)]
	}
	if m == Boundary {
		return []string{"", strings.Repeat("x", 5000), strings.Repeat("é", 300), " "}[g.R.Intn(4)]
	}
	switch r := g.R.Intn(10); {
	case r < 4 && len(g.Texts) > 0:
		return g.Texts[g.R.Intn(len(g.Texts))]
	case r < 7:
		return hostile[g.R.Intn(len(hostile))]
	case r < 9:
		return fmt.Sprint(g.R.Intn(50))
	}
	return g.key()
}

func (g *Gen) anyValue(m Mode, depth int) any {
	switch g.R.Intn(6) {
	case 0:
		return nil
	case 1:
		return g.R.Intn(100)
	case 2:
		return hostile[g.R.Intn(len(hostile))]
	case 3:
		if depth > 0 {
			return []any{g.anyValue(m, depth-1)}
		}
	case 4:
		if depth > 0 {
			return map[string]any{g.key(): g.anyValue(m, depth-1)}
		}
	}
	return g.R.Intn(2) == 0
}

func (g *Gen) key() string {
	return []string{"x", "id", "filters", "sort", "Price@1", "__proto__", "a b", ""}[g.R.Intn(8)]
}

// mutate changes one place of v (a value of s) into something s does not allow.
func (g *Gen) mutate(s *openapi3.SchemaRef, v any, depth int) any {
	switch x := v.(type) {
	case map[string]any:
		if len(x) > 0 && g.R.Intn(2) == 0 {
			keys := make([]string, 0, len(x))
			for k := range x {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			k := keys[g.R.Intn(len(keys))]
			var sub *openapi3.SchemaRef
			if s != nil && s.Value != nil {
				sub = s.Value.Properties[k]
			}
			switch g.R.Intn(3) {
			case 0:
				delete(x, k) // perhaps a required one
			case 1:
				x[k] = g.mutate(sub, x[k], depth-1)
			default:
				x[k] = g.wrong(x[k])
			}
			return x
		}
		x[g.key()] = g.anyValue(Invalid, depth) // an unknown field
		return x
	case []any:
		if len(x) > 0 {
			x[g.R.Intn(len(x))] = g.wrong(x[0])
			return x
		}
	}
	return g.wrong(v)
}

// wrong is a value of another JSON type than v.
func (g *Gen) wrong(v any) any {
	switch v.(type) {
	case string:
		return []any{12, true, nil, []any{"x"}, map[string]any{}}[g.R.Intn(5)]
	case nil:
		return "null?"
	case bool:
		return "true"
	case map[string]any:
		return []any{"{}", 1, []any{}}[g.R.Intn(3)]
	case []any:
		return map[string]any{"0": "x"}
	}
	return []any{"12", "abc", map[string]any{"n": 1}, []any{1}, false}[g.R.Intn(5)]
}
