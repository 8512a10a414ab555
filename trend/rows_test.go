package trend

import (
	"encoding/json"
	"math"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// The rows must reach the screens exactly as encoding/json wrote them before.
func TestDayRowsEncodeAsEncodingJSON(t *testing.T) {
	rows := []map[string]any{
		{"date_timestamp": "2026-01-02", "value@3": 12.5, "products@3": uint64(7), "customerValue": nil, "flagged_excluded": true},
		{"date_timestamp": "2026-01-03", "value@3": 1e-7, "products@3": uint64(0), "customerValue": -1e21, "flagged_excluded": false},
		{"date_timestamp": "2026-01-04", "value@3": 123456789.123456789, "products@3": uint64(1), "customerValue": 0.1 + 0.2},
		{"name": "<b>\"Ünïcode\" & \\ \n", "n": int64(-4), "i": 3, "small": -2.5e-9, "zero": 0.0, "list": []float64{1, 2}},
		nil,
		{},
	}
	want, err := json.Marshal(rows)
	require.NoError(t, err)
	got, err := json.Marshal(DayRows(rows))
	require.NoError(t, err)
	require.Equal(t, string(want), string(got))

	answer := Rows{Rows: rows, LastRow: 6, Flagged: map[string]int{"3": 2}}
	want, err = json.Marshal(answer)
	require.NoError(t, err)
	got, err = answer.AppendJSON(nil)
	require.NoError(t, err)
	require.Equal(t, string(want), string(got), "the answer route.JSON writes as it is")
	at := time.Date(2026, 11, 29, 6, 12, 40, 0, time.UTC)
	answer.DataAsOf = &at
	want, err = json.Marshal(answer)
	require.NoError(t, err)
	got, err = answer.AppendJSON(nil)
	require.NoError(t, err)
	require.Equal(t, string(want), string(got), "with the time a stale rollup covers")
	require.Contains(t, string(got), `"dataAsOf":"2026-11-29T06:12:40Z"`)

	got, err = json.Marshal(DayRows(nil))
	require.NoError(t, err)
	require.Equal(t, "null", string(got))

	_, err = json.Marshal(DayRows{{"v": math.NaN()}})
	require.Error(t, err, "NaN is not JSON, as with encoding/json")
}

// A 3-year product page: 1,096 days of 20 competitors' values and counts.
func pageRows() []map[string]any {
	rows := make([]map[string]any, 1096)
	for i := range rows {
		r := map[string]any{"date_timestamp": "2024-01-01", "selected_competitors": 12.345, "customerValue": 11.2, "products": uint64(1)}
		for c := range 20 {
			r["value@"+string(rune('a'+c))] = 10.123456789 * float64(c+1)
			r["products@"+string(rune('a'+c))] = uint64(1)
		}
		rows[i] = r
	}
	return rows
}

func BenchmarkDayRowsJSON(b *testing.B) {
	rows := pageRows()
	b.Run("encoding/json", func(b *testing.B) {
		for b.Loop() {
			_, _ = json.Marshal(rows)
		}
	})
	b.Run("DayRows", func(b *testing.B) {
		for b.Loop() {
			_, _ = json.Marshal(DayRows(rows))
		}
	})
}

func BenchmarkRowsAppendJSON(b *testing.B) {
	answer := Rows{Rows: pageRows(), Flagged: map[string]int{}}
	for b.Loop() {
		_, _ = answer.AppendJSON(nil)
	}
}
