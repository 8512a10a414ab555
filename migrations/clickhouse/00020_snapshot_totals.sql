-- Per-product all-competitor totals of the grid metrics (docs/reports.md#metric-definitions), stored by the
-- snapshot build so that a group block over a million products aggregates plain
-- columns instead of running three lambdas over two 20-wide arrays (at L: ~60 ms
-- against ~350 ms). They hold for the settings and the staleness cutoff of their
-- build, so the compiler uses them only while they are exact (engine/totals.go).
-- t_fresh_min / t_stale_max: the earliest scan time (unix seconds) of a pair
-- counted at build, and the latest of a comparable pair that was already too old.
-- build_id is the same on every row of one build; snapshot_builds holds, per build,
-- the settings used and the account-wide bounds, written before the build is
-- swapped in, so a reader pairs a snapshot with exactly its own build's facts.
-- Rows built before this migration have build_id 0 and no snapshot_builds row:
-- the compiler keeps to the lambdas until the next rebuild.

-- +goose NO TRANSACTION
-- +goose Up
ALTER TABLE product_snapshot
    ADD COLUMN t_cmp UInt32, ADD COLUMN t_l UInt32, ADD COLUMN t_s UInt32, ADD COLUMN t_h UInt32,
    ADD COLUMN t_ld Float64, ADD COLUMN t_ratio Float64, ADD COLUMN t_price Float64,
    ADD COLUMN t_fresh_min UInt32, ADD COLUMN t_stale_max UInt32, ADD COLUMN build_id UInt64;
ALTER TABLE product_snapshot_build
    ADD COLUMN t_cmp UInt32, ADD COLUMN t_l UInt32, ADD COLUMN t_s UInt32, ADD COLUMN t_h UInt32,
    ADD COLUMN t_ld Float64, ADD COLUMN t_ratio Float64, ADD COLUMN t_price Float64,
    ADD COLUMN t_fresh_min UInt32, ADD COLUMN t_stale_max UInt32, ADD COLUMN build_id UInt64;
CREATE TABLE snapshot_builds (
    account_id  UInt32,
    build_id    UInt64,
    built_at    DateTime,
    fresh_min   UInt32,
    stale_max   UInt32,
    parity      Float64,
    lower       Float64,
    upper       Float64
) ENGINE = MergeTree
ORDER BY (account_id, build_id);

-- +goose Down
DROP TABLE IF EXISTS snapshot_builds;
ALTER TABLE product_snapshot_build
    DROP COLUMN t_cmp, DROP COLUMN t_l, DROP COLUMN t_s, DROP COLUMN t_h, DROP COLUMN t_ld, DROP COLUMN t_ratio,
    DROP COLUMN t_price, DROP COLUMN t_fresh_min, DROP COLUMN t_stale_max, DROP COLUMN build_id;
ALTER TABLE product_snapshot
    DROP COLUMN t_cmp, DROP COLUMN t_l, DROP COLUMN t_s, DROP COLUMN t_h, DROP COLUMN t_ld, DROP COLUMN t_ratio,
    DROP COLUMN t_price, DROP COLUMN t_fresh_min, DROP COLUMN t_stale_max, DROP COLUMN build_id;
