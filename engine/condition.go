package engine

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Limits of one condition; larger requests are a 400, not a slow query.
const (
	MaxLimit       = 1000
	DefaultLimit   = 100
	MaxSetValues   = 10000
	MaxSortColumns = 10
	MaxGroupSorts  = 2 // the specification: grouping allows at most two sort columns
	MaxSearchLen   = 200
	MaxTextLen     = 1000
	MaxSelected    = 100000
	// MaxSetChars bounds the text of one set filter (its values together), so that
	// a set at the limit fits the 2 MB request body. Large sets travel to ClickHouse
	// as external data (Set), not in the query text.
	MaxSetChars = 1_000_000
)

// SortItem is one entry of the sort model.
type SortItem struct {
	ColID string  `json:"colId"`
	Sort  SortDir `json:"sort"`
}

// GroupCol is one row-group column (ag-grid's ColumnVO).
type GroupCol struct {
	ID    string `json:"id"`
	Field string `json:"field"`
}

// Condition is the grid condition of docs/api-contract.md#the-grid-contract, with the specification's names.
// Keys the server does not use (user_session_id, page_title, ...) are ignored.
// ParseCondition builds one from the browser's JSON; scheduled reports, exports and
// the pricer build them in Go. Either way every Compile* validates it (Validate)
// and the account's catalog checks its column ids: the compiler's safety does not
// depend on the caller.
type Condition struct {
	ReportType     string            `json:"report_type"`
	StartRow       int               `json:"startRow"`
	Limit          int               `json:"limit"` // 0 is DefaultLimit
	Filters        map[string]Filter `json:"-"`     // colId (or category_tree) → filter
	Sort           []SortItem        `json:"sort"`
	Search         string            `json:"search"`
	Group          []GroupCol        `json:"group"`
	GroupIDs       []string          `json:"-"`
	VisibleColumns []string          `json:"visible_columns"`
	SelectedRows   []string          `json:"-"`
	WeightBy       Weight            `json:"weightBy"`
	CompetitorIDs  []int64           `json:"-"`
}

// rawCondition carries the keys whose JSON type varies between callers (ag-grid
// sends group keys as numbers when the group field is numeric; competitorId may be
// one id or a list) and ag-grid's filter model, which becomes typed filters.
type rawCondition struct {
	Condition
	Filters      map[string]json.RawMessage `json:"filters"`
	GroupIDs     []json.RawMessage          `json:"groupIds"`
	SelectedRows []json.RawMessage          `json:"selected_rows"`
	CompetitorID json.RawMessage            `json:"competitorId"`
}

// ParseCondition decodes a condition. Malformed JSON, wrong types and out-of-range
// paging are an *Error naming the part.
func ParseCondition(raw []byte) (Condition, error) {
	var rc rawCondition
	if len(bytes.TrimSpace(raw)) == 0 || string(bytes.TrimSpace(raw)) == "null" {
		return Condition{}, bad("condition", "the request has no grid condition")
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := dec.Decode(&rc); err != nil {
		return Condition{}, decodeError("condition", err)
	}
	if len(bytes.TrimSpace(raw[dec.InputOffset():])) > 0 { // `null?`: JSON, then more
		return Condition{}, bad("condition", "is not valid JSON (at character %d)", dec.InputOffset())
	}
	c := rc.Condition
	var err error
	if c.GroupIDs, err = keys("groupIds", rc.GroupIDs); err != nil {
		return c, err
	}
	if c.SelectedRows, err = keys("selected_rows", rc.SelectedRows); err != nil {
		return c, err
	}
	if c.CompetitorIDs, err = competitorIDs(rc.CompetitorID); err != nil {
		return c, err
	}
	if c.Filters, err = ParseFilterModel(rc.Filters); err != nil {
		return c, err
	}
	err = c.Validate()
	return c, err
}

func decodeError(field string, err error) *Error {
	var te *json.UnmarshalTypeError
	if ok := asType(err, &te); ok {
		f := field
		if te.Field != "" {
			// The JSON path, without the Go name of the embedded struct it went through.
			f = strings.TrimPrefix(te.Field, "Condition.")
		}
		return bad(f, "must be %s, not %s", KindWords(te.Type.Kind()), jsonWords(te.Value))
	}
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return bad(field, "is not valid JSON (at character %d)", se.Offset)
	}
	return bad(field, "is not valid JSON")
}

// KindWords is what a value of Go kind k is, in a message a person reads ("a
// whole number", "text", …): never a Go type name. The request decoders of api use
// it too, so every message says it the same way.
func KindWords(k reflect.Kind) string {
	switch k {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a whole number"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.String:
		return "text"
	case reflect.Bool:
		return "true or false"
	case reflect.Slice, reflect.Array:
		return "a list"
	case reflect.Map, reflect.Struct:
		return "an object"
	}
	return "of another type"
}

// jsonWords names the JSON value kind UnmarshalTypeError.Value reports.
func jsonWords(v string) string {
	switch {
	case v == "string":
		return "text"
	case v == "array":
		return "a list"
	case v == "object":
		return "an object"
	case v == "bool":
		return "true or false"
	case strings.HasPrefix(v, "number"):
		return "a number"
	}
	return "that"
}

func asType(err error, target **json.UnmarshalTypeError) bool {
	te, ok := err.(*json.UnmarshalTypeError)
	if ok {
		*target = te
	}
	return ok
}

// keys turns group keys / row ids (strings or numbers) into strings.
func keys(field string, raws []json.RawMessage) ([]string, error) {
	if len(raws) > MaxSelected {
		return nil, bad(field, "has %d entries; at most %d are allowed", len(raws), MaxSelected)
	}
	out := make([]string, 0, len(raws))
	for i, r := range raws {
		var s string
		if err := json.Unmarshal(r, &s); err == nil {
			out = append(out, s)
			continue
		}
		var n json.Number
		if err := json.Unmarshal(r, &n); err == nil {
			out = append(out, n.String())
			continue
		}
		return nil, bad(fmt.Sprintf("%s[%d]", field, i), "must be a string or a number")
	}
	return out, nil
}

