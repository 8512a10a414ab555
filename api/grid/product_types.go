package grid

import (
	"bytes"
	"encoding/json"
	"strconv"

	"pricelens/api/httperr"
	"pricelens/engine"
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

// Tooltip is the product tooltip: description (the name cut at 110 characters),
// brand, manufacturer number, availability, last scanned (the latest scan by any
// competitor), on sale (1 when a competitor's latest scan has it on sale, 0 when
// none does, null without offers), category, link and image. A null is an unknown value.
type Tooltip struct {
	ID             string   `json:"id" openapi:"always"`
	Description    string   `json:"description" openapi:"always"`
	Brand          *string  `json:"brand"`
	MfgrProdID     *string  `json:"mfgr_prod_id"`
	Availability   *uint64  `json:"availability"` // 1 in stock, 0 not
	OnSale         *uint64  `json:"on_sale"`      // 1 on sale at a competitor, 0 not
	LastScanned    *string  `json:"last_scanned"` // RFC 3339
	Category       *string  `json:"category"`
	Link           *string  `json:"link"`
	Image          *string  `json:"image"`
	Price          *float64 `json:"price"`
	CurrencySymbol string   `json:"currency_symbol" openapi:"always"`
}

// toTooltip shapes a product row into its tooltip.
func toTooltip(a engine.Account, row map[string]any) Tooltip {
	name := str(row["name"])
	if r := []rune(name); len(r) > 110 {
		name = string(r[:110]) + "…"
	}
	var last *string
	var onSale *uint64
	for _, comp := range a.Competitors {
		s := "@" + strconv.FormatInt(comp.ID, 10)
		if v := text(row["seen_at"+s]); v != nil && (last == nil || *v > *last) {
			last = v
		}
		if v := flag(row["on_sale"+s]); v != nil && (onSale == nil || *v > *onSale) {
			onSale = v
		}
	}
	return Tooltip{ID: str(row["id"]), Description: name, Brand: text(row["canonical_mfgr_display"]), MfgrProdID: text(row["mfgr_prod_id"]),
		Availability: flag(row["in_stock"]), OnSale: onSale, LastScanned: last, Category: text(row["category_display"]),
		Link: text(row["url"]), Image: text(row["img_url"]), Price: number(row["price"]), CurrencySymbol: a.Settings.CurrencySymbol}
}

// CompetitorRow is one competitor's offer for the product (the competitor grid
// and the competitor-versus-my-price tooltip). A null is an unknown value.
type CompetitorRow struct {
	CompetitorID   int64    `json:"competitor_id" openapi:"always"`
	Competitor     string   `json:"competitor" openapi:"always"`
	Name           *string  `json:"name"`
	Price          *float64 `json:"price"`
	MyPrice        *float64 `json:"my_price"`
	PriceDelta     *float64 `json:"price_delta"` // %, null when the offer is stale
	Bucket         *string  `json:"bucket"`
	URL            *string  `json:"url"`
	ImgURL         *string  `json:"img_url"`
	ProdID         *string  `json:"prod_id"`
	Brand          *string  `json:"brand"`
	MfgrProdID     *string  `json:"mfgr_prod_id"`
	InStock        *uint64  `json:"in_stock"` // 1 or 0
	OnSale         *uint64  `json:"on_sale"`  // 1 or 0
	SeenAt         *string  `json:"seen_at"`  // RFC 3339
	CurrencySymbol string   `json:"currency_symbol" openapi:"always"`
}

// toCompetitorRows turns a product row into one row per competitor with an offer.
func toCompetitorRows(a engine.Account, row map[string]any) []CompetitorRow {
	out := []CompetitorRow{}
	for _, comp := range a.Competitors {
		s := "@" + strconv.FormatInt(comp.ID, 10)
		if row["Name"+s] == nil && row["Price"+s] == nil && row["seen_at"+s] == nil {
			continue // no offer from this competitor
		}
		out = append(out, CompetitorRow{
			CompetitorID: comp.ID, Competitor: comp.Name, Name: text(row["Name"+s]), Price: number(row["Price"+s]),
			MyPrice: number(row["price"]), PriceDelta: number(row["price_delta"+s]), Bucket: text(row["bucket"+s]),
			URL: text(row["URL"+s]), ImgURL: text(row["img_URL"+s]), ProdID: text(row["prod_id"+s]),
			Brand: text(row["canonical_mfgr_display"+s]), MfgrProdID: text(row["mfgr_prod_id"+s]),
			InStock: flag(row["in_stock"+s]), OnSale: flag(row["on_sale"+s]), SeenAt: text(row["seen_at"+s]),
			CurrencySymbol: a.Settings.CurrencySymbol,
		})
	}
	return out
}

// CompetitorTooltip is the competitor-versus-my-price tooltip.
type CompetitorTooltip struct {
	ID          string          `json:"id" openapi:"always"`
	Name        string          `json:"name" openapi:"always"`
	MyPrice     *float64        `json:"my_price"`
	Competitors []CompetitorRow `json:"competitors" openapi:"always"`
}

// CompetitorRows is the competitor grid's one block (every competitor at once).
type CompetitorRows struct {
	Rows    []CompetitorRow `json:"rows" openapi:"always"`
	LastRow int             `json:"lastRow" openapi:"always"`
}

// The cells of a product row are what the warehouse gives (engine.Plan.Expand):
// text as string, numbers as float64 or unsigned integers, NULL as nil. These
// read one cell as its wire type; nil stays null.

func str(v any) string {
	s, _ := v.(string)
	return s
}

func text(v any) *string {
	if s, ok := v.(string); ok {
		return &s
	}
	return nil
}

func number(v any) *float64 {
	var f float64
	switch x := v.(type) {
	case float64:
		f = x
	case float32:
		f = float64(x)
	case uint64:
		f = float64(x)
	case int64:
		f = float64(x)
	default:
		return nil
	}
	return &f
}

func flag(v any) *uint64 {
	var u uint64
	switch x := v.(type) {
	case uint64:
		u = x
	case uint8:
		u = uint64(x)
	case int64:
		u = uint64(x)
	default:
		return nil
	}
	return &u
}
