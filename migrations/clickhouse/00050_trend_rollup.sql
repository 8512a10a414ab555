-- Daily trend rollups (issue 14, docs/trends.md). A trend over every product of a large
-- account cannot carry a million products' scans forward day by day per request
-- (1M x 20 competitors x 365 days is 7.3 billion pair-days: minutes on two cores),
-- so the refresh that follows every load pre-aggregates the carried prices of the
-- common scopes: per account, day, super category, category and competitor, the
-- sums a price trend and the competitiveness metrics need, for every weight kind
-- (k1: every product counts 1; rev, units, pv: the custom fields revenue_30d,
-- units_30d, page_views_30d). competitor_id 0 holds the product-level lines over
-- all the account's competitors: x is the product's market (mean of its prices),
-- n the products with at least one price. A report over a category path (or
-- none), every competitor (price trend) or any competitor subset (competitiveness
-- metrics) and the rollup's staleness and bucket settings sums a few thousand of
-- these rows instead (engine/trend_rollup.go); anything else - searches, other
-- filters, selected rows, other groups - reads the raw scans (engine/trend_history.go).
-- Per weight kind k: w_k = sum of weights, wx_k = sum w.x, wmp_k = sum w.my price
-- over the priced pairs; over the comparable ones (x > 0, my price > 0): cw_k the
-- weights, chi_k / clo_k / csim_k the weights in each bucket, cpi_k sum w.(m/x).100.
-- Partitioned by account and month. The refresh after a load rebuilds only the
-- months from the earliest month whose scans or business metrics changed since the
-- last build (a scan carries into the days after it) to yesterday, into
-- trend_rollup_build, and swaps them in with REPLACE PARTITION; a change of the
-- catalogue (weights, categories, prices), of the settings or of the competitors
-- rebuilds everything. trend_rollup_builds records what each build covers and with
-- which settings, so the compiler uses a rollup only where it is exact.

-- +goose NO TRANSACTION
-- +goose Up
CREATE TABLE trend_rollup (
    account_id      UInt32,
    date            Date,
    super_category  LowCardinality(String),
    category        LowCardinality(String),
    competitor_id   UInt32,
    n               UInt64,
    cn              UInt64,
    w_k1 Float64, wx_k1 Float64, wmp_k1 Float64, cw_k1 Float64, chi_k1 Float64, clo_k1 Float64, csim_k1 Float64, cpi_k1 Float64,
    w_rev Float64, wx_rev Float64, wmp_rev Float64, cw_rev Float64, chi_rev Float64, clo_rev Float64, csim_rev Float64, cpi_rev Float64,
    w_units Float64, wx_units Float64, wmp_units Float64, cw_units Float64, chi_units Float64, clo_units Float64, csim_units Float64, cpi_units Float64,
    w_pv Float64, wx_pv Float64, wmp_pv Float64, cw_pv Float64, chi_pv Float64, clo_pv Float64, csim_pv Float64, cpi_pv Float64,
    build_id        UInt64
) ENGINE = MergeTree
PARTITION BY (account_id, toYYYYMM(date))
ORDER BY (account_id, super_category, category, date, competitor_id);

CREATE TABLE trend_rollup_build AS trend_rollup;

CREATE TABLE trend_rollup_builds (
    account_id  UInt32,
    build_id    UInt64,
    built_at    DateTime,
    first_day   Date,
    last_day    Date,
    staleness   UInt32,
    parity      Float64,
    lower       Float64,
    upper       Float64,
    competitors Array(UInt32)
) ENGINE = MergeTree
ORDER BY (account_id, build_id);

-- +goose Down
DROP TABLE IF EXISTS trend_rollup_builds;
DROP TABLE IF EXISTS trend_rollup_build;
DROP TABLE IF EXISTS trend_rollup;
