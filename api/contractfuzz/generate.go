package contractfuzz

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"math/rand"
	"mime/multipart"
	"net/textproto"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/getkin/kin-openapi/openapi3"
)

// Seeds are known-good inputs that a schema alone cannot describe (a grid
// condition is free-form JSON in the document): values by field name and whole
// bodies by operation id. A string "$pool:name" inside a seed (a value or an
// object's key) is replaced by a value the pool holds under name (a product id
// the server answered).
type Seeds struct {
	Values map[string][]json.RawMessage `json:"values"`
	Bodies map[string][]json.RawMessage `json:"bodies"`
}

//go:embed seeds.json
var seedsJSON []byte

// APISeeds are the seeds of this API (seeds.json): grid, trend, assortment,
// approval and repricing conditions, pricer rules, the names of reports, tables
// and enumerations the document types as plain text.
func APISeeds() (Seeds, error) {
	var s Seeds
	err := json.Unmarshal(seedsJSON, &s)
	return s, err
}

// Generator makes requests for operations from their schemas, the seeds and the
// pool. Every choice comes from R, so a seed replays the same requests as long as
// the server answers the same.
type Generator struct {
	R     *rand.Rand
	Pool  *Pool
	Seeds Seeds
	// ExtraQuery are query parameters the document does not list that some
	// handlers read (account_id selects an account on every route).
	ExtraQuery []string
}

// Request is one generated call.
type Request struct {
	Method      string
	Path        string // under /api, with the query string
	Body        []byte
	ContentType string
	Shape       string // valid, mutated or malformed: what the generator meant to send
}

// Request generates a call of op.
func (g *Generator) Request(op *Operation) Request {
	req := Request{Method: op.Method, Shape: "valid"}
	path, q := g.params(op, &req)
	req.Path = path
	if len(q) > 0 {
		req.Path += "?" + q.Encode()
	}
	switch {
	case op.JSONBody() != nil:
		g.jsonBody(op, &req)
	case op.Method == "POST" && strings.HasPrefix(op.Path, "/upload/"):
		g.upload(&req)
	case chance(g.R, 0.03): // a body the operation does not take
		req.Body, req.ContentType, req.Shape = []byte(pick(g.R, malformed)), "application/json", "malformed"
	}
	return req
}

func (g *Generator) params(op *Operation, req *Request) (string, url.Values) {
	path := op.Path
	q := url.Values{}
	params := append(openapi3.Parameters{}, op.Item.Parameters...)
	params = append(params, op.Op.Parameters...)
	for _, pr := range params {
		p := pr.Value
		if p == nil {
			continue
		}
		if p.In == openapi3.ParameterInQuery && !p.Required && chance(g.R, 0.3) {
			continue
		}
		name := p.Name
		if p.In == openapi3.ParameterInPath && name == "id" {
			// /scenarios/{id} names a scenario: try the pool's scenario ids first.
			segs := strings.Split(strings.Split(op.Path, "/{"+name+"}")[0], "/")
			if alias := singular(segs[len(segs)-1]) + "_id"; g.Pool.Has(alias) {
				name = alias
			}
		}
		v := g.value(name, p.Schema, 0)
		if chance(g.R, 0.25) {
			v, req.Shape = boundary(g.R, v), "mutated"
		}
		s := queryText(v)
		if len(s) > maxParam {
			s = s[:maxParam]
		}
		switch p.In {
		case openapi3.ParameterInPath:
			if s == "" {
				s = "0"
			}
			path = strings.Replace(path, "{"+p.Name+"}", url.PathEscape(s), 1)
		case openapi3.ParameterInQuery:
			q.Add(p.Name, s)
		}
	}
	if len(g.ExtraQuery) > 0 && chance(g.R, 0.2) {
		name := pick(g.R, g.ExtraQuery)
		v, ok := g.Pool.Pick(g.R, name)
		if !ok || chance(g.R, 0.3) {
			v = anyValue(g.R, 2)
		}
		q.Add(name, queryText(v))
	}
	return path, q
}

// maxParam bounds a path or query value: net/http answers a request line over
// its 1 MB header limit with its own 431 in text before any handler runs, which
// is the transport's answer, not the API's.
const maxParam = 30_000

// queryText is a value as a query parameter carries it.
func queryText(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return x
	case rawJSON:
		return strings.Trim(string(x), `"`)
	case map[string]any, []any:
		b, _ := json.Marshal(x)
		return string(b)
	default:
		return fmt.Sprint(x)
	}
}

func (g *Generator) jsonBody(op *Operation, req *Request) {
	req.ContentType = "application/json"
	if chance(g.R, 0.08) {
		req.Body, req.Shape = []byte(pick(g.R, malformed)), "malformed"
		if chance(g.R, 0.2) {
			req.Body = append([]byte(`{"x":"`), append(bytes.Repeat([]byte("A"), 2<<20), `"}`...)...) // over the 2 MB cap
		}
		return
	}
	var v any
	if seeds := g.Seeds.Bodies[op.ID]; len(seeds) > 0 && chance(g.R, 0.5) {
		v = g.fill(decode(pick(g.R, seeds)))
	} else {
		v = g.value("", op.JSONBody(), 0)
	}
	if !chance(g.R, 0.4) {
		req.Shape = "mutated"
		for i := 1 + g.R.Intn(3); i > 0; i-- {
			v = g.mutate(v)
		}
	}
	req.Body = encode(v)
	if chance(g.R, 0.03) {
		req.ContentType = pick(g.R, []string{"", "text/plain", "application/x-www-form-urlencoded", "application/json; charset=latin1", "application/xml"})
		req.Shape = "malformed"
	}
}

