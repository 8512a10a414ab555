-- The dynamic pricer's results (docs/pricer.md): one row per product and result set.
-- A result set is one attempt of a run (PostgreSQL pricer_result_sets); readers read
-- the set of the latest complete run, so a failed attempt's rows are never seen,
-- and old or failed sets are dropped by partition (one partition per set).
-- The product's grid columns are copied in so that the results grid filters, sorts
-- and searches this table alone. The step columns are the trace of "why this
-- price" (engine/rule_run.go): t_/f_/c_ are the target, floor and ceiling lists
-- (rule id, 0 none; source value and adjusted value, NaN none), then the price after
-- the clamp, the maximum change, the rounding and the minimum margin.

-- +goose NO TRANSACTION
-- +goose Up
CREATE TABLE pricer_results (
    account_id         UInt32,
    result_id          UInt64,
    product_id         String,
    name               String,
    brand              String,
    mfgr_prod_id       String,
    super_category     LowCardinality(String),
    category           LowCardinality(String),
    vertical           LowCardinality(String),
    search_text        String,
    price              Float64,
    cost               Float64,
    mrp                Float64,
    t_rule             UInt64,
    t_src              Float64,
    target             Float64,
    f_rule             UInt64,
    f_src              Float64,
    floor              Float64,
    c_rule             UInt64,
    c_src              Float64,
    ceiling            Float64,
    s_clamped          Float64,
    s_max              Float64,
    s_round            Float64,
    s_margin           Float64,
    recommended_price  Float64,
    change_pct         Float64,
    status             LowCardinality(String)
) ENGINE = MergeTree
PARTITION BY result_id
ORDER BY (account_id, result_id, product_id)
SETTINGS index_granularity = 1024;

-- +goose Down
DROP TABLE IF EXISTS pricer_results;
