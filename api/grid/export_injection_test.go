package grid

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pricelens/api/session"
	"pricelens/engine"
	"pricelens/report/reporttest"
)

// hostile is a cell Excel and LibreOffice evaluate when the file is opened
// (OWASP "CSV injection"), the text an attacker names a label, or a product on a
// web site that is scanned.
const hostile = `=1+2+cmd|' /C calc'!A0`

// formattedNumber is a numeric cell as the grid shows it: a spreadsheet reads it
// as a number, never a formula, whatever its sign.
var formattedNumber = regexp.MustCompile(`^[-+]?[0-9,]*\.?[0-9]*%?$`)

// An export whose every text column starts with a formula character holds no
// cell a spreadsheet would evaluate: each such text cell comes out prefixed with
// an apostrophe, and numbers (a negative price delta among them) stay numbers.
func TestExportNeutralisesFormulas(t *testing.T) {
	p := &session.Principal{UserID: 1, AccountID: 1}
	e, x := exportServer(t, p)
	ctx := context.Background()

	// Account text: a label, a competitor (a column header) and a custom field name.
	for _, q := range []string{
		`UPDATE labels SET name = '` + strings.ReplaceAll(hostile, "'", "''") + `' WHERE id = 1`,
		`UPDATE competitors SET name = '+Alpha' WHERE id = 11`,
		`UPDATE accounts SET custom_fields = '[{"logical_name":"revenue_30d","display_name":"@Revenue"}]' WHERE id = 1`,
		// The currency symbol starts every currency cell.
		`UPDATE accounts SET settings = settings || '{"currency_symbol":"="}' WHERE id = 1`,
	} {
		_, err := x.S.DB.Exec(ctx, q)
		require.NoError(t, err)
	}
	// Scanned text: a later version of five products and of their offers at
	// competitor 11, every text column starting with =, +, -, @, a tab or a CR.
	ids := []string{"P0000", "P0001", "P0002", "P0003", "P0005"}
	w := x.S.W
	pb, err := w.Conn.PrepareBatch(ctx, "INSERT INTO products (account_id, product_id, name, brand, mfgr_prod_id, super_category, category, vertical, my_price, cost, currency, url, img_url, in_stock, revenue_30d, units_30d, page_views_30d, updated_at)")
	require.NoError(t, err)
	ob, err := w.Conn.PrepareBatch(ctx, "INSERT INTO latest_offers (account_id, product_id, competitor_id, scanned_at, price, in_stock, on_sale, comp_product_id, name, brand, mfgr_prod_id, url, img_url)")
	require.NoError(t, err)
	later := reporttest.Now.Add(1e9)
	for _, id := range ids {
		require.NoError(t, pb.Append(uint32(1), id, hostile, "+Brand", "-M1", "@Super", "\tCategory", "\rVertical", 10.0, 4.0, "USD",
			"=HYPERLINK(\"http://evil.example\")", "@img", uint8(1), 100.0, 1.0, 1.0, later))
		price := 20.0 // my price 10: a delta of -50 %, a negative number that must stay one
		require.NoError(t, ob.Append(uint32(1), id, uint32(11), reporttest.Now, &price, uint8(1), uint8(0), "=cp", hostile, "-Brand", "+M2", "@url", "=img"))
	}
	require.NoError(t, pb.Send())
	require.NoError(t, ob.Send())
	f := reporttest.Build()
	require.NoError(t, w.RefreshSnapshots(ctx, map[uint32]engine.Settings{1: f.Acc1.Settings, 2: f.Acc2.Settings}))
	// Every column of the report, visible.
	code, cols := call(e, "POST", "/api/tabular/getColumnsDef", `{"reportId":"all_my_products"}`)
	require.Equal(t, 200, code, cols)
	var visible []string
	for _, c := range cols["columns"].([]any) {
		visible = append(visible, c.(map[string]any)["colId"].(string))
	}
	body, _ := json.Marshal(map[string]any{"condition": map[string]any{"visible_columns": visible}, "toggledNodes": ids})
	code, out := call(e, "POST", "/api/tabular/exportDataToCsv", string(body))
	require.Equal(t, 200, code, out)
	name := out["exportReportName"].(string)
	require.Equal(t, "done", waitExport(t, e, name)["status"])
	code, _, file := download(t, e, name)
	require.Equal(t, 200, code, file)
	recs, err := csv.NewReader(strings.NewReader(strings.TrimPrefix(file, "\uFEFF"))).ReadAll()
	require.NoError(t, err)
	require.Len(t, recs, 1+len(ids))

	var prefixed, negatives int
	for r, rec := range recs {
		for c, cell := range rec {
			if cell == "" || !strings.ContainsRune("=+-@\t\r", rune(cell[0])) {
				if strings.HasPrefix(cell, "'") {
					prefixed++
				}
				continue
			}
			// What a spreadsheet would evaluate: only a number may start so.
			assert.Regexp(t, formattedNumber, cell, "row %d column %q: a cell a spreadsheet evaluates", r, recs[0][c])
			if strings.HasPrefix(cell, "-") {
				negatives++
			}
		}
	}
	assert.Greater(t, negatives, 0, "the negative deltas are written as numbers, unprefixed")
	header := strings.Join(recs[0], "|")
	assert.Contains(t, header, "'+Alpha", "a competitor's name in a header")
	assert.Contains(t, header, "'@Revenue", "a custom field's name in a header")
	row := strings.Join(recs[1], "|")
	for _, want := range []string{"'" + hostile, "'+Brand", "'-M1", "'@Super", "'\tCategory", "'=cp", "'-Brand", "'+M2", "'=10.00", "'=20.00"} {
		assert.Contains(t, row, want)
	}
	assert.GreaterOrEqual(t, prefixed, 10, "the hostile text cells are there, neutralised")
}
