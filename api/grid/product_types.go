package grid

import (
	"bytes"
	"encoding/json"

	"pricelens/api/httperr"
	"pricelens/report"
)

// The wire types of the one-product calls: the product tooltip, the product's
// details, the competitor-versus-my-price tooltip and the competitor grid.

// ProductRequest names one product as productId, product_id or id (the
// specification's callers use all three), each a string or a number.
type ProductRequest struct {
	ProductID  json.RawMessage `json:"productId"`
	ProductID2 json.RawMessage `json:"product_id"`
	ID         json.RawMessage `json:"id"`
	id         string
}

// Validate takes the first of the three that is set.
func (r *ProductRequest) Validate() error {
	for _, raw := range []json.RawMessage{r.ProductID, r.ProductID2, r.ID} {
		t := bytes.TrimSpace(raw)
		if len(t) == 0 || string(t) == "null" {
			continue
		}
		var s string
		if json.Unmarshal(t, &s) == nil && s != "" {
			r.id = s
			return nil
		}
		var n json.Number
		if json.Unmarshal(t, &n) == nil {
			r.id = n.String()
			return nil
		}
	}
	return httperr.BadRequest("productId", "productId is required")
}

// ProductDetails is getProductDetailsById's answer.
type ProductDetails struct {
	// Product is the full product row, keyed by column id (docs/api-contract.md#the-grid-contract, its product-row
	// keys; the per-competitor keys end in @competitor id).
	Product map[string]any `json:"product" openapi:"always"`
}

// CompetitorRows is the competitor grid's one block (every competitor at once).
type CompetitorRows struct {
	Rows    []report.CompetitorRow `json:"rows" openapi:"always"`
	LastRow int                    `json:"lastRow" openapi:"always"`
}
