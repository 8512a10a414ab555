package engine

// The ClickHouse schema the engine, the warehouse and ingest name in SQL
// (migrations/clickhouse). SQL names a table or a key column through these
// constants, so a rename is one edit and a typo a compile error; the engine's SQL
// assembler prints a table only if it is one of them (Table.Valid, at print time).

// Table is a ClickHouse table.
type Table string

const (
	TableProducts              Table = "products"       // the catalogue, latest version wins
	TableOffers                Table = "offers"         // every competitor scan
	TableLatestOffers          Table = "latest_offers"  // latest offer per (product, competitor)
	TableOfferDaily            Table = "offer_daily"    // daily history per (product, competitor)
	TableProductDaily          Table = "product_daily"  // daily business metrics per product
	TableProductLabels         Table = "product_labels" // mirror of the label assignments
	TableProductSnapshot       Table = "product_snapshot"
	TableProductSnapshotBuild  Table = "product_snapshot_build"  // built, then swapped into product_snapshot
	TableSnapshotBuilds        Table = "snapshot_builds"         // facts of each snapshot build (totals.go)
	TableProductSnapshotDelta  Table = "product_snapshot_delta"  // products refreshed since the last full build
	TablePricerResults         Table = "pricer_results"          // the dynamic pricer's per-product results, by result set
	TableTrendRollup           Table = "trend_rollup"            // daily trend sums per category and competitor (trend_rollup.go)
	TableTrendRollupBuild      Table = "trend_rollup_build"      // built, then swapped into trend_rollup
	TableTrendRollupBuilds     Table = "trend_rollup_builds"     // what each rollup build covers
	TableTrendRollupDeltas     Table = "trend_rollup_deltas"     // a rollup build's difference rows (trend_rollup.go)
	TablePriceChanges          Table = "price_changes"           // price-change events recorded at load (insights.go)
	TableTrendRuns             Table = "trend_runs"              // every pair's runs of one price, by the rollup build (trend_runs.go)
	TableTrendRunsBuild        Table = "trend_runs_build"        // built, then swapped into trend_runs
	TableAssortmentTotals      Table = "assortment_totals"       // the assortment reports' counts, per snapshot build (assortment_totals.go)
	TableAssortmentTotalsBuild Table = "assortment_totals_build" // built, then swapped into assortment_totals
	TableRealTimePairs         Table = "realtime_pairs"          // every pair of a full build by scan time (realtime_state.go)
	TableRealTimeBuckets       Table = "realtime_buckets"        // a build's pairs per competitor and 10 minutes of scan times
)

// Valid reports whether t is one of the schema's tables.
func (t Table) Valid() bool {
	switch t {
	case TableProducts, TableOffers, TableLatestOffers, TableOfferDaily, TableProductDaily,
		TableProductLabels, TableProductSnapshot, TableProductSnapshotBuild, TableSnapshotBuilds, TablePricerResults,
		TableTrendRollup, TableTrendRollupBuild, TableTrendRollupBuilds, TableTrendRollupDeltas, TableProductSnapshotDelta,
		TablePriceChanges, TableTrendRuns, TableTrendRunsBuild, TableAssortmentTotals, TableAssortmentTotalsBuild,
		TableRealTimePairs, TableRealTimeBuckets:
		return true
	}
	return false
}

// SnapshotLive reads product_snapshot and product_snapshot_delta together (the
// virtual column _table names each row's table): the snapshot of an account with a
// delta (snapshot.go). A table function, evaluated in the query's database.
const SnapshotLive = "merge(currentDatabase(), '^" + string(TableProductSnapshot) + "(_delta)?$')"

// String is the table's name, for SQL assembled outside the engine.
func (t Table) String() string { return string(t) }

// Column names shared by several tables, and those the engine addresses by name.
const (
	ColAccountID     = "account_id"
	ColProductID     = "product_id"
	ColCompetitorID  = "competitor_id"
	ColLabelID       = "label_id"
	ColName          = "name"
	ColBrand         = "brand"
	ColMfgrProdID    = "mfgr_prod_id"
	ColSuperCategory = "super_category"
	ColCategory      = "category"
	ColVertical      = "vertical"
	ColMyPrice       = "my_price"
	ColCost          = "cost"
	ColURL           = "url"
	ColImgURL        = "img_url"
	ColInStock       = "in_stock"
	ColSearchText    = "search_text"
	ColRevenue30d    = "revenue_30d" // the numeric custom fields (CustomField.LogicalName)
	ColUnits30d      = "units_30d"
	ColPageViews30d  = "page_views_30d"
	ColMRP           = "mrp" // the product's maximum retail price (0: unknown)
)

// customFieldColumn reports whether a custom field may name this products column:
// the closed list that keeps account configuration from becoming SQL text.
func customFieldColumn(name string) bool {
	return name == ColRevenue30d || name == ColUnits30d || name == ColPageViews30d
}
