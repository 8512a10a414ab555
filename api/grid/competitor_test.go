package grid

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pricelens/api/session"
	"pricelens/report/reporttest"
)

// The product page's competitors table (competitor/getData): every competitor
// offer of the product as the reporttest.Fixture wrote it, price delta and bucket only for a
// fresh offer, no other account's competitor, and a 404 that says why.
func TestCompetitorGrid(t *testing.T) {
	f := reporttest.Build()
	e := server(t, &session.Principal{UserID: 1, AccountID: 1})
	r := reporttest.Ref{F: f, A: f.Acc1}
	checked := 0
	for _, p := range r.Products()[:40] {
		code, out := call(e, "POST", "/api/competitor/getData", `{"product_id":"`+p.ID+`"}`)
		require.Equal(t, 200, code, out)
		rows := out["rows"].([]any)
		require.Len(t, rows, len(p.Offers), p.ID)
		assert.Equal(t, float64(len(p.Offers)), out["lastRow"])
		for _, x := range rows {
			row := x.(map[string]any)
			c := int64(row["competitor_id"].(float64))
			o, ok := p.Offers[c]
			require.True(t, ok, "%s: competitor %d has no offer", p.ID, c)
			assert.Equal(t, map[int64]string{11: "Alpha", 12: "Beta", 13: "Gamma"}[c], row["competitor"])
			assert.Equal(t, o.Name, row["name"])
			assert.Equal(t, "https://c/"+p.ID, row["url"])
			seen, err := time.Parse(time.RFC3339, row["seen_at"].(string))
			require.NoError(t, err)
			assert.True(t, seen.Equal(o.Seen.Truncate(time.Second)), "%s@%d seen %v, want %v", p.ID, c, seen, o.Seen)
			assert.Equal(t, float64(o.InStock), row["in_stock"])
			assert.Equal(t, float64(0), row["on_sale"])
			if o.Price == nil {
				assert.Nil(t, row["price"], "not found: no price")
			} else {
				assert.Equal(t, *o.Price, row["price"])
			}
			if d, ok := r.Comparable(p, c); ok {
				require.NotNil(t, row["price_delta"], "%s@%d", p.ID, c)
				assert.True(t, reporttest.Near(row["price_delta"].(float64), d), "%s@%d delta %v, want %v", p.ID, c, row["price_delta"], d)
				assert.Equal(t, r.Bucket(d), row["bucket"])
				checked++
			} else if o.Price != nil && o.Seen.Before(reporttest.Now.AddDate(0, 0, -30)) {
				assert.Nil(t, row["price_delta"], "a stale offer has no delta")
				assert.Nil(t, row["bucket"])
			}
		}
	}
	assert.Greater(t, checked, 20, "enough fresh offers compared")

	code, out := call(e, "POST", "/api/competitor/getData", `{"product_id":"nope' OR 1=1 --"}`)
	assert.Equal(t, 404, code)
	assert.Equal(t, "This product does not exist in this account.", out["error"].(map[string]any)["message"])
	code, out = call(e, "POST", "/api/competitor/getData", `{}`)
	assert.Equal(t, 400, code)
	assert.Equal(t, "productId is required", out["error"].(map[string]any)["message"])

	// Account 2 has products with the same ids: it sees its own competitor only.
	e2 := server(t, &session.Principal{UserID: 2, AccountID: 2})
	code, out = call(e2, "POST", "/api/competitor/getData", `{"product_id":"P0001"}`)
	require.Equal(t, 200, code, out)
	rows := out["rows"].([]any)
	require.Len(t, rows, 1)
	assert.Equal(t, "Other", rows[0].(map[string]any)["competitor"])
	assert.Equal(t, 15.0, rows[0].(map[string]any)["price"])
	code, _ = call(e2, "POST", "/api/competitor/getData", `{"product_id":"P0100"}`)
	assert.Equal(t, 404, code, "account 1's product")

	// The columns name the fields of the rows.
	code, out = call(e, "GET", "/api/competitor/getColumnsDef", ``)
	require.Equal(t, 200, code)
	var fields []string
	for _, c := range out["columns"].([]any) {
		fields = append(fields, c.(map[string]any)["field"].(string))
	}
	assert.Equal(t, []string{"competitor", "name", "price", "my_price", "price_delta", "bucket", "in_stock", "on_sale", "seen_at", "url"}, fields)
}