func competitorIDs(raw json.RawMessage) ([]int64, error) {
	s := strings.TrimSpace(string(raw))
	if s == "" || s == "null" || s == `""` {
		return nil, nil
	}
	var list []json.RawMessage
	if s[0] != '[' {
		list = []json.RawMessage{raw}
	} else if err := json.Unmarshal(raw, &list); err != nil {
		return nil, bad("competitorId", "must be a competitor id or a list of ids")
	}
	ids := make([]int64, 0, len(list))
	for i, r := range list {
		var v any
		if err := json.Unmarshal(r, &v); err != nil {
			return nil, bad("competitorId", "must be a competitor id or a list of ids")
		}
		var text string
		switch t := v.(type) {
		case float64:
			text = strconv.FormatFloat(t, 'f', -1, 64)
		case string:
			text = t
		default:
			return nil, bad(fmt.Sprintf("competitorId[%d]", i), "must be a competitor id")
		}
		id, err := strconv.ParseInt(text, 10, 64)
		if err != nil || id <= 0 {
			return nil, bad(fmt.Sprintf("competitorId[%d]", i), "%q is not a competitor id", text)
		}
		ids = append(ids, id)
	}
	return ids, nil
}

// Validate checks everything about c that needs no account: paging, search, the
// closed vocabularies (sort directions, filter options, weight), every filter's
// values and lengths, and the sizes of the id lists. It fills the default limit
// and spells the weight canonically. The account's catalog checks the column ids
// at compile.
func (c *Condition) Validate() error {
	if c.StartRow < 0 {
		return bad("startRow", "must be 0 or more, not %d", c.StartRow)
	}
	if c.Limit == 0 {
		c.Limit = DefaultLimit
	}
	if c.Limit < 0 || c.Limit > MaxLimit {
		return bad("limit", "must be between 1 and %d, not %d", MaxLimit, c.Limit)
	}
	if c.StartRow > 100_000_000 {
		return bad("startRow", "is beyond the end of any report")
	}
	if err := CheckSearch(c.Search); err != nil {
		return err
	}
	if len(c.Sort) > MaxSortColumns {
		return bad("sort", "has %d columns; at most %d are allowed", len(c.Sort), MaxSortColumns)
	}
	for i, s := range c.Sort {
		if !s.Sort.Valid() {
			return bad(fmt.Sprintf("sort[%d].sort", i), "must be \"asc\" or \"desc\", not %q", clip(string(s.Sort)))
		}
	}
	if len(c.Group) > 0 && len(c.Sort) > MaxGroupSorts {
		return bad("sort", "Grouping allows at most two sort columns")
	}
	if len(c.GroupIDs) > len(c.Group) {
		return bad("groupIds", "opens %d group levels but only %d are grouped", len(c.GroupIDs), len(c.Group))
	}
	for _, ids := range []struct {
		field string
		n     int
	}{{"groupIds", len(c.GroupIDs)}, {"selected_rows", len(c.SelectedRows)}, {"competitorId", len(c.CompetitorIDs)}, {"visible_columns", len(c.VisibleColumns)}} {
		if ids.n > MaxSelected {
			return bad(ids.field, "has %d entries; at most %d are allowed", ids.n, MaxSelected)
		}
	}
	for i, id := range c.CompetitorIDs {
		if id <= 0 {
			return bad(fmt.Sprintf("competitorId[%d]", i), "%d is not a competitor id", id)
		}
	}
	w, ok := ParseWeight(string(c.WeightBy))
	if !ok {
		return bad("weightBy", "%q is not Product or a custom field", clip(string(c.WeightBy)))
	}
	c.WeightBy = w
	return checkFilters(c.Filters)
}

// CheckSearch bounds a free-text search (the condition's, the search box's, the
// brand list's): a 400 naming "search", never a query too large to run.
func CheckSearch(s string) error {
	if n := utf8.RuneCountInString(s); n > MaxSearchLen {
		return bad("search", "is %d characters long; at most %d are allowed", n, MaxSearchLen)
	}
	return nil
}

// clip shortens a value quoted back in an error message.
func clip(s string) string {
	r := []rune(s)
	if len(r) > 40 {
		return string(r[:40]) + "…"
	}
	return s
}

// NeedsSnapshotMeta reports whether compiling c benefits from the facts of the
// account's current snapshot (Account.Slots and Account.Totals), which cost the
// caller one small read per request. Blocks always do (they show competitor and
// metric columns); a count only when it filters on a competitor or an
// all-competitor metric column or an insight (its stored state), selects
// competitors, groups, or counts a report
// defined by those metrics. Without them the compiler searches comp_ids per row
// and runs the lambdas: the same results, slower.
func (c Condition) NeedsSnapshotMeta(count bool) bool {
	if !count || len(c.CompetitorIDs) > 0 || len(c.Group) > 0 {
		return true
	}
	if r, err := ParseReport(c.ReportType); err != nil || r.Kind != ReportAllProducts {
		return true
	}
	for id := range c.Filters {
		if strings.Contains(id, "@") || allCompetitorMetrics[id] || id == InsightFilterKey {
			return true
		}
	}
	return false
}

// allCompetitorMetrics are the table columns computed over all selected competitors.
var allCompetitorMetrics = map[string]bool{"Lower": true, "Similar": true, "Higher": true, "Lower_avg": true,
	"products_compared": true, "market_price": true, "market_delta": true, "market_bucket": true}
