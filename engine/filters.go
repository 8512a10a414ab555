package engine

import (
	"fmt"
	"math"
	"time"
	"unicode/utf8"
)

// Filter is one column's filter as typed values, whoever built it: the grid's
// ag-grid filter model decodes into these (filtermodel.go), and a trend, rule or
// export compiler builds them in Go. The predicate builder (predicate.go) turns a
// Filter and a catalog column into SQL. The set of filters is closed: only this
// package's types implement it.
type Filter interface {
	// check validates what needs no catalog (options, values, lengths, nesting);
	// field names the filter in errors, depth is its nesting level.
	check(field string, depth int) error
}

// maxFilterDepth is how deep combined and multi filters nest (one AND/OR level
// inside ag-grid's multi filter).
const maxFilterDepth = 2

// MaxFilterConditions bounds the conditions of one combined filter.
const MaxFilterConditions = 10

// TextFilter matches text case-insensitively (ag-grid's text filter).
type TextFilter struct {
	Op    TextOp
	Value string // unused by blank, notBlank and empty
}

// NumberFilter compares a number (ag-grid's number filter); To is inRange's upper end.
type NumberFilter struct {
	Op        NumberOp
	Value, To float64
}

// DateFilter compares a day (ag-grid's date filter), UTC; To is inRange's last day.
type DateFilter struct {
	Op       DateOp
	From, To time.Time
}

// SetFilter keeps rows whose value is one of Values (case-insensitive); Blanks (or
// a blank value) also keeps NULL, empty and whitespace-only cells. No values and no
// blanks match nothing, as in ag-grid.
type SetFilter struct {
	Values []string
	Blanks bool
}

// RadioFilter keeps rows whose value is Value, one of the column's closed list
// (price bucket, changed at competitor).
type RadioFilter struct {
	Value string
}

// CombinedFilter joins conditions on one column with AND or OR.
type CombinedFilter struct {
	Join       JoinOp
	Conditions []Filter
}

// MultiFilter is ag-grid's multi filter: all of its active filters (nil entries
// are inactive; none active matches every row).
type MultiFilter struct {
	Filters []Filter
}

// CategoryTreeFilter is the multi-level category filter: a product passes when it
// is under any of the paths [super category, category?, vertical?]. It stands
// under the filter key category_tree (or categories), not under a column.
type CategoryTreeFilter struct {
	Paths [][]string
}

// categoryTreeKey reports whether a filter key is the category tree's.
func categoryTreeKey(id string) bool { return id == "category_tree" || id == "categories" }

func checkText(field, v string) error {
	if utf8.RuneCountInString(v) > MaxTextLen {
		return bad(field, "is longer than %d characters", MaxTextLen)
	}
	return nil
}

func checkNumber(field string, f float64) error {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return bad(field, "must be a finite number, not %v", f)
	}
	return nil
}

func (f TextFilter) check(field string, _ int) error {
	if !f.Op.Valid() {
		return bad(field+".type", "%q is not a text filter option (contains, notContains, equals, notEqual, startsWith, endsWith, blank, notBlank)", clip(string(f.Op)))
	}
	return checkText(field+".filter", f.Value)
}

func (f NumberFilter) check(field string, _ int) error {
	if !f.Op.Valid() {
		return bad(field+".type", "%q is not a number filter option (equals, notEqual, lessThan, lessThanOrEqual, greaterThan, greaterThanOrEqual, inRange, blank, notBlank)", clip(string(f.Op)))
	}
	if !f.Op.needsValue() {
		return nil
	}
	if err := checkNumber(field+".filter", f.Value); err != nil {
		return err
	}
	if f.Op == NumberInRange {
		return checkNumber(field+".filterTo", f.To)
	}
	return nil
}

