-- Refresh only what a load touched (docs/data-loading.md#freshness-refreshing-only-what-a-load-touched). A full rebuild of a 1M-product
-- account takes ~46 s: most of it reads every latest offer and writes 4 GB of arrays.
-- After a load, only the products it touched are rebuilt, into product_snapshot_delta:
-- the account's partition there holds the rows of every refresh since the last full
-- build (each product's newest is the one shown), and is swapped as a whole (REPLACE
-- PARTITION), so readers see one refresh or the next, never half of one.
--
-- Readers: an account without delta rows reads product_snapshot exactly as before. With
-- a delta (build id D, read with the snapshot's facts), the engine reads both tables
-- through merge(currentDatabase(), '^product_snapshot(_delta)?$') and keeps each
-- product's newest delta row up to D, and a base row only when the delta has no row of
-- that product (engine/snapshot.go). pno is cityHash64(product_id): comparing UInt64
-- instead of product ids costs a fraction of a string set; the refresh checks that
-- no two of the account's products share one before it takes the delta path. Delta
-- rows name their build, so a reader that read D just before a swap still sees the
-- state of D, consistent.
--
-- A column added to product_snapshot must be added to product_snapshot_build and
-- product_snapshot_delta too. (The merge() table function, not a Merge table: a Merge
-- table's currentDatabase() would be evaluated again when the server starts, in the
-- default database.)
-- +goose NO TRANSACTION
-- +goose Up
ALTER TABLE product_snapshot ADD COLUMN pno UInt64 DEFAULT cityHash64(product_id);
ALTER TABLE product_snapshot_build ADD COLUMN pno UInt64 DEFAULT cityHash64(product_id);
-- Rows built before this migration would compute pno on every read; write it once (a
-- mutation of this one column: ~1 s for 1M rows, the other columns are not rewritten).
ALTER TABLE product_snapshot UPDATE pno = cityHash64(product_id) WHERE 1;
CREATE TABLE product_snapshot_delta AS product_snapshot;

-- +goose Down
DROP TABLE IF EXISTS product_snapshot_delta;
ALTER TABLE product_snapshot_build DROP COLUMN pno;
ALTER TABLE product_snapshot DROP COLUMN pno;
