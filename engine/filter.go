package engine

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"sort"
	"strings"
	"time"
	"unicode/utf8"
)

// filterModel is the union of the filter shapes a column entry may have.
type filterModel struct {
	FilterType   string            `json:"filterType"`
	Type         string            `json:"type"`
	Filter       json.RawMessage   `json:"filter"`
	FilterTo     json.RawMessage   `json:"filterTo"`
	DateFrom     *string           `json:"dateFrom"`
	DateTo       *string           `json:"dateTo"`
	Values       []*string         `json:"values"`
	Value        *string           `json:"value"`
	Paths        [][]string        `json:"paths"`
	Operator     string            `json:"operator"`
	Conditions   []json.RawMessage `json:"conditions"`
	Condition1   json.RawMessage   `json:"condition1"`
	Condition2   json.RawMessage   `json:"condition2"`
	FilterModels []json.RawMessage `json:"filterModels"`
}

// filters compiles the filter model into one predicate (AND of the columns), in
// colId order so that the SQL of one condition is always the same text.
func (b *builder) filters(a Account, cat catalog, fm map[string]json.RawMessage) (string, error) {
	ids := make([]string, 0, len(fm))
	for id := range fm {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	var preds []string
	for _, id := range ids {
		field := "filters." + clip(id)
		raw := fm[id]
		if t := bytes.TrimSpace(raw); len(t) == 0 || string(t) == "null" {
			continue // an inactive filter
		}
		if id == "category_tree" || id == "categories" {
			p, err := b.categoryTree(field, raw)
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
		p, err := b.filter(a, field, col, raw, 0)
		if err != nil {
			return "", err
		}
		preds = append(preds, p)
	}
	if len(preds) == 0 {
		return "", nil
	}
	return strings.Join(preds, " AND "), nil
}

const maxFilterDepth = 2

func (b *builder) filter(a Account, field string, col Column, raw json.RawMessage, depth int) (string, error) {
	if depth > maxFilterDepth {
		return "", bad(field, "nests combined conditions too deeply (at most one AND/OR level)")
	}
	var m filterModel
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := dec.Decode(&m); err != nil {
		return "", decodeError(field, err)
	}
	// Combined conditions: {operator, conditions} (or the older condition1/condition2).
	if m.Operator != "" || len(m.Conditions) > 0 || len(m.Condition1) > 0 {
		op := strings.ToUpper(m.Operator)
		if op == "" {
			op = "AND"
		}
		if op != "AND" && op != "OR" {
			return "", bad(field+".operator", "must be AND or OR, not %q", clip(m.Operator))
		}
		conds := m.Conditions
		if len(conds) == 0 {
			for _, c := range []json.RawMessage{m.Condition1, m.Condition2} {
				if len(bytes.TrimSpace(c)) > 0 && string(bytes.TrimSpace(c)) != "null" {
					conds = append(conds, c)
				}
			}
		}
		if len(conds) == 0 {
			return "", bad(field+".conditions", "a combined filter needs at least one condition")
		}
		if len(conds) > 10 {
			return "", bad(field+".conditions", "has %d conditions; at most 10 are allowed", len(conds))
		}
		parts := make([]string, len(conds))
		for i, c := range conds {
			p, err := b.filter(a, fmt.Sprintf("%s.conditions[%d]", field, i), col, c, depth+1)
			if err != nil {
				return "", err
			}
			parts[i] = "(" + p + ")"
		}
		return "(" + strings.Join(parts, " "+op+" ") + ")", nil
	}
	switch m.FilterType {
	case "multi":
		var parts []string
		for i, sub := range m.FilterModels {
			if t := bytes.TrimSpace(sub); len(t) == 0 || string(t) == "null" {
				continue
			}
			p, err := b.filter(a, fmt.Sprintf("%s.filterModels[%d]", field, i), col, sub, depth+1)
			if err != nil {
				return "", err
			}
			parts = append(parts, "("+p+")")
		}
		if len(parts) == 0 {
			return "1", nil
		}
		return strings.Join(parts, " AND "), nil
	case "set":
		return b.setFilter(a, field, col, m.Values)
	case "radio":
		return b.radioFilter(field, col, m.Value)
	case "text":
		if col.Kind != KindText {
			return "", bad(field, "is a %s column; a text filter does not apply", col.Kind.filterType())
		}
		return b.textFilter(field, col.Expr, m)
	case "number":
		if col.Kind != KindNumber && col.Kind != KindBool {
			return "", bad(field, "is a %s column; a number filter does not apply", col.Kind.filterType())
		}
		return b.numberFilter(field, col.Expr, m)
	case "date":
		if col.Kind != KindDate {
			return "", bad(field, "is a %s column; a date filter does not apply", col.Kind.filterType())
		}
		return b.dateFilter(field, col.Expr, m)
	case "":
		return "", bad(field+".filterType", "is missing (text, number, date, set, radio or multi)")
	}
	return "", bad(field+".filterType", "%q is not a filter type (text, number, date, set, radio or multi)", clip(m.FilterType))
}

func (b *builder) text(field string, raw json.RawMessage) (string, error) {
	var s string
	if len(bytes.TrimSpace(raw)) == 0 || string(bytes.TrimSpace(raw)) == "null" {
		return "", bad(field+".filter", "needs a value")
	}
	if err := json.Unmarshal(raw, &s); err != nil {
		// ag-grid sends text; accept a number typed into a text filter as its text.
		var n json.Number
		if err2 := json.Unmarshal(raw, &n); err2 != nil {
			return "", bad(field+".filter", "must be text")
		}
		s = n.String()
	}
	if len([]rune(s)) > MaxTextLen {
		return "", bad(field+".filter", "is longer than %d characters", MaxTextLen)
	}
	return s, nil
}

// textFilter follows ag-grid's client semantics: case-insensitive; a NULL cell
// passes only notEqual, notContains and blank; blank is NULL, ” or whitespace.
func (b *builder) textFilter(field, e string, m filterModel) (string, error) {
	blank := "(isNull(" + e + ") OR match(assumeNotNull(" + e + "), '^\\\\s*$'))"
	switch m.Type {
	case "blank":
		return blank, nil
	case "notBlank":
		return "NOT " + blank, nil
	case "empty":
		return "1", nil
	}
	v, err := b.text(field, m.Filter)
	if err != nil {
		return "", err
	}
	switch m.Type {
	case "contains":
		return "positionCaseInsensitiveUTF8(" + e + ", " + b.bind(v) + ") > 0", nil
	case "notContains":
		return "(isNull(" + e + ") OR positionCaseInsensitiveUTF8(assumeNotNull(" + e + "), " + b.bind(v) + ") = 0)", nil
	case "equals":
		return "lowerUTF8(" + e + ") = lowerUTF8(" + b.bind(v) + ")", nil
	case "notEqual":
		return "(isNull(" + e + ") OR lowerUTF8(assumeNotNull(" + e + ")) != lowerUTF8(" + b.bind(v) + "))", nil
	case "startsWith":
		return "startsWith(lowerUTF8(" + e + "), lowerUTF8(" + b.bind(v) + "))", nil
	case "endsWith":
		return "endsWith(lowerUTF8(" + e + "), lowerUTF8(" + b.bind(v) + "))", nil
	}
	return "", bad(field+".type", "%q is not a text filter option (contains, notContains, equals, notEqual, startsWith, endsWith, blank, notBlank)", clip(m.Type))
}

func (b *builder) number(field string, raw json.RawMessage) (float64, error) {
	t := bytes.TrimSpace(raw)
	if len(t) == 0 || string(t) == "null" {
		return 0, bad(field, "needs a number")
	}
	var n json.Number
	if err := json.Unmarshal(t, &n); err != nil {
		var s string
		if json.Unmarshal(t, &s) == nil {
			n = json.Number(strings.TrimSpace(s))
		} else {
			return 0, bad(field, "must be a number")
		}
	}
	f, err := n.Float64()
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
		return 0, bad(field, "must be a finite number, not %q", clip(n.String()))
	}
	return f, nil
}

// numberFilter: a NULL cell fails every option except blank (ag-grid's scalar
// semantics, notEqual included); inRange includes both ends (DESIGN §5).
func (b *builder) numberFilter(field, e string, m filterModel) (string, error) {
	switch m.Type {
	case "blank":
		return "isNull(" + e + ")", nil
	case "notBlank":
		return "isNotNull(" + e + ")", nil
	case "empty":
		return "1", nil
	}
	v, err := b.number(field+".filter", m.Filter)
	if err != nil {
		return "", err
	}
	ops := map[string]string{"equals": "=", "notEqual": "!=", "lessThan": "<", "lessThanOrEqual": "<=", "greaterThan": ">", "greaterThanOrEqual": ">="}
	if op, ok := ops[m.Type]; ok {
		return "ifNull(" + e + " " + op + " " + b.bind(v) + ", 0)", nil
	}
	if m.Type == "inRange" {
		to, err := b.number(field+".filterTo", m.FilterTo)
		if err != nil {
			return "", err
		}
		lo, hi := v, to
		if lo > hi {
			lo, hi = hi, lo
		}
		return "ifNull(" + e + " >= " + b.bind(lo) + " AND " + e + " <= " + b.bind(hi) + ", 0)", nil
	}
	return "", bad(field+".type", "%q is not a number filter option (equals, notEqual, lessThan, lessThanOrEqual, greaterThan, greaterThanOrEqual, inRange, blank, notBlank)", clip(m.Type))
}

func parseDate(field string, s *string) (time.Time, error) {
	if s == nil || *s == "" {
		return time.Time{}, bad(field, "needs a date (YYYY-MM-DD or YYYY-MM-DD hh:mm:ss)")
	}
	for _, layout := range []string{"2006-01-02 15:04:05", "2006-01-02T15:04:05", "2006-01-02"} {
		if t, err := time.Parse(layout, *s); err == nil {
			return t, nil
		}
	}
	return time.Time{}, bad(field, "%q is not a date (YYYY-MM-DD or YYYY-MM-DD hh:mm:ss)", clip(*s))
}

// dateFilter compares at second precision, UTC; the date is bound as Unix seconds
// (a time.Time bound against a Date column is silently wrong on 18.16).
func (b *builder) dateFilter(field, e string, m filterModel) (string, error) {
	switch m.Type {
	case "blank":
		return "isNull(" + e + ")", nil
	case "notBlank":
		return "isNotNull(" + e + ")", nil
	}
	from, err := parseDate(field+".dateFrom", m.DateFrom)
	if err != nil {
		return "", err
	}
	day := "toDate(" + e + ")"
	bindDay := func(t time.Time) string { return "toDate(" + b.bind(t.Format("2006-01-02")) + ")" }
	switch m.Type {
	case "equals":
		return "ifNull(" + day + " = " + bindDay(from) + ", 0)", nil
	case "notEqual":
		return "ifNull(" + day + " != " + bindDay(from) + ", 0)", nil
	case "lessThan":
		return "ifNull(" + day + " < " + bindDay(from) + ", 0)", nil
	case "greaterThan":
		return "ifNull(" + day + " > " + bindDay(from) + ", 0)", nil
	case "inRange":
		to, err := parseDate(field+".dateTo", m.DateTo)
		if err != nil {
			return "", err
		}
		return "ifNull(" + day + " >= " + bindDay(from) + " AND " + day + " <= " + bindDay(to) + ", 0)", nil
	}
	return "", bad(field+".type", "%q is not a date filter option (equals, notEqual, lessThan, greaterThan, inRange, blank, notBlank)", clip(m.Type))
}

// setFilter: values match case-insensitively; null (or "") stands for blanks;
// an empty list matches nothing (ag-grid).
func (b *builder) setFilter(a Account, field string, col Column, values []*string) (string, error) {
	if len(values) > MaxSetValues {
		return "", bad(field+".values", "has %d values; at most %d are allowed", len(values), MaxSetValues)
	}
	var vals []string
	blanks := false
	chars := 0
	for _, v := range values {
		if v == nil || strings.TrimSpace(*v) == "" {
			blanks = true
			continue
		}
		n := utf8.RuneCountInString(*v)
		if n > MaxTextLen {
			return "", bad(field+".values", "has a value longer than %d characters", MaxTextLen)
		}
		if chars += n; chars > MaxSetChars {
			return "", bad(field+".values", "has more than %d characters of values in all", MaxSetChars)
		}
		vals = append(vals, strings.ToLower(*v))
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
		parts = append(parts, "(isNull("+col.Expr+") OR match(assumeNotNull("+col.Expr+"), '^\\\\s*$'))")
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
		"FROM product_labels WHERE account_id = " + b.bind(a.AccountID) + " GROUP BY product_id, label_id) WHERE assigned_now = 1)"
}

func (b *builder) labelSet(a Account, lowered []string, blanks bool) string {
	want := map[string]bool{}
	for _, v := range lowered {
		want[v] = true
	}
	var ids []uint64
	for _, l := range a.Labels {
		if want[strings.ToLower(l.Name)] {
			ids = append(ids, l.ID)
		}
	}
	known := make([]uint64, 0, len(a.Labels))
	for _, l := range a.Labels {
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

// radioFilter is the specification's radio filter: one value of the column's
// closed list (price bucket, changed at competitor).
func (b *builder) radioFilter(field string, col Column, v *string) (string, error) {
	if len(col.Radio) == 0 {
		return "", bad(field, "has no radio filter")
	}
	if v == nil {
		return "", bad(field+".value", "needs one of: %s", strings.Join(col.Radio, ", "))
	}
	for _, r := range col.Radio {
		if strings.EqualFold(*v, r) {
			return "ifNull(" + col.Expr + " = " + b.bind(r) + ", 0)", nil
		}
	}
	return "", bad(field+".value", "%q is not one of: %s", clip(*v), strings.Join(col.Radio, ", "))
}

// categoryTree is the multi-level category filter: a list of paths
// [super_category, category?, vertical?]; a product passes when it is under any path.
func (b *builder) categoryTree(field string, raw json.RawMessage) (string, error) {
	var m filterModel
	if err := json.Unmarshal(raw, &m); err != nil {
		return "", decodeError(field, err)
	}
	if len(m.Paths) > MaxSetValues {
		return "", bad(field+".paths", "has %d paths; at most %d are allowed", len(m.Paths), MaxSetValues)
	}
	if len(m.Paths) == 0 {
		return "0", nil
	}
	levels := []string{"super_category", "category", "vertical"}
	var ors []string
	for i, p := range m.Paths {
		if len(p) == 0 || len(p) > 3 {
			return "", bad(fmt.Sprintf("%s.paths[%d]", field, i), "must name 1 to 3 levels (super category, category, vertical)")
		}
		ands := make([]string, len(p))
		for j, v := range p {
			if len([]rune(v)) > MaxTextLen {
				return "", bad(fmt.Sprintf("%s.paths[%d]", field, i), "has a value longer than %d characters", MaxTextLen)
			}
			ands[j] = levels[j] + " = " + b.bind(v)
		}
		ors = append(ors, "("+strings.Join(ands, " AND ")+")")
	}
	return "(" + strings.Join(ors, " OR ") + ")", nil
}
