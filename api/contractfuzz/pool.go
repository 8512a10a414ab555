package contractfuzz

import (
	"encoding/json"
	"math/rand"
	"sort"
	"strings"
)

// Pool holds values seen in the server's answers (and any the caller adds), by
// normalized field name, so that generated requests can name rows that exist:
// an id a list answered, a column a column definition named. Random ids alone
// would be refused at the first lookup and never reach the code behind it.
type Pool struct {
	r      *rand.Rand
	values map[string][]any
	seen   map[string]map[string]bool
}

// poolCap bounds the values kept per name (later ones replace random earlier ones).
const poolCap = 48

// NewPool is an empty pool whose replacement choices follow seed.
func NewPool(seed int64) *Pool {
	return &Pool{r: rand.New(rand.NewSource(seed)), values: map[string][]any{}, seen: map[string]map[string]bool{}}
}

// Norm folds the spellings of one field in different payloads into one name:
// productId, product_id, productsIds and productsId are all "productid".
func Norm(name string) string {
	n := strings.ToLower(strings.ReplaceAll(name, "_", ""))
	n = strings.TrimSuffix(n, "s")
	n = strings.ReplaceAll(n, "sid", "id")
	return n
}

// Add keeps v (a string, number or boolean) under name.
func (p *Pool) Add(name string, v any) {
	switch v.(type) {
	case string, float64, int, int64, bool, json.Number:
	default:
		return
	}
	if s, ok := v.(string); ok && (s == "" || len(s) > 200) {
		return
	}
	k := Norm(name)
	if k == "" {
		return
	}
	key, _ := json.Marshal(v)
	if p.seen[k] == nil {
		p.seen[k] = map[string]bool{}
	}
	if p.seen[k][string(key)] {
		return
	}
	p.seen[k][string(key)] = true
	if len(p.values[k]) < poolCap {
		p.values[k] = append(p.values[k], v)
		return
	}
	p.values[k][p.r.Intn(poolCap)] = v
}

// AddFile keeps a text file the server answered (an example CSV) to upload later.
func (p *Pool) AddFile(s string) {
	if s == "" || len(s) > 64<<10 {
		return
	}
	if len(p.values[fileKey]) < 8 {
		p.values[fileKey] = append(p.values[fileKey], s)
		return
	}
	p.values[fileKey][p.r.Intn(8)] = s
}

// fileKey is the pool's name for files.
const fileKey = "$csv"

// Harvest walks a JSON answer and keeps its scalar fields. An "id" inside a list
// or map is kept under the list's name too (reports[].id as "reportid"), which
// is how requests name it.
func (p *Pool) Harvest(body []byte) {
	var v any
	if json.Unmarshal(body, &v) != nil {
		return
	}
	p.walk("", v, 0)
}

func (p *Pool) walk(parent string, v any, depth int) {
	if depth > 12 {
		return
	}
	switch x := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			switch c := x[k].(type) {
			case map[string]any, []any:
				p.walk(k, c, depth+1)
			default:
				p.Add(k, c)
				if k == "id" && parent != "" {
					p.Add(singular(parent)+"id", c)
				}
			}
		}
	case []any:
		for i, c := range x {
			if i >= 20 {
				break
			}
			switch c.(type) {
			case map[string]any, []any:
				p.walk(parent, c, depth+1)
			default:
				p.Add(parent, c)
			}
		}
	}
}

func singular(s string) string {
	s = strings.TrimSuffix(s, "s")
	return strings.TrimSuffix(s, "Data")
}

// Pick is a random value kept under name (normalized), if any.
func (p *Pool) Pick(r *rand.Rand, name string) (any, bool) {
	vs := p.values[Norm(name)]
	if len(vs) == 0 {
		return nil, false
	}
	return vs[r.Intn(len(vs))], true
}

// Has reports whether the pool holds a value under name.
func (p *Pool) Has(name string) bool { return len(p.values[Norm(name)]) > 0 }

// Names are the normalized names the pool holds values for, sorted.
func (p *Pool) Names() []string {
	out := make([]string, 0, len(p.values))
	for k := range p.values {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
