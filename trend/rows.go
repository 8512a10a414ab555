package trend

import (
	"encoding/json"
	"math"
	"slices"
	"strconv"
	"time"
)

// Rows is getConditionsData's answer: a row per day, ascending (competitiveness
// metrics: per day and group). Keys: date_timestamp (YYYY-MM-DD); value@{id},
// products@{id} per competitor; selected_competitors, customerValue, products
// (line reports); units_sold, revenue, cost, gross_profit, margin, my_price and
// their compare_ twins (key business metrics); the group key, value,
// compare_value and compare_date (competitiveness metrics). A value is null
// where the day has no products for it.
type Rows struct {
	Rows    DayRows `json:"rows" openapi:"always"`
	LastRow int     `json:"lastRow" openapi:"always"`
	// Flagged are the trend's competitors with open match-feedback flags (a product's
	// match to the competitor flagged as wrong, not yet resolved): competitor id →
	// how many of the account's products (for PDP_price_trend: 1 when the product's
	// own match is flagged). The screens mark those lines; absent competitors have none.
	Flagged map[string]int `json:"flagged" openapi:"always"`
	// DataAsOf is set when the trend answered from its stored data while a load
	// since is not in it yet: the time the data covers (scans loaded up to then).
	// The screens say so; the background refresh brings the load in.
	DataAsOf *time.Time `json:"dataAsOf,omitempty"`
}

// DayRows are a trend's rows (one object per day, or per day and group). They
// encode to exactly what encoding/json writes for the maps (keys sorted, the
// same number forms), but without its per-map reflection and key sorting: a
// 3-year product page is 1,096 rows of ~40 keys, which encoding/json took
// ~27 ms to write, half the page's time budget. Values of kinds the engine
// does not put in a row fall back to encoding/json.
type DayRows []map[string]any

// MarshalJSON writes the rows (encoding/json then checks them: the API writes
// Rows.AppendJSON's bytes as they are).
func (rows DayRows) MarshalJSON() ([]byte, error) {
	return rows.AppendJSON(nil)
}

// AppendJSON appends the rows; the sorted keys of a row are reused for the
// following rows with the same keys (the usual case: every day has every line).
func (rows DayRows) AppendJSON(b []byte) ([]byte, error) {
	if rows == nil {
		return append(b, "null"...), nil
	}
	b = slices.Grow(b, 2+len(rows)*len(firstRow(rows))*24)
	b = append(b, '[')
	var keys []string
	for i, row := range rows {
		if i > 0 {
			b = append(b, ',')
		}
		if row == nil {
			b = append(b, "null"...)
			continue
		}
		if !sameKeys(keys, row) {
			keys = keys[:0]
			for k := range row {
				keys = append(keys, k)
			}
			slices.Sort(keys)
		}
		b = append(b, '{')
		for j, k := range keys {
			if j > 0 {
				b = append(b, ',')
			}
			b = appendString(b, k)
			b = append(b, ':')
			var err error
			if b, err = appendValue(b, row[k]); err != nil {
				return nil, err
			}
		}
		b = append(b, '}')
	}
	return append(b, ']'), nil
}

// AppendJSON appends the answer as encoding/json writes it (field order and
// names of Rows' tags, checked by a test), so route.JSON writes it without
// encoding/json's second pass over the rows' bytes.
func (r Rows) AppendJSON(b []byte) ([]byte, error) {
	b = append(b, `{"rows":`...)
	b, err := r.Rows.AppendJSON(b)
	if err != nil {
		return nil, err
	}
	b = append(b, `,"lastRow":`...)
	b = strconv.AppendInt(b, int64(r.LastRow), 10)
	f, err := json.Marshal(r.Flagged)
	if err != nil {
		return nil, err
	}
	b = append(b, `,"flagged":`...)
	b = append(b, f...)
	if r.DataAsOf != nil {
		at, err := json.Marshal(r.DataAsOf)
		if err != nil {
			return nil, err
		}
		b = append(b, `,"dataAsOf":`...)
		b = append(b, at...)
	}
	return append(b, '}'), nil
}

func firstRow(rows DayRows) map[string]any {
	if len(rows) == 0 {
		return nil
	}
	return rows[0]
}

// sameKeys reports whether row has exactly the keys (keys sorted, distinct).
func sameKeys(keys []string, row map[string]any) bool {
	if len(keys) == 0 || len(keys) != len(row) {
		return false
	}
	for _, k := range keys {
		if _, ok := row[k]; !ok {
			return false
		}
	}
	return true
}

func appendValue(b []byte, v any) ([]byte, error) {
	switch x := v.(type) {
	case nil:
		return append(b, "null"...), nil
	case string:
		return appendString(b, x), nil
	case bool:
		return strconv.AppendBool(b, x), nil
	case float64:
		return appendFloat(b, x)
	case uint64:
		return strconv.AppendUint(b, x, 10), nil
	case int64:
		return strconv.AppendInt(b, x, 10), nil
	case int:
		return strconv.AppendInt(b, int64(x), 10), nil
	}
	j, err := json.Marshal(v)
	return append(b, j...), err
}

// appendFloat writes f as encoding/json does (ES6 number form: 'f' between 1e-6
// and 1e21, else 'e' with a one- or two-digit exponent); NaN and ±Inf are its error.
func appendFloat(b []byte, f float64) ([]byte, error) {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return json.Marshal(f) // encoding/json's UnsupportedValueError
	}
	abs := math.Abs(f)
	format := byte('f')
	if abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	start := len(b)
	b = strconv.AppendFloat(b, f, format, -1, 64)
	if format == 'e' {
		// clean up e-09 to e-9
		n := len(b) - start
		if n >= 4 && b[len(b)-4] == 'e' && b[len(b)-3] == '-' && b[len(b)-2] == '0' {
			b[len(b)-2] = b[len(b)-1]
			b = b[:len(b)-1]
		}
	}
	return b, nil
}

// appendString writes s as a JSON string; only plain printable ASCII without the
// characters encoding/json escapes is written directly.
func appendString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 0x20 || c >= 0x7f || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			j, _ := json.Marshal(s)
			return append(b, j...)
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}