// upload is a multipart form as the upload routes take it (field UploadCsv),
// with a file that is sometimes a CSV the server answered (an example file),
// sometimes not.
func (g *Generator) upload(req *Request) {
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	if chance(g.R, 0.5) {
		_ = w.WriteField("uploadFileType", pick(g.R, []string{"add", "replace", "remove", "x", ""}))
	}
	if chance(g.R, 0.9) {
		name := pick(g.R, []string{"f.csv", "F.CSV", "f.parquet", "f.txt", "../../f.csv", strings.Repeat("n", 101) + ".csv", "f.csv\x00.exe"})
		h := textproto.MIMEHeader{}
		h.Set("Content-Disposition", fmt.Sprintf(`form-data; name=%q; filename=%q`, pick(g.R, []string{"UploadCsv", "UploadCsv", "file"}), name))
		h.Set("Content-Type", pick(g.R, []string{"text/csv", "application/octet-stream"}))
		part, _ := w.CreatePart(h)
		_, _ = part.Write(g.csv())
	}
	_ = w.Close()
	req.Body, req.ContentType = b.Bytes(), w.FormDataContentType()
	if chance(g.R, 0.1) {
		req.Body, req.Shape = b.Bytes()[:b.Len()/2], "malformed" // cut off
	}
}

// csv is a file to upload: an example the server gave, with rows mutated, or noise.
func (g *Generator) csv() []byte {
	if v, ok := g.Pool.Pick(g.R, fileKey); ok && chance(g.R, 0.7) {
		lines := strings.Split(v.(string), "\n")
		for i := g.R.Intn(3); i > 0 && len(lines) > 1; i-- {
			j := 1 + g.R.Intn(len(lines)-1)
			cells := strings.Split(lines[j], ",")
			cells[g.R.Intn(len(cells))] = strings.ReplaceAll(queryText(anyValue(g.R, 2)), ",", ";")
			lines[j] = strings.Join(cells, ",")
		}
		return []byte(strings.Join(lines, "\n"))
	}
	return []byte(pick(g.R, []string{"", "\n", "a,b\n1,2\n", "\"unterminated\n", "\xff\xfe\x00", strings.Repeat("x,", 5000) + "\n"}))
}

// value generates a value for a field of the schema: a known-good value for the
// field's name when the seeds or the pool have one, otherwise one the schema
// allows.
func (g *Generator) value(name string, ref *openapi3.SchemaRef, depth int) any {
	if name != "" && chance(g.R, 0.6) {
		if v, ok := g.known(name); ok {
			return v
		}
	}
	var s *openapi3.Schema
	if ref != nil {
		s = ref.Value
	}
	if s == nil || depth > 6 {
		return anyValue(g.R, depth)
	}
	types := []string{}
	if s.Type != nil {
		types = append(types, (*s.Type)...)
	}
	nonNull := []string{}
	for _, t := range types {
		if t != "null" {
			nonNull = append(nonNull, t)
		}
	}
	if len(types) == 0 || len(nonNull) == 0 {
		if len(s.Properties) > 0 {
			nonNull = []string{"object"}
		} else {
			return anyValue(g.R, depth)
		}
	}
	if len(nonNull) < len(types) && chance(g.R, 0.1) {
		return nil
	}
	switch pick(g.R, nonNull) {
	case "object":
		return g.object(s, depth)
	case "array":
		n := g.R.Intn(4)
		a := make([]any, n)
		for i := range a {
			a[i] = g.value(name, s.Items, depth+1)
		}
		return a
	case "string":
		return g.str(name, s)
	case "integer":
		if s.Pattern != "" || strings.HasSuffix(Norm(name), "id") {
			if v, ok := g.Pool.Pick(g.R, name); ok {
				return v
			}
		}
		lo, hi := int64(-5), int64(50)
		if s.Min != nil {
			lo = int64(*s.Min)
		}
		if s.Max != nil && int64(*s.Max) < hi {
			hi = int64(*s.Max)
		}
		if hi < lo {
			hi = lo
		}
		if chance(g.R, 0.1) && s.Max != nil {
			return int64(*s.Max)
		}
		return lo + g.R.Int63n(hi-lo+1)
	case "number":
		return float64(g.R.Intn(20000)-1000) / 100
	case "boolean":
		return chance(g.R, 0.5)
	}
	return anyValue(g.R, depth)
}

