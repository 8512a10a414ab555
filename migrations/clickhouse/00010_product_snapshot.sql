-- The tabular grid's physical design (engine issue): one row per product with the
-- latest offer of every competitor in parallel arrays, dense over the account's
-- competitor list: slot i of every row is competitor slot_ids[i] (the same list on
-- every row of an account); comp_ids[i] is slot_ids[i] where that competitor has an
-- offer for the product, else 0 (and its price NaN). The engine addresses a
-- competitor by its slot: c_price[3], no search per row. The grid reads a page, a count or a group level
-- from this table alone instead of pivoting latest_offers with GROUP BY (measured on
-- 18.16 at 1M x 20: ~4-6x faster). It is rebuilt per account by
-- warehouse.RefreshSnapshots after every load: built into product_snapshot_build and
-- swapped in with REPLACE PARTITION, so readers never see a half-built account.
-- c_price is NaN where the competitor did not find the product (groupArray skips
-- NULLs, so NULL prices are stored as NaN to keep the arrays aligned); c_delta is
-- (my_price - price) / price * 100, NaN when either price is missing or not > 0.
-- index_granularity 256 (not 8192): a block's second phase reads 100 random
-- product ids; with 8192-row granules that touched most of the table (measured on
-- 1M x 20: outer phase 830 ms with 8192, 480 ms with 512, under load).
-- p1..p32 repeat c_price[1..32] as plain columns: sorting or filtering on one
-- competitor's price then reads 8 MB instead of the 160 MB price array (1M x 20).
-- search_text is lowerUTF8(name, brand, mfgr_prod_id, product_id) for the free-text search.

-- +goose NO TRANSACTION
-- +goose Up
CREATE TABLE product_snapshot (
    account_id      UInt32,
    product_id      String,
    name            String,
    brand           String,
    mfgr_prod_id    String,
    super_category  LowCardinality(String),
    category        LowCardinality(String),
    vertical        LowCardinality(String),
    my_price        Float64,
    cost            Float64,
    currency        LowCardinality(String),
    url             String,
    img_url         String,
    in_stock        UInt8,
    revenue_30d     Float64,
    units_30d       Float64,
    page_views_30d  Float64,
    search_text     String,
    slot_ids        Array(UInt32),
    comp_ids        Array(UInt32),
    c_price         Array(Float64),
    c_delta         Array(Float64),
    c_seen          Array(DateTime),
    c_in_stock      Array(UInt8),
    c_on_sale       Array(UInt8),
    c_name          Array(String),
    c_brand         Array(String),
    c_mfgr          Array(String),
    c_url           Array(String),
    c_img           Array(String),
    c_prod_id       Array(String),
    p1              Float64,
    p2              Float64,
    p3              Float64,
    p4              Float64,
    p5              Float64,
    p6              Float64,
    p7              Float64,
    p8              Float64,
    p9              Float64,
    p10             Float64,
    p11             Float64,
    p12             Float64,
    p13             Float64,
    p14             Float64,
    p15             Float64,
    p16             Float64,
    p17             Float64,
    p18             Float64,
    p19             Float64,
    p20             Float64,
    p21             Float64,
    p22             Float64,
    p23             Float64,
    p24             Float64,
    p25             Float64,
    p26             Float64,
    p27             Float64,
    p28             Float64,
    p29             Float64,
    p30             Float64,
    p31             Float64,
    p32             Float64,
    built_at        DateTime
) ENGINE = MergeTree
PARTITION BY account_id
ORDER BY (account_id, product_id)
SETTINGS index_granularity = 256;

CREATE TABLE product_snapshot_build AS product_snapshot;

-- +goose Down
DROP TABLE IF EXISTS product_snapshot_build;
DROP TABLE IF EXISTS product_snapshot;
