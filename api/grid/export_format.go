package grid

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"pricelens/engine"
)

// csvColumn is one column of an export's file: the grid's header, the shaped row's
// key and the column's format (engine.Column.Format, the grid's format_type).
type csvColumn struct {
	id, key, header, format string
}

// csvColumns are the condition's visible columns in grid order (without repeats),
// headed as getColumnsDef heads them. The labels column shows the label names, as
// the grid's cell does.
func csvColumns(a engine.Account, c engine.Condition) []csvColumn {
	known := map[string]csvColumn{"labels": {header: "Labels"}, "labelsNames": {header: "Labels"},
		"currency_symbol": {header: "Currency"}, "constraint": {header: "Constraint"}}
	if cols, err := engine.Columns(a, c.ReportType); err == nil {
		for _, col := range cols {
			known[col.ID] = csvColumn{header: col.Header, format: col.Format}
		}
	}
	var out []csvColumn
	seen := map[string]bool{}
	for _, id := range c.VisibleColumns {
		if seen[id] {
			continue
		}
		seen[id] = true
		col := known[id]
		col.id, col.key = id, id
		if id == "labels" {
			col.key = "labelsNames"
		}
		if col.header == "" {
			col.header = id
		}
		out = append(out, col)
	}
	return out
}

// FormatCSVValue writes a grid value as the grid shows it (the webapp's
// formatValue in features/tabular/columns.ts, DESIGN §9): currency as the
// account's symbol and the amount with thousands separators and two decimals
// ($1,234.50), percent with two decimals and % (-3.25%), numbers with thousands
// separators and at most two decimals, bool as Yes or No, dates as
// YYYY-MM-DD HH:MM:SS in UTC, lists comma-separated, text as is; empty for no value.
func FormatCSVValue(format string, v any, currency string) string {
	if v == nil {
		return ""
	}
	if f, ok := toFloat(v); ok && format != "text" && format != "" {
		if math.IsNaN(f) {
			return ""
		}
		switch format {
		case "currency":
			return currency + grouped(f, 2, 2)
		case "percent":
			return strconv.FormatFloat(f, 'f', 2, 64) + "%"
		case "number":
			return grouped(f, 0, 2)
		case "bool":
			if f != 0 {
				return "Yes"
			}
			return "No"
		}
	}
	switch v := v.(type) {
	case string:
		if format == "date" { // an ISO time the plan already wrote as text
			if t, err := time.Parse(time.RFC3339, v); err == nil {
				return t.UTC().Format("2006-01-02 15:04:05")
			}
		}
		return v
	case bool:
		if format == "bool" {
			if v {
				return "Yes"
			}
			return "No"
		}
		return strconv.FormatBool(v)
	case time.Time:
		return v.UTC().Format("2006-01-02 15:04:05")
	case []string:
		return strings.Join(v, ", ")
	}
	if f, ok := toFloat(v); ok {
		return strconv.FormatFloat(f, 'f', -1, 64)
	}
	return fmt.Sprint(v)
}

func toFloat(v any) (float64, bool) {
	switch v := v.(type) {
	case float64:
		return v, true
	case float32:
		return float64(v), true
	case int64:
		return float64(v), true
	case uint64:
		return float64(v), true
	case int:
		return float64(v), true
	case uint32:
		return float64(v), true
	case uint8:
		return float64(v), true
	}
	return 0, false
}

// grouped writes f with between min and max decimals and a comma every three
// digits of the whole part, as en-US toLocaleString does.
func grouped(f float64, min, max int) string {
	s := strconv.FormatFloat(f, 'f', max, 64)
	whole, frac, _ := strings.Cut(s, ".")
	for len(frac) > min && strings.HasSuffix(frac, "0") {
		frac = frac[:len(frac)-1]
	}
	sign := ""
	if strings.HasPrefix(whole, "-") {
		sign, whole = "-", whole[1:]
	}
	var b strings.Builder
	for i, d := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(d)
	}
	if frac != "" {
		return sign + b.String() + "." + frac
	}
	if b.String() == "0" {
		sign = "" // -0.001 shows as 0
	}
	return sign + b.String()
}
