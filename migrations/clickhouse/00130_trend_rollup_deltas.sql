-- The trend rollup's difference rows (issue 14: a build proportional to price
-- changes, not to carried pair-days). A carried price is constant between two
-- events of its pair: a scan that changes it, the staleness limit, a not-found
-- scan, or a change of my price. So each chunk of the rollup build
-- (engine.TrendRollupChanges) writes, per day, category and competitor, what starts
-- on that day minus what ended the day before - one row per event day instead of
-- one per carried day - and the build's last step (engine.TrendRollupFromChanges)
-- sums them in day order (arrayCumSum) into the rollup's daily rows. The columns are
-- the rollup's, with signed counts. Rows of a build are dropped when it ends.

-- +goose NO TRANSACTION
-- +goose Up
CREATE TABLE trend_rollup_deltas (
    account_id      UInt32,
    date            Date,
    super_category  String,
    category        String,
    competitor_id   UInt32,
    n               Int64,
    cn              Int64,
    w_k1 Float64, wx_k1 Float64, wmp_k1 Float64, cw_k1 Float64, chi_k1 Float64, clo_k1 Float64, csim_k1 Float64, cpi_k1 Float64,
    w_rev Float64, wx_rev Float64, wmp_rev Float64, cw_rev Float64, chi_rev Float64, clo_rev Float64, csim_rev Float64, cpi_rev Float64,
    w_units Float64, wx_units Float64, wmp_units Float64, cw_units Float64, chi_units Float64, clo_units Float64, csim_units Float64, cpi_units Float64,
    w_pv Float64, wx_pv Float64, wmp_pv Float64, cw_pv Float64, chi_pv Float64, clo_pv Float64, csim_pv Float64, cpi_pv Float64
) ENGINE = MergeTree
PARTITION BY (account_id, toYYYYMM(date))
ORDER BY (account_id, super_category, category, competitor_id, date);

-- +goose Down
DROP TABLE IF EXISTS trend_rollup_deltas;
