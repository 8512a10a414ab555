package grid

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/labstack/echo/v4"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pricelens/api/session"
)

// startedCSV starts an export with a call, waits for it and reads its file.
func startedCSV(t *testing.T, e *echo.Echo, path, body string) [][]string {
	t.Helper()
	code, out := call(e, "POST", path, body)
	require.Equal(t, 200, code, out)
	name := out["exportReportName"].(string)
	st := waitExport(t, e, name)
	require.Equal(t, "done", st["status"], st)
	code, _, file := download(t, e, name)
	require.Equal(t, 200, code, file)
	recs, err := csv.NewReader(strings.NewReader(strings.TrimPrefix(file, "\uFEFF"))).ReadAll()
	require.NoError(t, err)
	assert.Equal(t, float64(len(recs)-1), st["rows"])
	return recs
}

// The assortment and real-time exports: the file has the report's columns
// (getColumnsDef's headers) and its rows as the grid shows them, in its order.
func TestAssortmentAndRealTimeExports(t *testing.T) {
	e, _ := exportServer(t, &session.Principal{UserID: 1, AccountID: 1})
	headers := func(path, body string) ([]string, []string) {
		code, out := call(e, "POST", path, body)
		require.Equal(t, 200, code, out)
		var h, f []string
		for _, c := range out["columns"].([]any) {
			c := c.(map[string]any)
			h, f = append(h, c["headerName"].(string)), append(f, c["field"].(string))
		}
		return h, f
	}

	t.Run("assortment by brand", func(t *testing.T) {
		recs := startedCSV(t, e, "/api/assortment/exportDataToCsv", `{"tableName":"assortment_by_brand","data":{"sort":[{"colId":"coverage","sort":"desc"}],"competitorId":[11,12]}}`)
		h, fields := headers("/api/assortment/getColumnsDef", `{"tableName":"assortment_by_brand"}`)
		assert.Equal(t, h, recs[0])
		code, out := call(e, "POST", "/api/assortment/getConditionsData", `{"tableName":"assortment_by_brand","data":{"startRow":0,"limit":1000,"sort":[{"colId":"coverage","sort":"desc"}],"competitorId":[11,12]}}`)
		require.Equal(t, 200, code, out)
		rows := out["rows"].([]any)
		require.Len(t, recs, len(rows)+1)
		for i, r := range rows {
			row := r.(map[string]any)
			for j, f := range fields {
				format := map[bool]string{true: "percent", false: "number"}[f == "coverage"]
				if f == "brand" || f == "competitor" {
					format = "text"
				}
				assert.True(t, sameValue(format, row[f], recs[i+1][j]), "row %d %s: grid %v, file %q", i, f, row[f], recs[i+1][j])
			}
		}
	})

	t.Run("real-time view", func(t *testing.T) {
		recs := startedCSV(t, e, "/api/tabular/exportDataToCsvRealTime", `{"competitorsId":[13]}`)
		h, fields := headers("/api/tabular/getColumnDefRealTime", `{"competitorsId":[13]}`)
		assert.Equal(t, h, recs[0])
		var rows []map[string]any
		for offset := 0; ; offset += 100 {
			code, out := call(e, "POST", "/api/tabular/getConditionsDataForRealTime", fmt.Sprintf(`{"competitorsId":[13],"offset":%d}`, offset))
			require.Equal(t, 200, code, out)
			for _, r := range out["rows"].([]any) {
				rows = append(rows, r.(map[string]any))
			}
			if out["lastRow"].(float64) >= 0 {
				break
			}
		}
		require.Len(t, recs, len(rows)+1)
		formats := map[string]string{"price": "currency", "competitor_price": "currency", "price_delta": "percent", "in_stock": "bool", "on_sale": "bool"}
		for i, row := range rows {
			for j, f := range fields {
				format := formats[f]
				if format == "" {
					format = "text"
				}
				assert.True(t, sameValue(format, row[f], recs[i+1][j]), "row %d %s: grid %v, file %q", i, f, row[f], recs[i+1][j])
			}
		}
	})

	t.Run("bad input", func(t *testing.T) {
		for path, body := range map[string]string{
			"/api/assortment/exportDataToCsv":      `{"tableName":"nope","data":{}}`,
			"/api/tabular/exportDataToCsvRealTime": `{"competitorsId":[21]}`,
		} {
			code, out := call(e, "POST", path, body)
			assert.Equal(t, 400, code, "%s: %v", path, out)
		}
		b, _ := json.Marshal(map[string]any{"tableName": "assortment", "data": `{"sort":[{"colId":"nope","sort":"asc"}]}`})
		code, out := call(e, "POST", "/api/assortment/exportDataToCsv", string(b))
		assert.Equal(t, 400, code, out)
	})
}
