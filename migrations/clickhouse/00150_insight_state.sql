-- Insight state kept with the snapshot (issue 30): the insights panel's per-product
-- facts, stored by every snapshot build (full, and a load's delta refresh) so that
-- each insight count reads one plain column instead of lambdas over the competitor
-- arrays or a range of price-change events (engine/insights.go).
--   t_oos_at      the latest scan time (unix seconds, 0: none) of a competitor offer
--                 with a price that is out of stock: "out of stock at a competitor"
--                 is t_oos_at >= the staleness cutoff, exact whatever the clock.
--   t_changed_at  the latest price-change event (migration 00120) of the product at
--                 any competitor whose previous priced scan lay within the build's
--                 offer_staleness_days, over the week before the build (0: none):
--                 "changed in the last day / week" is t_changed_at > the period's start.
-- snapshot_builds.change_days is the staleness setting t_changed_at was computed
-- with; -1 (every build before this migration) means the build stored no insight
-- state, and the compiler keeps to the raw reads until the next full build
-- (`pricelens refresh --snapshots`, docs/operations.md).

-- +goose NO TRANSACTION
-- +goose Up
ALTER TABLE product_snapshot ADD COLUMN t_oos_at UInt32, ADD COLUMN t_changed_at UInt32;
ALTER TABLE product_snapshot_build ADD COLUMN t_oos_at UInt32, ADD COLUMN t_changed_at UInt32;
ALTER TABLE product_snapshot_delta ADD COLUMN t_oos_at UInt32, ADD COLUMN t_changed_at UInt32;
ALTER TABLE snapshot_builds ADD COLUMN change_days Int32 DEFAULT -1;

-- +goose Down
ALTER TABLE snapshot_builds DROP COLUMN change_days;
ALTER TABLE product_snapshot_delta DROP COLUMN t_oos_at, DROP COLUMN t_changed_at;
ALTER TABLE product_snapshot_build DROP COLUMN t_oos_at, DROP COLUMN t_changed_at;
ALTER TABLE product_snapshot DROP COLUMN t_oos_at, DROP COLUMN t_changed_at;
