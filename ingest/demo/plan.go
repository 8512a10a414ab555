package demo

// accountPlan is what the generator loads for one demo account at one size.
type accountPlan struct {
	ID          uint32
	Name        string
	Prefix      string // product ids are Prefix + 14 base36 characters, unique across accounts
	Currency    string
	Symbol      string
	ShopHost    string
	Products    int
	Competitors int
	// HistoryProducts get daily history over HistoryDays (the first products by index).
	HistoryProducts int
	HistoryDays     int
	// Sparse history: before the scans above, every pair gets one scan per staleness
	// period (sparseStep days), which the trends carry forward over every day, back
	// to SparseDays before the anchor day (products without daily history) or to
	// HistorySparseDays (history products, before their daily window). A scan a day
	// for a year of every L product would be 7.3 billion rows; one a period is 1/30 of it.
	SparseDays        int
	HistorySparseDays int
	// MetricsDays are the days of business metrics (product_daily) of the history
	// products, back from the anchor day: at least twice the trends' default 30-day range
	// and a day (the range ends yesterday), so that key business metrics' compare-to line
	// (the previous period) has data. The 30-day custom fields stay the sums of the
	// latest 30 of them.
	MetricsDays int
}

// minMetricsDays covers the default 30 days ending yesterday and its previous period.
const minMetricsDays = 61

// plans gives the demo accounts for a size (docs/benchmarks.md#targets): account 1 is the big
// one; account 2 has its own, smaller competitor set; account 3 watches a single competitor,
// so that the competitiveness metrics trend (shown only to an account with at most one
// competitor, docs/product.md §6) can be drawn with the demo data. Only the administrator
// is a member of accounts 2 and 3. Its name sorts after the others in the account chooser.
func plans(s Size) []accountPlan {
	a1 := accountPlan{ID: 1, Name: "Northwind Electronics", Prefix: "NW", Currency: "USD", Symbol: "$", ShopHost: "northwind-electronics.example"}
	a2 := accountPlan{ID: 2, Name: "Southbay Home", Prefix: "SB", Currency: "EUR", Symbol: "€", ShopHost: "southbay-home.example"}
	a3 := accountPlan{ID: 3, Name: "Westshore Outfitters", Prefix: "WS", Currency: "GBP", Symbol: "£", ShopHost: "westshore-outfitters.example"}
	switch s {
	case M:
		a1.Products, a1.Competitors, a1.HistoryProducts, a1.HistoryDays = 100_000, 12, 20_000, 60
		a2.Products, a2.Competitors, a2.HistoryProducts, a2.HistoryDays = 20_000, 6, 4_000, 60
		a3.Products, a3.Competitors, a3.HistoryProducts, a3.HistoryDays = 5_000, 1, 1_000, 60
		a1.SparseDays, a1.HistorySparseDays = 180, 365
		a2.SparseDays, a2.HistorySparseDays = 180, 365
		a3.SparseDays, a3.HistorySparseDays = 180, 365
	case L:
		a1.Products, a1.Competitors, a1.HistoryProducts, a1.HistoryDays = 1_000_000, 20, 100_000, 90
		a2.Products, a2.Competitors, a2.HistoryProducts, a2.HistoryDays = 200_000, 8, 20_000, 90
		a3.Products, a3.Competitors, a3.HistoryProducts, a3.HistoryDays = 20_000, 1, 5_000, 90
		// Issue 14: a year for every product, 3 years for the first 100k.
		a1.SparseDays, a1.HistorySparseDays = 365, 1096
		a2.SparseDays, a2.HistorySparseDays = 365, 1096
		a3.SparseDays, a3.HistorySparseDays = 365, 1096
	default:
		a1.Products, a1.Competitors, a1.HistoryProducts, a1.HistoryDays = 10_000, 8, 10_000, 30
		a2.Products, a2.Competitors, a2.HistoryProducts, a2.HistoryDays = 2_000, 5, 2_000, 30
		a3.Products, a3.Competitors, a3.HistoryProducts, a3.HistoryDays = 500, 1, 500, 30
		// Small but real, so every test package's seed exercises it (S has only history
		// products: SparseDays matters only to tests that shrink HistoryProducts).
		a1.SparseDays, a1.HistorySparseDays = 90, 90
		a2.SparseDays, a2.HistorySparseDays = 90, 90
		a3.SparseDays, a3.HistorySparseDays = 90, 90
	}
	for _, a := range []*accountPlan{&a1, &a2, &a3} {
		a.MetricsDays = max(a.HistoryDays, minMetricsDays)
	}
	return []accountPlan{a1, a2, a3}
}

// planIDs are the plans' account ids.
func planIDs(ps []accountPlan) []uint32 {
	ids := make([]uint32, len(ps))
	for i, p := range ps {
		ids[i] = p.ID
	}
	return ids
}

// maxScanAge is the oldest latest scan in days (offers are 0–20 days old).
const maxScanAge = 20

// sparseStep is the spacing in days of the sparse history's scans: the demo
// accounts' staleness (offer_staleness_days), so a scan's price is carried up to
// the next one and every day of the window has a price.
const sparseStep = 30
