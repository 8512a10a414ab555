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
}

// plans gives both demo accounts for a size (DESIGN §7): account 1 is the big
// one; account 2 has its own, smaller competitor set.
func plans(s Size) []accountPlan {
	a1 := accountPlan{ID: 1, Name: "Northwind Electronics", Prefix: "NW", Currency: "USD", Symbol: "$", ShopHost: "northwind-electronics.example"}
	a2 := accountPlan{ID: 2, Name: "Southbay Home", Prefix: "SB", Currency: "EUR", Symbol: "€", ShopHost: "southbay-home.example"}
	switch s {
	case M:
		a1.Products, a1.Competitors, a1.HistoryProducts, a1.HistoryDays = 100_000, 12, 20_000, 60
		a2.Products, a2.Competitors, a2.HistoryProducts, a2.HistoryDays = 20_000, 6, 4_000, 60
	case L:
		a1.Products, a1.Competitors, a1.HistoryProducts, a1.HistoryDays = 1_000_000, 20, 100_000, 90
		a2.Products, a2.Competitors, a2.HistoryProducts, a2.HistoryDays = 200_000, 8, 20_000, 90
	default:
		a1.Products, a1.Competitors, a1.HistoryProducts, a1.HistoryDays = 10_000, 8, 10_000, 30
		a2.Products, a2.Competitors, a2.HistoryProducts, a2.HistoryDays = 2_000, 5, 2_000, 30
	}
	return []accountPlan{a1, a2}
}

// maxScanAge is the oldest latest scan in days (offers are 0–20 days old).
const maxScanAge = 20
