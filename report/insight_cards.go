package report

import (
	"context"
	"fmt"

	"golang.org/x/text/language"
	"golang.org/x/text/message"

	"pricelens/engine"
	"pricelens/store/authz"
)

// The insight cards of /insights (docs/product.md §2, §3 "Insight"): a card per pricing
// opportunity of the panel, with the products that show it most as highlight
// tiles (image, field, number, diff percent), read through the grid like any
// report: the card's products are the rows of its insight's report, first by the
// market delta.

// HighlightTiles is how many products a card shows.
const HighlightTiles = 4

// ThumbnailSize is the specification's thumbnail size cap (docs/product.md §9: 145).
const ThumbnailSize = 145

// HighlightImage is a tile's picture.
type HighlightImage struct {
	Src string `json:"src" openapi:"always"`
	H   int    `json:"h" openapi:"always"`
	W   int    `json:"w" openapi:"always"`
}

// Highlight is one tile: a product's image and name (field), my price (number)
// and its market delta in percent (diff; null when not compared).
type Highlight struct {
	Image  *HighlightImage `json:"image" openapi:"always"`
	Field  string          `json:"field" openapi:"always"`
	Number float64         `json:"number" openapi:"always"`
	Diff   *float64        `json:"diff" openapi:"always"`
	ID     string          `json:"id" openapi:"always"`
}

// Insight is one card: a title, the metric its tiles' diff is, a summary and the tiles.
type Insight struct {
	Key        string      `json:"key" openapi:"always"`
	Title      string      `json:"title" openapi:"always"`
	Metric     string      `json:"metric" openapi:"always"`
	Summary    string      `json:"summary" openapi:"always"`
	Link       string      `json:"link" openapi:"always"`
	Highlights []Highlight `json:"highlights" openapi:"always"`
}

// InsightCards is the answer of GET /insights/cards.
type InsightCards struct {
	Insights []Insight `json:"insights" openapi:"always"`
}

// english formats the cards' counts as the screens do (2,634).
var english = message.NewPrinter(language.English)

var cardDefs = []struct {
	key, title, summary string
	sort                engine.SortDir
}{
	{engine.InsightPriceUp, "Room to raise prices", "%d products are priced under the market", engine.SortAsc},
	{engine.InsightPriceDown, "Priced above the market", "%d products are priced over the market", engine.SortDesc},
	{engine.InsightOutOfStock, "Out of stock at competitors", "%d products are out of stock at a competitor", engine.SortAsc},
}

// Cards reads the cards of the caller's account. A card's number counts the
// products of the report it links to (InsightReportURL), whose rows its tiles
// are: never the pricer's candidates (Pricing's, with the pricer seam), which
// count its latest run's raises and reductions (issue 29: "52 priced under the
// market" beside a report of 2,634).
func (in *Insights) Cards(ctx context.Context, p authz.Principal) (InsightCards, error) {
	a, err := in.S.Account(ctx, p)
	if err != nil {
		return InsightCards{}, err
	}
	keys := make([]string, len(cardDefs))
	for i, d := range cardDefs {
		keys[i] = d.key
	}
	counts, err := in.count(ctx, a, keys)
	if err != nil {
		return InsightCards{}, err
	}
	out := InsightCards{Insights: []Insight{}}
	for _, d := range cardDefs {
		c := engine.Condition{ReportType: engine.InsightReportType, Limit: HighlightTiles,
			Filters:        map[string]engine.Filter{engine.InsightFilterKey: engine.RadioFilter{Value: d.key}},
			Sort:           []engine.SortItem{{ColID: "market_delta", Sort: d.sort}},
			VisibleColumns: []string{"img_url", "name", "price", "market_delta"}}
		blk, err := in.S.Rows(ctx, a, c)
		if err != nil {
			return InsightCards{}, err
		}
		card := Insight{Key: d.key, Title: d.title, Metric: "Market delta %", Summary: english.Sprintf(d.summary, counts[d.key]),
			Link: InsightReportURL(d.key), Highlights: []Highlight{}}
		for _, r := range blk.Rows {
			h := Highlight{ID: fmt.Sprint(r["id"])}
			h.Field, _ = r["name"].(string)
			if v := number(r["price"]); v != nil {
				h.Number = *v
			}
			h.Diff = number(r["market_delta"])
			if src, _ := r["img_url"].(string); src != "" {
				h.Image = &HighlightImage{Src: src, H: ThumbnailSize, W: ThumbnailSize}
			}
			card.Highlights = append(card.Highlights, h)
		}
		out.Insights = append(out.Insights, card)
	}
	return out, nil
}
