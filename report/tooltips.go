package report

import (
	"strconv"

	"pricelens/engine"
)

// The one-product shapes: the product tooltip and a product's offers, one per
// competitor, read back from the per-competitor cells (keys ending in
// @competitor id) of its row. Shaping cells is the service's part (the handlers
// only render), and the S data set's tests check these shapes against the data.

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

// TooltipOf shapes a product row into its tooltip.
func TooltipOf(a engine.Account, row map[string]any) Tooltip {
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

// CompetitorRowsOf turns a product row into one row per competitor with an offer:
// the per-competitor cells (keys ending in @competitor id) read back into one
// value per competitor.
func CompetitorRowsOf(a engine.Account, row map[string]any) []CompetitorRow {
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

// CompetitorTooltipOf shapes a product's competitor offers into the
// competitor-versus-my-price tooltip.
func CompetitorTooltipOf(a engine.Account, row map[string]any) CompetitorTooltip {
	return CompetitorTooltip{ID: str(row["id"]), Name: str(row["name"]), MyPrice: number(row["price"]), Competitors: CompetitorRowsOf(a, row)}
}