func (g *Generator) object(s *openapi3.Schema, depth int) map[string]any {
	m := map[string]any{}
	names := make([]string, 0, len(s.Properties))
	for k := range s.Properties {
		names = append(names, k)
	}
	sort.Strings(names)
	required := map[string]bool{}
	for _, k := range s.Required {
		required[k] = true
	}
	for _, k := range names {
		if required[k] || chance(g.R, 0.6) {
			m[k] = g.value(k, s.Properties[k], depth+1)
		}
	}
	if ap := s.AdditionalProperties.Schema; ap != nil {
		for i := g.R.Intn(3); i > 0; i-- {
			key := pick(g.R, words)
			if v, ok := g.Pool.Pick(g.R, "field"); ok {
				key = queryText(v)
			}
			m[key] = g.value(key, ap, depth+1)
		}
	}
	return m
}

func (g *Generator) str(name string, s *openapi3.Schema) any {
	if s.Pattern == "^-?[0-9]+$" { // an id as a numeric string
		if v, ok := g.Pool.Pick(g.R, name); ok {
			return queryText(v)
		}
		return strconv.Itoa(g.R.Intn(100) - 1)
	}
	if len(s.Enum) > 0 {
		return pick(g.R, s.Enum)
	}
	switch s.Format {
	case "date-time":
		return time.Now().UTC().AddDate(0, 0, -g.R.Intn(400)).Format(time.RFC3339)
	case "date":
		return time.Now().UTC().AddDate(0, 0, -g.R.Intn(400)).Format("2006-01-02")
	}
	if v, ok := g.Pool.Pick(g.R, name); ok {
		return queryText(v)
	}
	if chance(g.R, 0.2) {
		return pick(g.R, hostile)
	}
	return pick(g.R, words)
}

// known is a seed value or a pool value for the field name.
func (g *Generator) known(name string) (any, bool) {
	seeds := g.Seeds.Values[name]
	if len(seeds) == 0 {
		seeds = g.Seeds.Values[Norm(name)]
	}
	if len(seeds) > 0 && chance(g.R, 0.6) {
		return g.fill(decode(pick(g.R, seeds))), true
	}
	return g.Pool.Pick(g.R, name)
}

// fill replaces "$pool:name" strings with values from the pool (or drops them to
// a plain word when the pool has none yet).
func (g *Generator) fill(v any) any {
	switch x := v.(type) {
	case string:
		if name, ok := strings.CutPrefix(x, "$pool:"); ok {
			if pv, ok := g.Pool.Pick(g.R, name); ok {
				return pv
			}
			return pick(g.R, words)
		}
		return x
	case []any:
		for i := range x {
			x[i] = g.fill(x[i])
		}
		return x
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys) // replaced in a fixed order: a seed replays
		for _, k := range keys {
			v := g.fill(x[k])
			if strings.HasPrefix(k, "$pool:") { // a key that names a row too (a column's filter)
				delete(x, k)
				k = queryText(g.fill(k))
			}
			x[k] = v
		}
		return x
	default:
		return x
	}
}

// mutate changes one node of v (or v itself): an edge value of its type, a value
// of another type, null, a hostile or huge text, a deleted or added field, deep
// nesting.
func (g *Generator) mutate(v any) any {
	type node struct {
		val    any
		set    func(any)
		parent map[string]any
		key    string
	}
	var root any = v
	nodes := []node{{val: v, set: func(n any) { root = n }}}
	var walk func(x any, depth int)
	walk = func(x any, depth int) {
		if depth > 8 || len(nodes) > 400 {
			return
		}
		switch c := x.(type) {
		case map[string]any:
			keys := make([]string, 0, len(c))
			for k := range c {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			for _, k := range keys {
				nodes = append(nodes, node{val: c[k], set: func(n any) { c[k] = n }, parent: c, key: k})
				walk(c[k], depth+1)
			}
		case []any:
			for i := range c {
				if i >= 20 {
					break
				}
				nodes = append(nodes, node{val: c[i], set: func(n any) { c[i] = n }})
				walk(c[i], depth+1)
			}
		}
	}
	walk(v, 0)
	n := pick(g.R, nodes)
	switch g.R.Intn(10) {
	case 0, 1, 2:
		n.set(boundary(g.R, n.val))
	case 3, 4:
		n.set(otherType(g.R, n.val))
	case 5:
		n.set(nil)
	case 6:
		if n.parent != nil {
			delete(n.parent, n.key)
		} else {
			n.set(pick(g.R, hostile))
		}
	case 7:
		if m, ok := n.val.(map[string]any); ok {
			key := pick(g.R, append([]string{"account_id", "accountId", "__proto__", "id", "extra_field"}, words...))
			m[key] = anyValue(g.R, 1)
		} else {
			n.set(pick(g.R, rawHostile))
		}
	case 8:
		n.set(pick(g.R, hostile))
	default:
		if chance(g.R, 0.3) {
			n.set(deep(g.R))
		} else {
			n.set(hugeString(g.R))
		}
	}
	return root
}

func decode(raw json.RawMessage) any {
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		panic(fmt.Sprintf("contractfuzz: a seed is not JSON: %s", raw))
	}
	return v
}

// encode writes v as JSON without escaping <, > and & (hostile text arrives as written).
func encode(v any) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return []byte(fmt.Sprintf("%v", v))
	}
	return bytes.TrimRight(b.Bytes(), "\n")
}
