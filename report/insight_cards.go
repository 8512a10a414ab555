package report

import (
	"context"
	"fmt"
	"time"

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

// cardKeys are the insights the cards count.
func cardKeys() []string {
	keys := make([]string, len(cardDefs))
	for i, d := range cardDefs {
		keys[i] = d.key
	}
	return keys
}

// CardsWindow is how long the insight cards are kept. They are the same for
// every analyst of an account with the same category access until its data
// changes, and the insights page is the first each of them opens: at L the three
// cards cost about 250 ms of ClickHouse time each time (a pass over the snapshot
// per card), and 50 analysts on the page took them to a p95 of 3.4 s and slowed
// every other call with them (make load at L). They are computed as of the start
// of the window (the clock truncated, so every statement within it is the same)
// and kept by their statements at the version of what reports read, so a flag, a
// load, a rebuild or a label change shows on the next call, and the clock's
// effects (an offer going stale) at most this late: the freshness a load has
// (DESIGN §8, within 10 s).
const CardsWindow = 10 * time.Second

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
	a.Now = a.Now.Truncate(CardsWindow)
	if in.S.orders == nil {
		return in.cards(ctx, a)
	}
	// The key: every statement the cards run (their SQL holds the account, the
	// categories, the clock and the flag sets).
	st, err := engine.CompileInsights(a, cardKeys())
	if err != nil {
		return InsightCards{}, err
	}
	all := st
	for _, d := range cardDefs {
		plan, err := engine.CompileRows(a, cardCondition(d.key, d.sort))
		if err != nil {
			return InsightCards{}, err
		}
		all.SQL += "\x00" + plan.Statement.SQL
		all.Args = append(append([]any(nil), all.Args...), plan.Statement.Args...)
		all.Sets = append(append([]engine.Set(nil), all.Sets...), plan.Statement.Sets...)
	}
	key, err := in.S.cacheKey(ctx, a, "cards", all)
	if err != nil {
		return InsightCards{}, err
	}
	return cached(ctx, in.S.orders, key, func(InsightCards) int { return 1 }, func(ctx context.Context) (InsightCards, error) {
		return in.cards(ctx, a)
	})
}

// cardCondition is the report a card's tiles are the first rows of.
func cardCondition(key string, sort engine.SortDir) engine.Condition {
	return engine.Condition{ReportType: engine.InsightReportType, Limit: HighlightTiles,
		Filters:        map[string]engine.Filter{engine.InsightFilterKey: engine.RadioFilter{Value: key}},
		Sort:           []engine.SortItem{{ColID: "market_delta", Sort: sort}},
		VisibleColumns: []string{"img_url", "name", "price", "market_delta"}}
}

// cards computes the cards of account a.
func (in *Insights) cards(ctx context.Context, a engine.Account) (InsightCards, error) {
	counts, err := in.count(ctx, a, cardKeys())
	if err != nil {
		return InsightCards{}, err
	}
	out := InsightCards{Insights: []Insight{}}
	for _, d := range cardDefs {
		blk, err := in.S.Rows(ctx, a, cardCondition(d.key, d.sort))
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
