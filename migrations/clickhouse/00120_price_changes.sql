-- Price-change events (issue 17): one row per priced scan whose price differs from the
-- pair's previous priced scan, written by the refresh that follows every scans load
-- (warehouse.RecordPriceChanges) for the products the load touched. The insights
-- panel's "changes at competitors last day / last week" count products from here, a
-- range read of the window (the sort key starts with the time), instead of reading
-- the offer history per request (~72M scans for the largest account at L).
-- prev_at is the previous priced scan's time: a change counts only when it is within
-- the account's offer_staleness_days (checked when counting, so a changed setting
-- applies at once).
-- ReplacingMergeTree: recording the same scans again (a reload, a retried refresh,
-- `pricelens refresh --price-changes`) collapses to one row per event. IF NOT EXISTS: a
-- database where the backfill created the table ahead of this migration (bench_l) migrates.

-- +goose NO TRANSACTION
-- +goose Up
CREATE TABLE IF NOT EXISTS price_changes (
    account_id     UInt32,
    changed_at     DateTime,
    product_id     String,
    competitor_id  UInt32,
    price          Float64,
    prev_price     Float64,
    prev_at        DateTime
) ENGINE = ReplacingMergeTree
PARTITION BY toYYYYMM(changed_at)
ORDER BY (account_id, changed_at, product_id, competitor_id);

-- +goose Down
DROP TABLE IF EXISTS price_changes;
