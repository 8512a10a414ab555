-- Assortment totals kept with the snapshot (issue 30): the aggregated assortment
-- reports (assortment, assortment_by_brand, assortment_by_category) read a few
-- stored rows per (level, group, competitor) instead of an ARRAY JOIN of every
-- (product, competitor) pair of the account (20M at L) on each request
-- (engine/assortment_totals.go, docs/reports.md "Assortment totals").
--   assortment_totals   per full snapshot build (build_id), level ('all', 'brand',
--                       'category'), group (the report's group key; 'all' for the
--                       per-competitor report) and competitor: the counts
--                       products, found, in_stock, on_sale, lower, similar, higher
--                       of the whole account (no filter, search or category
--                       restriction) with no match flag applied (raw c_delta), at
--                       the build's staleness cutoff and settings; fresh_min /
--                       stale_max: the earliest scan time (unix seconds) of a priced
--                       pair counted as found, the latest of one too old to be
--                       (MaxUint32 / 0: none).
--   assortment_totals_build  where a build writes them before the swap. One
--                       partition per account: the build copies the rows of the
--                       build the snapshot shows now beside its own and swaps both in
--                       with REPLACE PARTITION before the snapshot's swap, so a reader
--                       finds the rows of whichever build it was told of.
-- snapshot_builds.found_fresh_min / found_stale_max are those scan-time bounds over
-- the whole account: the read uses the stored rows only while the clock has moved no
-- priced pair across the staleness cutoff (engine Totals.assortmentExact). 0 (every
-- build before this migration, and a load's delta build) means no totals: readers
-- keep to the raw ARRAY JOIN until the next full build (`pricelens refresh
-- --snapshots`, docs/operations.md). Tables without product_id: on a cluster both
-- are replicated to every node (migrations/cluster.go).

-- +goose NO TRANSACTION
-- +goose Up
CREATE TABLE assortment_totals (
    account_id      UInt32,
    build_id        UInt64,
    level           String,
    group_key       String,
    competitor_id   UInt32,
    n_products      UInt64,
    n_found         UInt64,
    n_in_stock      UInt64,
    n_on_sale       UInt64,
    n_lower         UInt64,
    n_similar       UInt64,
    n_higher        UInt64,
    fresh_min       UInt32,
    stale_max       UInt32
) ENGINE = MergeTree
PARTITION BY account_id
ORDER BY (account_id, build_id, level, group_key, competitor_id);

CREATE TABLE assortment_totals_build AS assortment_totals;

ALTER TABLE snapshot_builds ADD COLUMN found_fresh_min UInt32 DEFAULT 0, ADD COLUMN found_stale_max UInt32 DEFAULT 0;

-- +goose Down
ALTER TABLE snapshot_builds DROP COLUMN found_fresh_min, DROP COLUMN found_stale_max;
DROP TABLE IF EXISTS assortment_totals_build;
DROP TABLE IF EXISTS assortment_totals;
