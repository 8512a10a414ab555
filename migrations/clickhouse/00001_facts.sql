-- Facts of the reporting side. offers is a ReplacingMergeTree on (product, competitor,
-- scan time) so that loading the same scan twice collapses to one row (ingest is idempotent). Every table's sort key starts with account_id so that
-- the compiler's tenancy predicate is also the primary index range.
-- ClickHouse 18.16 notes: LowCardinality needs allow_experimental_low_cardinality_type = 1
-- (set by the connection), no INSERT ... VALUES, fact columns non-Nullable where possible.

-- +goose NO TRANSACTION
-- +goose Up
CREATE TABLE products (
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
    updated_at      DateTime
) ENGINE = ReplacingMergeTree(updated_at)
ORDER BY (account_id, product_id);

CREATE TABLE offers (
    account_id       UInt32,
    product_id       String,
    competitor_id    UInt32,
    scanned_at       DateTime,
    price            Nullable(Float64),
    in_stock         UInt8,
    on_sale          UInt8,
    comp_product_id  String,
    name             String,
    brand            String,
    mfgr_prod_id     String,
    url              String,
    img_url          String,
    load_id          String
) ENGINE = ReplacingMergeTree
PARTITION BY toYYYYMM(scanned_at)
ORDER BY (account_id, product_id, competitor_id, scanned_at);

CREATE TABLE latest_offers (
    account_id       UInt32,
    product_id       String,
    competitor_id    UInt32,
    scanned_at       DateTime,
    price            Nullable(Float64),
    in_stock         UInt8,
    on_sale          UInt8,
    comp_product_id  String,
    name             String,
    brand            String,
    mfgr_prod_id     String,
    url              String,
    img_url          String
) ENGINE = ReplacingMergeTree(scanned_at)
ORDER BY (account_id, product_id, competitor_id);

CREATE MATERIALIZED VIEW latest_offers_mv TO latest_offers AS
SELECT account_id, product_id, competitor_id, scanned_at, price, in_stock, on_sale,
       comp_product_id, name, brand, mfgr_prod_id, url, img_url
FROM offers;

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

CREATE TABLE product_daily (
    account_id   UInt32,
    product_id   String,
    date         Date,
    my_price     Float64,
    cost         Float64,
    units_sold   Float64,
    revenue      Float64,
    page_views   Float64,
    updated_at   DateTime
) ENGINE = ReplacingMergeTree(updated_at)
PARTITION BY toYYYYMM(date)
ORDER BY (account_id, product_id, date);

CREATE TABLE product_labels (
    account_id  UInt32,
    product_id  String,
    label_id    UInt64,
    assigned    UInt8,
    version     UInt64
) ENGINE = ReplacingMergeTree(version)
ORDER BY (account_id, product_id, label_id);

-- +goose Down
DROP TABLE IF EXISTS product_labels;
DROP TABLE IF EXISTS product_daily;
DROP TABLE IF EXISTS offer_daily_mv;
DROP TABLE IF EXISTS offer_daily;
DROP TABLE IF EXISTS latest_offers_mv;
DROP TABLE IF EXISTS latest_offers;
DROP TABLE IF EXISTS offers;
DROP TABLE IF EXISTS products;
