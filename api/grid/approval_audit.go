package grid

import (
	"errors"
	"slices"
	"time"
	"unicode/utf8"

	"pricelens/api/httperr"
	"pricelens/store"
)

// AuditFilter is one column filter of the audit grid, in ag-grid's filter model:
// text "contains" on the product, the user and the comment; a set of values on
// the decision and the source; a day or a range of days on the decision time.
type AuditFilter struct {
	FilterType string   `json:"filterType" enum:"text,set,date"`
	Type       string   `json:"type,omitempty"` // text: contains; date: equals, greaterThan, lessThan, inRange
	Filter     string   `json:"filter,omitempty"`
	Values     []string `json:"values,omitempty"`
	DateFrom   string   `json:"dateFrom,omitempty"` // "2006-01-02" or "2006-01-02 15:04:05" (the day counts)
	DateTo     string   `json:"dateTo,omitempty"`
}

// auditText are the text columns and where their text goes; auditSets the set
// columns with their allowed values.
var (
	auditText = map[string]func(*store.DecisionFilter, string){
		"product_id":     func(f *store.DecisionFilter, v string) { f.ProductID = v },
		"decided_by":     func(f *store.DecisionFilter, v string) { f.DecidedBy = v },
		"bizfin_comment": func(f *store.DecisionFilter, v string) { f.Comment = v },
	}
	auditSets = map[string][]string{"decision": {"approved", "rejected"}, "source": {"screen", "csv"}}
)

// maxAuditText bounds a text filter, as the grid's search is bounded.
const maxAuditText = 200

// decisionFilter checks the filters and converts them to the store's filter. Days
// are UTC days, as the decision times are shown in the browser from UTC.
func decisionFilter(in map[string]AuditFilter) (store.DecisionFilter, error) {
	var f store.DecisionFilter
	for col, m := range in {
		field := "filters." + col
		switch {
		case auditText[col] != nil:
			if m.FilterType != "text" || (m.Type != "" && m.Type != "contains") {
				return f, httperr.BadRequest(field, "%s is filtered by text it contains", col)
			}
			if utf8.RuneCountInString(m.Filter) > maxAuditText {
				return f, httperr.BadRequest(field, "A filter text can have at most %d characters", maxAuditText)
			}
			auditText[col](&f, m.Filter)
		case auditSets[col] != nil:
			if m.FilterType != "set" {
				return f, httperr.BadRequest(field, "%s is filtered by a set of values", col)
			}
			for _, v := range m.Values {
				if !slices.Contains(auditSets[col], v) {
					return f, httperr.BadRequest(field, "%q is not a value of %s (%v)", v, col, auditSets[col])
				}
			}
			vals := append([]string{}, m.Values...)
			if col == "decision" {
				f.Decisions = vals
			} else {
				f.Sources = vals
			}
		case col == "decided_at":
			from, to, err := auditDays(m)
			if err != nil {
				return f, httperr.BadRequest(field, "%s", err.Error())
			}
			f.From, f.To = from, to
		default:
			return f, httperr.BadRequest(field, "%q is not a column the audit can filter", col)
		}
	}
	return f, nil
}

// auditDays is a date filter's [from, to) in UTC: equals the day, greaterThan
// after it, lessThan before it, inRange from the first day to the end of the last.
func auditDays(m AuditFilter) (time.Time, time.Time, error) {
	day := func(s string) (time.Time, error) {
		if len(s) >= 10 {
			if t, err := time.Parse("2006-01-02", s[:10]); err == nil {
				return t, nil
			}
		}
		return time.Time{}, errors.New("Dates are written YYYY-MM-DD")
	}
	if m.FilterType != "date" {
		return time.Time{}, time.Time{}, errors.New("decided_at is filtered by dates")
	}
	from, err := day(m.DateFrom)
	if err != nil {
		return time.Time{}, time.Time{}, err
	}
	next := from.AddDate(0, 0, 1)
	switch m.Type {
	case "", "equals":
		return from, next, nil
	case "greaterThan":
		return next, time.Time{}, nil
	case "lessThan":
		return time.Time{}, from, nil
	case "inRange":
		to, err := day(m.DateTo)
		if err != nil {
			return time.Time{}, time.Time{}, err
		}
		if to.Before(from) {
			return time.Time{}, time.Time{}, errors.New("The range ends before it starts")
		}
		return from, to.AddDate(0, 0, 1), nil
	}
	return time.Time{}, time.Time{}, errors.New("A date filter is equals, greaterThan, lessThan or inRange")
}
