package grid

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"pricelens/engine"
)

// csvColumn is one column of an export's file: the grid's header and how a shaped
// row's value is written.
type csvColumn struct {
	id, key, header string
}

// csvColumns are the condition's visible columns in grid order (without repeats),
// headed as getColumnsDef heads them. The labels column shows the label names, as
// the grid's cell does.
func csvColumns(a engine.Account, c engine.Condition) []csvColumn {
	headers := map[string]string{"labels": "Labels", "labelsNames": "Labels", "currency_symbol": "Currency", "constraint": "Constraint"}
	if cols, err := engine.Columns(a, c.ReportType); err == nil {
		for _, col := range cols {
			headers[col.ID] = col.Header
		}
	}
	var out []csvColumn
	seen := map[string]bool{}
	for _, id := range c.VisibleColumns {
		if seen[id] {
			continue
		}
		seen[id] = true
		key := id
		if id == "labels" {
			key = "labelsNames"
		}
		h := headers[id]
		if h == "" {
			h = id
		}
		out = append(out, csvColumn{id: id, key: key, header: h})
	}
	return out
}

func (c csvColumn) format(row map[string]any) string { return FormatCSVValue(row[c.key]) }

// FormatCSVValue writes a grid value as export text, the same for every report:
// empty for no value, numbers as plain decimals with no grouping or currency sign
// (spreadsheets read them as numbers; the currency is the account's, shown in the
// grid's header), dates as ISO 8601 (YYYY-MM-DD at midnight UTC, else
// YYYY-MM-DDTHH:MM:SSZ), lists comma-separated, text as is.
func FormatCSVValue(v any) string {
	switch v := v.(type) {
	case nil:
		return ""
	case string:
		return v
	case float64:
		return strconv.FormatFloat(v, 'f', -1, 64)
	case float32:
		return strconv.FormatFloat(float64(v), 'f', -1, 32)
	case int64:
		return strconv.FormatInt(v, 10)
	case uint64:
		return strconv.FormatUint(v, 10)
	case int:
		return strconv.Itoa(v)
	case uint8:
		return strconv.Itoa(int(v))
	case bool:
		if v {
			return "1"
		}
		return "0"
	case time.Time:
		u := v.UTC()
		if u.Hour() == 0 && u.Minute() == 0 && u.Second() == 0 && u.Nanosecond() == 0 {
			return u.Format("2006-01-02")
		}
		return u.Format("2006-01-02T15:04:05Z")
	case []string:
		return strings.Join(v, ",")
	}
	return fmt.Sprint(v)
}
