package engine

import (
	"strings"
	"time"
)

// The predicate builder: a typed Filter on a catalog column becomes an SQL
// predicate whose values are all bound. It knows nothing of ag-grid's JSON, so any
// compiler (grid, trends, rules) that has a column and a Filter can use it.

// filters compiles a condition's filters into one predicate (AND of the columns),
// in key order so that the SQL of one condition is always the same text.
func (b *builder) filters(a Account, cat catalog, fs map[string]Filter) (string, error) {
	var preds []string
	for _, id := range sortedKeys(fs) {
		f, field := fs[id], "filters."+clip(id)
		if f == nil {
			continue
		}
		if tree, ok := f.(CategoryTreeFilter); ok && categoryTreeKey(id) {
			preds = append(preds, b.categoryTree(tree))
			continue
		}
		if id == InsightFilterKey {
			r, ok := f.(RadioFilter)
			if !ok {
				return "", bad(field, "needs a radio filter whose value is an insight (%s)", strings.Join(InsightKeys, ", "))
			}
			p, err := b.insightPredicate(a, field, r.Value)
			if err != nil {
				return "", err
			}
			preds = append(preds, p)
			continue
		}
		col, ok := cat.get(id)
		if !ok {
			return "", bad(field, "is not a column of this report")
		}
		p, err := b.predicate(a, field, col, f)
		if err != nil {
			return "", err
		}
		preds = append(preds, p)
	}
	return strings.Join(preds, " AND "), nil
}

// predicate compiles filter f on column col; field names the filter in errors.
// The filter must have passed its check (Condition.Validate does that for every
// compile); here only what depends on the column is checked: that the filter's
// kind applies to the column's, and radio values.
func (b *builder) predicate(a Account, field string, col Column, f Filter) (string, error) {
	switch f := f.(type) {
	case CombinedFilter:
		parts := make([]string, len(f.Conditions))
		for i, c := range f.Conditions {
			p, err := b.predicate(a, field+".conditions["+IntLit(int64(i))+"]", col, c)
			if err != nil {
				return "", err
			}
			parts[i] = "(" + p + ")"
		}
		return "(" + strings.Join(parts, " "+string(f.Join)+" ") + ")", nil
	case MultiFilter:
		var parts []string
		for i, sub := range f.Filters {
			if sub == nil {
				continue
			}
			p, err := b.predicate(a, field+".filterModels["+IntLit(int64(i))+"]", col, sub)
			if err != nil {
				return "", err
			}
			parts = append(parts, "("+p+")")
		}
		if len(parts) == 0 {
			return "1", nil
		}
		return strings.Join(parts, " AND "), nil
	case SetFilter:
		return b.setPredicate(a, field, col, f)
	case RadioFilter:
		return b.radioPredicate(field, col, f)
	case TextFilter:
		if col.Kind != KindText {
			return "", bad(field, "is a %s column; a text filter does not apply", col.Kind.filterType())
		}
		return b.textPredicate(col.Expr, f), nil
	case NumberFilter:
		if col.Kind != KindNumber && col.Kind != KindBool {
			return "", bad(field, "is a %s column; a number filter does not apply", col.Kind.filterType())
		}
		return b.numberPredicate(col.Expr, f), nil
	case DateFilter:
		if col.Kind != KindDate {
			return "", bad(field, "is a %s column; a date filter does not apply", col.Kind.filterType())
		}
		return b.datePredicate(col.Expr, f), nil
	}
	return "", bad(field, "a %T does not apply to a column", f)
}

// blank is ag-grid's blank text cell: NULL, empty or whitespace only.
func blank(e string) string {
	return "(isNull(" + e + ") OR match(assumeNotNull(" + e + "), '^\\\\s*$'))"
}

// textPredicate follows ag-grid's client semantics: case-insensitive; a NULL cell
// passes only notEqual, notContains and blank.
func (b *builder) textPredicate(e string, f TextFilter) string {
	switch f.Op {
	case TextBlank:
		return blank(e)
	case TextNotBlank:
		return "NOT " + blank(e)
	case TextContains:
		return "positionCaseInsensitiveUTF8(" + e + ", " + b.bind(f.Value) + ") > 0"
	case TextNotContains:
		return "(isNull(" + e + ") OR positionCaseInsensitiveUTF8(assumeNotNull(" + e + "), " + b.bind(f.Value) + ") = 0)"
	case TextEquals:
		return "lowerUTF8(" + e + ") = lowerUTF8(" + b.bind(f.Value) + ")"
	case TextNotEqual:
		return "(isNull(" + e + ") OR lowerUTF8(assumeNotNull(" + e + ")) != lowerUTF8(" + b.bind(f.Value) + "))"
	case TextStartsWith:
		return "startsWith(lowerUTF8(" + e + "), lowerUTF8(" + b.bind(f.Value) + "))"
	case TextEndsWith:
		return "endsWith(lowerUTF8(" + e + "), lowerUTF8(" + b.bind(f.Value) + "))"
	}
	return "1" // TextEmpty
}

// numberPredicate: a NULL cell fails every option except blank (ag-grid's scalar
// semantics, notEqual included); inRange includes both ends (docs/api-contract.md#the-grid-contract).
func (b *builder) numberPredicate(e string, f NumberFilter) string {
	switch f.Op {
	case NumberBlank:
		return "isNull(" + e + ")"
	case NumberNotBlank:
		return "isNotNull(" + e + ")"
	case NumberInRange:
		lo, hi := f.Value, f.To
		if lo > hi {
			lo, hi = hi, lo
		}
		return "ifNull(" + e + " >= " + b.bind(lo) + " AND " + e + " <= " + b.bind(hi) + ", 0)"
	}
	if op, ok := numberComparisons[f.Op]; ok {
		return "ifNull(" + e + " " + op + " " + b.bind(f.Value) + ", 0)"
	}
	return "1" // NumberEmpty
}

