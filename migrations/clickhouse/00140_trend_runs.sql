-- The runs of every (product, competitor) pair (issue 14: the product page's
-- 3-year trend at L). A run is a stretch of days over which a pair's carried price
-- is one value (engine.pairRuns). The trend rollup build computes them per chunk of
-- products anyway; it now writes them here first and builds the rollup's difference
-- rows from them (one read of offers per chunk instead of two), and the product page
-- reads its product's ~20 rows by key instead of its scans in every monthly
-- partition of offers (~40 granules of 8192 rows). Days are the build's
-- [first_day, last_day] (trend_rollup_builds): read only while the rollup is.
-- One partition per account: a build writes trend_runs_build and swaps it in with
-- REPLACE PARTITION, so readers see a whole build or the previous one.

-- +goose NO TRANSACTION
-- +goose Up
CREATE TABLE trend_runs (
    account_id      UInt32,
    product_id      String,
    competitor_id   UInt32,
    rl              Array(Date),
    rh              Array(Date),
    rx              Array(Float64)
) ENGINE = MergeTree
PARTITION BY account_id
ORDER BY (account_id, product_id, competitor_id)
SETTINGS index_granularity = 1024;

CREATE TABLE trend_runs_build AS trend_runs;

-- +goose Down
DROP TABLE IF EXISTS trend_runs_build;
DROP TABLE IF EXISTS trend_runs;
