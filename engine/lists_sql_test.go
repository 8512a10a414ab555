package engine

import (
	"testing"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The competitor offers of one product (competitor/getData, the product page):
// the account and category predicates first, the product id bound, only the
// product's identity columns and the snapshot's per-competitor arrays read.
func TestCompetitorOffersSQL(t *testing.T) {
	a := sqlAccount()
	a.Categories = []string{"TV"}
	p, err := CompileCompetitorOffers(a, "P1' OR 1=1 --")
	require.NoError(t, err)
	assert.Equal(t, "SELECT product_id AS `id`, name AS `name`, img_url AS `img_url`, brand AS `canonical_mfgr_display`, my_price AS `price`, "+
		"comp_ids AS __comp_ids, c_price AS __c_price, c_delta AS __c_delta, c_seen AS __c_seen, c_in_stock AS __c_in_stock, c_on_sale AS __c_on_sale, "+
		"c_name AS __c_name, c_brand AS __c_brand, c_mfgr AS __c_mfgr, c_url AS __c_url, c_img AS __c_img, c_prod_id AS __c_prod_id "+
		"FROM product_snapshot WHERE account_id = ? AND super_category IN ? AND product_id = ?", p.SQL)
	assert.Equal(t, []any{uint32(7), clickhouse.GroupSet{Value: []any{"TV"}}, "P1' OR 1=1 --"}, p.Args)
	assert.Equal(t, []string{"id", "name", "img_url", "canonical_mfgr_display", "price"}, p.Columns)

	// Every offer key of every competitor comes out of the arrays, and no other @ key.
	row := map[string]any{"id": "P1", "price": 10.0,
		"__comp_ids": []uint32{9}, "__c_price": []float64{8}, "__c_delta": []float64{25}, "__c_seen": []time.Time{a.Now.Add(-time.Hour)},
		"__c_in_stock": []uint8{1}, "__c_on_sale": []uint8{0}, "__c_name": []string{"n"}, "__c_brand": []string{"b"}, "__c_mfgr": []string{"m"},
		"__c_url": []string{"u"}, "__c_img": []string{"i"}, "__c_prod_id": []string{"cp"}}
	p.Expand(row)
	var keys []string
	for k := range row {
		if len(k) > 2 && k[len(k)-2:] == "@9" {
			keys = append(keys, k[:len(k)-2])
		}
	}
	assert.ElementsMatch(t, offerKinds, keys)
	assert.Equal(t, 8.0, row["Price@9"])
	assert.Equal(t, "u", row["URL@9"])
	assert.Equal(t, 25.0, row["price_delta@9"])
	assert.Equal(t, BucketHigher, row["bucket@9"])
	assert.Equal(t, a.Now.Add(-time.Hour).UTC().Format(time.RFC3339), row["seen_at@9"])
	assert.Nil(t, row["Price@3"], "competitor 3 has no offer")

	_, err = CompileCompetitorOffers(a, "")
	assert.ErrorContains(t, err, "needs a product id")
}
