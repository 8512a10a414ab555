-- The price history of a (product, competitor) is read from offers itself, which holds
-- every scan sorted by (account_id, product_id, competitor_id, scanned_at): a trend is a
-- range read of a few columns, and a day's price is argMax(price, scanned_at) by
-- toDate(scanned_at). offer_daily duplicated those columns through a second view on
-- every insert, which cost the ingest ~0.23 µs of server CPU per scan row (on two cores
-- 0.87M -> 1.03M rows/s without it; docs/benchmarks.md#ingest-make-bench-ingest).
-- Only offer_daily_mv ever wrote offer_daily from ingested scans, so every such row is
-- a copy of an offers row and nothing is lost. Generated demo history lived only in
-- offer_daily: `pricelens seed` now writes it into offers; re-seed to get it back.

-- +goose NO TRANSACTION
-- +goose Up
DROP TABLE IF EXISTS offer_daily_mv;
DROP TABLE IF EXISTS offer_daily;

-- +goose Down
CREATE TABLE offer_daily (
    account_id     UInt32,
    product_id     String,
    competitor_id  UInt32,
    date           Date,
    scanned_at     DateTime,
    price          Nullable(Float64),
    in_stock       UInt8,
    on_sale        UInt8
) ENGINE = ReplacingMergeTree(scanned_at)
PARTITION BY toYYYYMM(date)
ORDER BY (account_id, product_id, competitor_id, date);

CREATE MATERIALIZED VIEW offer_daily_mv TO offer_daily AS
SELECT account_id, product_id, competitor_id, toDate(scanned_at) AS date, scanned_at, price, in_stock, on_sale
FROM offers;