// datePredicate compares days, UTC; a day is bound as text and converted by
// ClickHouse (a time.Time bound against a Date column is silently wrong on 18.16).
func (b *builder) datePredicate(e string, f DateFilter) string {
	switch f.Op {
	case DateBlank:
		return "isNull(" + e + ")"
	case DateNotBlank:
		return "isNotNull(" + e + ")"
	}
	day := "toDate(" + e + ")"
	bindDay := func(t time.Time) string { return "toDate(" + b.bind(t.UTC().Format("2006-01-02")) + ")" }
	if f.Op == DateInRange {
		return "ifNull(" + day + " >= " + bindDay(f.From) + " AND " + day + " <= " + bindDay(f.To) + ", 0)"
	}
	return "ifNull(" + day + " " + dateComparisons[f.Op] + " " + bindDay(f.From) + ", 0)"
}

// setPredicate: values match case-insensitively; Blanks (or a blank value) stands
// for blank cells; an empty set matches nothing (ag-grid). On the labels column it
// matches label names through the account's labels.
func (b *builder) setPredicate(a Account, field string, col Column, f SetFilter) (string, error) {
	var vals []string
	blanks := f.Blanks
	for _, v := range f.Values {
		if strings.TrimSpace(v) == "" {
			blanks = true
			continue
		}
		vals = append(vals, strings.ToLower(v))
	}
	if col.Kind == KindLabels {
		return b.labelSet(a, vals, blanks), nil
	}
	if col.Kind != KindText {
		return "", bad(field, "is a %s column; a set filter does not apply", col.Kind.filterType())
	}
	var parts []string
	if len(vals) > 0 {
		parts = append(parts, "ifNull(lowerUTF8("+col.Expr+") IN "+b.bindSet(vals)+", 0)")
	}
	if blanks {
		parts = append(parts, blank(col.Expr))
	}
	if len(parts) == 0 {
		return "0", nil
	}
	return "(" + strings.Join(parts, " OR ") + ")", nil
}

// labelsSubquery lists (product_id, label_id) of the account's current label
// assignments: the latest version of each row counts when assigned = 1.
func (b *builder) labelsSubquery(a Account) string {
	return "(SELECT product_id, label_id FROM (SELECT product_id, label_id, argMax(assigned, version) AS assigned_now " +
		"FROM " + b.table(TableProductLabels) + " WHERE account_id = " + b.bind(a.AccountID) + " GROUP BY product_id, label_id) WHERE assigned_now = 1)"
}

// labelSet matches products with any of the labels named (lower case) or, with
// blanks, products with none of the account's labels.
func (b *builder) labelSet(a Account, lowered []string, blanks bool) string {
	want := map[string]bool{}
	for _, v := range lowered {
		want[v] = true
	}
	var ids []uint64
	known := make([]uint64, 0, len(a.Labels))
	for _, l := range a.Labels {
		if want[strings.ToLower(l.Name)] {
			ids = append(ids, l.ID)
		}
		known = append(known, l.ID)
	}
	var parts []string
	if len(ids) > 0 {
		parts = append(parts, "product_id IN (SELECT product_id FROM "+b.labelsSubquery(a)+" WHERE label_id IN "+b.bindUintSet(ids)+")")
	}
	if blanks {
		if len(known) == 0 {
			parts = append(parts, "1")
		} else {
			parts = append(parts, "product_id NOT IN (SELECT product_id FROM "+b.labelsSubquery(a)+" WHERE label_id IN "+b.bindUintSet(known)+")")
		}
	}
	if len(parts) == 0 {
		return "0"
	}
	return "(" + strings.Join(parts, " OR ") + ")"
}

// radioPredicate: one value of the column's closed list (price bucket, changed at
// competitor), matched case-insensitively and bound as the list's own spelling.
func (b *builder) radioPredicate(field string, col Column, f RadioFilter) (string, error) {
	if len(col.Radio) == 0 {
		return "", bad(field, "has no radio filter")
	}
	if f.Value == "" {
		return "", bad(field+".value", "needs one of: %s", strings.Join(col.Radio, ", "))
	}
	for _, r := range col.Radio {
		if strings.EqualFold(f.Value, r) {
			return "ifNull(" + col.Expr + " = " + b.bind(r) + ", 0)", nil
		}
	}
	return "", bad(field+".value", "%q is not one of: %s", clip(f.Value), strings.Join(col.Radio, ", "))
}

// categoryLevels are the snapshot columns of a category path, top down.
var categoryLevels = []string{ColSuperCategory, ColCategory, ColVertical}

// categoryTree: a product passes when it is under any of the paths.
func (b *builder) categoryTree(f CategoryTreeFilter) string {
	if len(f.Paths) == 0 {
		return "0"
	}
	ors := make([]string, len(f.Paths))
	for i, p := range f.Paths {
		ands := make([]string, len(p))
		for j, v := range p {
			ands[j] = categoryLevels[j] + " = " + b.bind(v)
		}
		ors[i] = "(" + strings.Join(ands, " AND ") + ")"
	}
	return "(" + strings.Join(ors, " OR ") + ")"
}