func (f DateFilter) check(field string, _ int) error {
	if !f.Op.Valid() {
		return bad(field+".type", "%q is not a date filter option (equals, notEqual, lessThan, greaterThan, inRange, blank, notBlank)", clip(string(f.Op)))
	}
	if !f.Op.needsValue() {
		return nil
	}
	if f.From.IsZero() {
		return bad(field+".dateFrom", "needs a date (YYYY-MM-DD or YYYY-MM-DD hh:mm:ss)")
	}
	if f.Op == DateInRange && f.To.IsZero() {
		return bad(field+".dateTo", "needs a date (YYYY-MM-DD or YYYY-MM-DD hh:mm:ss)")
	}
	return nil
}

func (f SetFilter) check(field string, _ int) error {
	if len(f.Values) > MaxSetValues {
		return bad(field+".values", "has %d values; at most %d are allowed", len(f.Values), MaxSetValues)
	}
	chars := 0
	for _, v := range f.Values {
		n := utf8.RuneCountInString(v)
		if n > MaxTextLen {
			return bad(field+".values", "has a value longer than %d characters", MaxTextLen)
		}
		if chars += n; chars > MaxSetChars {
			return bad(field+".values", "has more than %d characters of values in all", MaxSetChars)
		}
	}
	return nil
}

func (f RadioFilter) check(field string, _ int) error { return checkText(field+".value", f.Value) }

func (f CombinedFilter) check(field string, depth int) error {
	if !f.Join.Valid() {
		return bad(field+".operator", "must be AND or OR, not %q", clip(string(f.Join)))
	}
	if len(f.Conditions) == 0 {
		return bad(field+".conditions", "a combined filter needs at least one condition")
	}
	if len(f.Conditions) > MaxFilterConditions {
		return bad(field+".conditions", "has %d conditions; at most %d are allowed", len(f.Conditions), MaxFilterConditions)
	}
	for i, c := range f.Conditions {
		sub := fmt.Sprintf("%s.conditions[%d]", field, i)
		if c == nil {
			return bad(sub, "is empty")
		}
		if err := checkNested(sub, c, depth+1); err != nil {
			return err
		}
	}
	return nil
}

func (f MultiFilter) check(field string, depth int) error {
	for i, sub := range f.Filters {
		if sub == nil {
			continue
		}
		if err := checkNested(fmt.Sprintf("%s.filterModels[%d]", field, i), sub, depth+1); err != nil {
			return err
		}
	}
	return nil
}

// checkNested checks a filter inside a combined or multi filter.
func checkNested(field string, f Filter, depth int) error {
	if depth > maxFilterDepth {
		return bad(field, "nests combined conditions too deeply (at most one AND/OR level)")
	}
	if _, ok := f.(CategoryTreeFilter); ok {
		return bad(field, "a category tree filter cannot be combined")
	}
	return f.check(field, depth)
}

func (f CategoryTreeFilter) check(field string, _ int) error {
	if len(f.Paths) > MaxSetValues {
		return bad(field+".paths", "has %d paths; at most %d are allowed", len(f.Paths), MaxSetValues)
	}
	for i, p := range f.Paths {
		if len(p) == 0 || len(p) > len(categoryLevels) {
			return bad(fmt.Sprintf("%s.paths[%d]", field, i), "must name 1 to 3 levels (super category, category, vertical)")
		}
		for _, v := range p {
			if utf8.RuneCountInString(v) > MaxTextLen {
				return bad(fmt.Sprintf("%s.paths[%d]", field, i), "has a value longer than %d characters", MaxTextLen)
			}
		}
	}
	return nil
}

// checkFilters validates a condition's filter map: every filter, and the category
// tree only under its own keys.
func checkFilters(fs map[string]Filter) error {
	for _, id := range sortedKeys(fs) {
		f, field := fs[id], "filters."+clip(id)
		if f == nil {
			continue // an inactive filter
		}
		if _, tree := f.(CategoryTreeFilter); tree != categoryTreeKey(id) {
			if tree {
				return bad(field, "a category tree filter stands under category_tree")
			}
			return bad(field, "needs a category tree filter (paths)")
		}
		if err := f.check(field, 0); err != nil {
			return err
		}
	}
	return nil
}
