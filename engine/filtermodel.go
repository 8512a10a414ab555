package engine

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"time"
)

// agFilter is the union of the shapes one entry of ag-grid's filter model may have
// (and the specification's radio and category tree filters). It exists only here:
// ParseFilterModel turns it into typed Filters, and nothing past the JSON boundary
// sees ag-grid's shapes.
type agFilter struct {
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

// ParseFilterModel decodes ag-grid's filter model (colId → filter) into typed
// filters and checks them (checkFilters); inactive (null) entries are left out.
// Column ids are not looked up here: that needs the account's catalog, at compile.
func ParseFilterModel(fm map[string]json.RawMessage) (map[string]Filter, error) {
	out := make(map[string]Filter, len(fm))
	for _, id := range sortedKeys(fm) {
		raw, field := fm[id], "filters."+clip(id)
		if isNull(raw) {
			continue
		}
		var f Filter
		var err error
		if categoryTreeKey(id) {
			f, err = parseCategoryTree(field, raw)
		} else {
			f, err = parseAgFilter(field, raw, 0)
		}
		if err != nil {
			return nil, err
		}
		out[id] = f
	}
	return out, checkFilters(out)
}

func isNull(raw json.RawMessage) bool {
	t := bytes.TrimSpace(raw)
	return len(t) == 0 || string(t) == "null"
}

func sortedKeys[V any](m map[string]V) []string {
	ids := make([]string, 0, len(m))
	for id := range m {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

func parseAgFilter(field string, raw json.RawMessage, depth int) (Filter, error) {
	if depth > maxFilterDepth {
		return nil, bad(field, "nests combined conditions too deeply (at most one AND/OR level)")
	}
	var m agFilter
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := dec.Decode(&m); err != nil {
		return nil, decodeError(field, err)
	}
	// Combined conditions: {operator, conditions} (or the older condition1/condition2).
	if m.Operator != "" || len(m.Conditions) > 0 || len(m.Condition1) > 0 {
		join, ok := ParseJoinOp(m.Operator)
		if !ok {
			return nil, bad(field+".operator", "must be AND or OR, not %q", clip(m.Operator))
		}
		conds := m.Conditions
		if len(conds) == 0 {
			for _, c := range []json.RawMessage{m.Condition1, m.Condition2} {
				if !isNull(c) {
					conds = append(conds, c)
				}
			}
		}
		if len(conds) > MaxFilterConditions {
			return nil, bad(field+".conditions", "has %d conditions; at most %d are allowed", len(conds), MaxFilterConditions)
		}
		cf := CombinedFilter{Join: join}
		for i, c := range conds {
			sub, err := parseAgFilter(fmt.Sprintf("%s.conditions[%d]", field, i), c, depth+1)
			if err != nil {
				return nil, err
			}
			cf.Conditions = append(cf.Conditions, sub)
		}
		return cf, nil
	}
	switch m.FilterType {
	case "multi":
		var mf MultiFilter
		for i, sub := range m.FilterModels {
			var f Filter
			if !isNull(sub) {
				var err error
				if f, err = parseAgFilter(fmt.Sprintf("%s.filterModels[%d]", field, i), sub, depth+1); err != nil {
					return nil, err
				}
			}
			mf.Filters = append(mf.Filters, f)
		}
		return mf, nil
	case "set":
		sf := SetFilter{}
		for _, v := range m.Values {
			if v == nil || strings.TrimSpace(*v) == "" {
				sf.Blanks = true
				continue
			}
			sf.Values = append(sf.Values, *v)
		}
		return sf, nil
	case "radio":
		rf := RadioFilter{}
		if m.Value != nil {
			rf.Value = *m.Value
		}
		return rf, nil
	case "text":
		tf := TextFilter{Op: TextOp(m.Type)}
		if tf.Op.Valid() && tf.Op.needsValue() {
			v, err := agText(field+".filter", m.Filter)
			if err != nil {
				return nil, err
			}
			tf.Value = v
		}
		return tf, nil
	case "number":
		nf := NumberFilter{Op: NumberOp(m.Type)}
		if nf.Op.Valid() && nf.Op.needsValue() {
			var err error
			if nf.Value, err = agNumber(field+".filter", m.Filter); err != nil {
				return nil, err
			}
			if nf.Op == NumberInRange {
				if nf.To, err = agNumber(field+".filterTo", m.FilterTo); err != nil {
					return nil, err
				}
			}
		}
		return nf, nil
	case "date":
		df := DateFilter{Op: DateOp(m.Type)}
		if df.Op.Valid() && df.Op.needsValue() {
			var err error
			if df.From, err = agDate(field+".dateFrom", m.DateFrom); err != nil {
				return nil, err
			}
			if df.Op == DateInRange {
				if df.To, err = agDate(field+".dateTo", m.DateTo); err != nil {
					return nil, err
				}
			}
		}
		return df, nil
	case "":
		return nil, bad(field+".filterType", "is missing (text, number, date, set, radio or multi)")
	}
	return nil, bad(field+".filterType", "%q is not a filter type (text, number, date, set, radio or multi)", clip(m.FilterType))
}

// agText reads a text filter's value; ag-grid sends text, and a number typed into
// a text filter counts as its text.
func agText(field string, raw json.RawMessage) (string, error) {
	if isNull(raw) {
		return "", bad(field, "needs a value")
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		var n json.Number
		if err2 := json.Unmarshal(raw, &n); err2 != nil {
			return "", bad(field, "must be text")
		}
		s = n.String()
	}
	return s, nil
}

// agNumber reads a number filter's value: a JSON number or a numeric string.
func agNumber(field string, raw json.RawMessage) (float64, error) {
	if isNull(raw) {
		return 0, bad(field, "needs a number")
	}
	var n json.Number
	if err := json.Unmarshal(bytes.TrimSpace(raw), &n); err != nil {
		var s string
		if json.Unmarshal(bytes.TrimSpace(raw), &s) != nil {
			return 0, bad(field, "must be a number")
		}
		n = json.Number(strings.TrimSpace(s))
	}
	f, err := n.Float64()
	if err != nil {
		return 0, bad(field, "must be a finite number, not %q", clip(n.String()))
	}
	return f, checkNumber(field, f)
}

// agDate reads ag-grid's date ("YYYY-MM-DD hh:mm:ss"; also ISO and a plain day).
func agDate(field string, s *string) (time.Time, error) {
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

func parseCategoryTree(field string, raw json.RawMessage) (Filter, error) {
	var m agFilter
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, decodeError(field, err)
	}
	return CategoryTreeFilter{Paths: m.Paths}, nil
}
