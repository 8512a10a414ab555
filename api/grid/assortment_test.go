package grid

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pricelens/api/session"
	"pricelens/report/reporttest"
)

// assortmentRef counts the definitions of engine/assortment.go in Go over the
// fixture's rows of account 1 (brand "" is the "(none)" group).
type assortmentCounts struct{ Products, found, inStock, Lower, Similar, Higher int }

func assortmentRef(r reporttest.Ref, c int64, brand *string) assortmentCounts {
	var n assortmentCounts
	for _, p := range r.Products() {
		b := p.Brand
		if b == "" {
			b = "(none)"
		}
		if brand != nil && b != *brand {
			continue
		}
		n.Products++
		o, ok := p.Offers[c]
		if !ok || o.Price == nil || o.Seen.Before(r.A.Now.AddDate(0, 0, -r.A.Settings.StalenessDays)) {
			continue
		}
		n.found++
		if o.InStock == 1 {
			n.inStock++
		}
		if d, ok := r.Comparable(p, c); ok {
			switch r.Bucket(d) {
			case "I am lower":
				n.Lower++
			case "I am higher":
				n.Higher++
			default:
				n.Similar++
			}
		}
	}
	return n
}

func TestAssortmentReports(t *testing.T) {
	e := server(t, &session.Principal{UserID: 1, AccountID: 1})
	f := reporttest.Build()
	r := reporttest.Ref{F: f, A: f.Acc1, CS: []int64{11, 12, 13}}
	num := func(v any) int { return int(v.(float64)) }

	t.Run("a row per competitor", func(t *testing.T) {
		code, out := call(e, "POST", "/api/assortment/getConditionsData", `{"tableName":"assortment","data":{"startRow":0,"limit":100,"sort":[{"colId":"found","sort":"desc"}]}}`)
		require.Equal(t, 200, code, out)
		rows := out["rows"].([]any)
		require.Len(t, rows, 3)
		assert.Equal(t, float64(3), out["lastRow"])
		prev := 1 << 30
		for _, x := range rows {
			row := x.(map[string]any)
			c := int64(row["competitor_id"].(float64))
			want := assortmentRef(r, c, nil)
			assert.Equal(t, want.Products, num(row["products"]), "products @%d", c)
			assert.Equal(t, want.found, num(row["found"]), "found @%d", c)
			assert.Equal(t, want.Products-want.found, num(row["not_found"]), "not found @%d", c)
			assert.Equal(t, want.inStock, num(row["in_stock"]), "in stock @%d", c)
			assert.Equal(t, []int{want.Lower, want.Similar, want.Higher}, []int{num(row["lower"]), num(row["similar"]), num(row["higher"])}, "buckets @%d", c)
			assert.InDelta(t, float64(want.found)*100/float64(want.Products), row["coverage"], 1e-9)
			assert.Equal(t, map[int64]string{11: "Alpha", 12: "Beta", 13: "Gamma"}[c], row["competitor"])
			assert.LessOrEqual(t, num(row["found"]), prev, "sorted by found, descending")
			prev = num(row["found"])
		}
		code, out = call(e, "POST", "/api/assortment/getCountOfRow", `{"data":{"report_type":"assortment","competitorId":[12]}}`)
		require.Equal(t, 200, code, out)
		assert.Equal(t, float64(1), out["count"])
	})

	t.Run("by brand, filtered", func(t *testing.T) {
		code, out := call(e, "POST", "/api/assortment/getConditionsData", `{"tableName":"assortment_by_brand","data":{"startRow":0,"limit":100,"competitorId":[11]}}`)
		require.Equal(t, 200, code, out)
		rows := out["rows"].([]any)
		require.NotEmpty(t, rows)
		total := 0
		for _, x := range rows {
			row := x.(map[string]any)
			b := row["brand"].(string)
			want := assortmentRef(r, 11, &b)
			assert.Equal(t, want.found, num(row["found"]), "found of %q", b)
			assert.Equal(t, want.Products, num(row["products"]), "products of %q", b)
			assert.Equal(t, fmt.Sprint(b, "@11"), row["id"])
			total += num(row["products"])
		}
		assert.Equal(t, len(r.Products()), total, "every product in one brand")
		code, out = call(e, "POST", "/api/assortment/getCountOfRow", `{"data":{"report_type":"assortment_by_category","filters":{"canonical_mfgr_display":{"filterType":"set","values":["Acme"]}}}}`)
		require.Equal(t, 200, code, out)
		assert.Positive(t, out["count"])
	})

	t.Run("products, columns, tooltip", func(t *testing.T) {
		code, out := call(e, "POST", "/api/assortment/getConditionsData", `{"tableName":"assortment_products","data":{"startRow":0,"limit":5}}`)
		require.Equal(t, 200, code, out)
		row := out["rows"].([]any)[0].(map[string]any)
		assert.Contains(t, row, "in_stock@11")
		assert.Contains(t, row, "bucket@13")
		code, out = call(e, "POST", "/api/assortment/getCountOfRow", `{"data":{"report_type":"assortment_products"}}`)
		require.Equal(t, 200, code, out)
		assert.Equal(t, float64(240), out["count"])
		code, out = call(e, "POST", "/api/assortment/getColumnsDef", `{"tableName":"assortment_by_category"}`)
		require.Equal(t, 200, code, out)
		var ids []string
		for _, c := range out["columns"].([]any) {
			ids = append(ids, c.(map[string]any)["colId"].(string))
		}
		assert.Equal(t, []string{"category", "competitor", "products", "found", "not_found", "coverage", "in_stock", "on_sale", "lower", "similar", "higher"}, ids)
		code, out = call(e, "POST", "/api/assortment/getNameTooltipData", `{"productId":"P0001"}`)
		require.Equal(t, 200, code, out)
		assert.Equal(t, "P0001", out["id"])
	})

	t.Run("bad input", func(t *testing.T) {
		for _, body := range []string{
			`{"tableName":"all_my_products","data":{}}`,
			`{"data":{}}`,
			`{"tableName":"assortment","data":{"sort":[{"colId":"brand","sort":"asc"}]}}`,
			`{"tableName":"assortment_by_brand","data":{"sort":[{"colId":"x; DROP TABLE products","sort":"asc"}]}}`,
			`{"tableName":"assortment","data":{"competitorId":[21]}}`,
		} {
			code, out := call(e, "POST", "/api/assortment/getConditionsData", body)
			assert.Equal(t, 400, code, "%s: %v", body, out)
		}
		code, _ := call(e, "POST", "/api/assortment/getColumnsDef", `{"tableName":"nope"}`)
		assert.Equal(t, 400, code)
	})
}

// Another account's assortment never counts account 1's products.
func TestAssortmentTenancy(t *testing.T) {
	e := server(t, &session.Principal{UserID: 2, AccountID: 2})
	code, out := call(e, "POST", "/api/assortment/getConditionsData", `{"tableName":"assortment","data":{"startRow":0,"limit":100}}`)
	require.Equal(t, 200, code, out)
	rows := out["rows"].([]any)
	require.Len(t, rows, 1)
	assert.Equal(t, float64(30), rows[0].(map[string]any)["products"])
	assert.Equal(t, float64(21), rows[0].(map[string]any)["competitor_id"])
}
