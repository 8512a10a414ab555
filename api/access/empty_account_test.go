package access_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"pricelens/deploy/testenv"
)

// A new account (no competitors, labels, products or scans yet) answers every
// report read with an empty answer, not a 500: the report SQL must not be built
// from an empty list of competitors or labels (the contract fuzzer's find: an
// empty IN () in the trends, transform() over empty arrays in the assortment).
func TestAnEmptyAccountReadsEmptyReports(t *testing.T) {
	w, _ := testenv.ClickHouse(t)
	e := newEnv(t, w)
	var acc int64
	if err := e.db.QueryRow(t.Context(), `INSERT INTO accounts (name, site_id) VALUES ('New', 'new') RETURNING id`).Scan(&acc); err != nil {
		t.Fatal(err)
	}
	e.user("ada@new.test", "admin", acc)
	c := e.login("ada@new.test", acc)
	for _, tc := range []struct {
		path string
		body obj
	}{
		{"/api/tabular/getConditionsData", obj{"condition": obj{"report_type": "all_my_products"}}},
		{"/api/tabular/getConditionsData", obj{"condition": obj{"report_type": "my_products_at_competitors"}}},
		{"/api/tabular/getConditionsData", obj{"condition": obj{"report_type": "competitive_landscape_by_label"}}},
		{"/api/tabular/getConditionsData", obj{"condition": obj{"report_type": "all_my_products", "group": []obj{{"id": "labels", "field": "labels"}}}}},
		{"/api/tabular/getCountOfRow", obj{"condition": obj{"report_type": "price_distribution_by_brand"}}},
		{"/api/tabular/getConditionsDataForRealTime", obj{}},
		{"/api/tabular/getRealTimeTabularCount", obj{}},
		{"/api/assortment/getConditionsData", obj{"tableName": "assortment", "data": obj{}}},
		{"/api/assortment/getConditionsData", obj{"tableName": "assortment_products", "data": obj{}}},
		{"/api/assortment/getConditionsData", obj{"tableName": "assortment_by_brand", "data": obj{}}},
		{"/api/assortment/getCountOfRow", obj{"tableName": "assortment_by_category", "data": obj{}}},
		{"/api/trend/getConditionsData", obj{"data": obj{"report_name": "price_trend"}}},
		{"/api/trend/getConditionsData", obj{"data": obj{"report_name": "price_vs_market_trend"}}},
		{"/api/trend/getConditionsData", obj{"data": obj{"report_name": "margin_trend"}}},
		{"/api/trend/getConditionsData", obj{"data": obj{"report_name": "key_business_metrics"}}},
		{"/api/trend/getConditionsData", obj{"data": obj{"report_name": "competitiveness_metrics"}}},
		{"/api/trend/getCountOfRow", obj{"data": obj{"report_name": "price_trend"}}},
	} {
		st, res := c.call("POST", tc.path, tc.body)
		assert.Equal(t, 200, st, "%s %v: %v", tc.path, tc.body, res)
	}
	for _, path := range []string{"/api/insights/cards", "/api/tabular/pricing", "/api/labels/getAllLabels"} {
		st, res := c.call("GET", path, nil)
		assert.Equal(t, 200, st, "%s: %v", path, res)
	}
}
