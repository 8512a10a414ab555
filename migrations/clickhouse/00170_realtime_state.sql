-- Real-time state kept with the snapshot (issue 30): the real-time view's page of
-- pairs (getConditionsDataForRealTime's first step), its count
-- (getRealTimeTabularCount) and the scan summary (GET /tabular/pricing) read
-- stored rows of the full snapshot build instead of an ARRAY JOIN of every
-- (product, competitor) pair of the account (20M at L) on each request
-- (engine/realtime_state.go, docs/reports.md "Real-time state").
--   realtime_pairs     every (product, competitor) pair of a full build with an
--                      offer (competitor_id != 0), keyed by competitor and then by
--                      rk = 4294967295 - the scan time (unix seconds): newest first,
--                      in the view's order (scan time desc, product, competitor).
--                      ClickHouse 18.16 cannot stop reading at a LIMIT in key
--                      order, so a page bounds rk from realtime_buckets and reads
--                      only the pairs of that range. index_granularity 1024: a
--                      range is cut per competitor, and each cut reads up to a
--                      granule of other rows.
--   realtime_buckets   per build, competitor and 10-minute bucket of scan times
--                      (bucket: its first second): how many pairs and the latest
--                      scan. The page's time bound, the count and the scan summary
--                      (last scan, offers; scans of the last day from whole buckets
--                      plus the pairs of the one bucket the day's start cuts).
-- One partition per (account, build): a build writes its own partition beside the
-- one readers are using (no copy, no swap: readers name their build), and after
-- the snapshot's swap drops the partitions of the account's builds other than the
-- new one and the one the snapshot showed before it (kept for readers told of it).
-- snapshot_builds.realtime = 1 marks a build that stored them; 0 (every build before
-- this migration, and a load's delta build) keeps readers on the raw ARRAY JOIN
-- until the next full build (`pricelens refresh --snapshots`, docs/operations.md).
-- On a cluster realtime_pairs (it has product_id) is sharded like the snapshot, and
-- realtime_buckets is replicated to every node (migrations/cluster.go).

-- +goose NO TRANSACTION
-- +goose Up
CREATE TABLE realtime_pairs (
    account_id      UInt32,
    build_id        UInt64,
    competitor_id   UInt32,
    rk              UInt32,
    product_id      String
) ENGINE = MergeTree
PARTITION BY (account_id, build_id)
ORDER BY (account_id, build_id, competitor_id, rk, product_id)
SETTINGS index_granularity = 1024;

CREATE TABLE realtime_buckets (
    account_id      UInt32,
    build_id        UInt64,
    competitor_id   UInt32,
    bucket          UInt32,
    pairs           UInt64,
    last_scan       UInt32
) ENGINE = MergeTree
PARTITION BY (account_id, build_id)
ORDER BY (account_id, build_id, competitor_id, bucket);

ALTER TABLE snapshot_builds ADD COLUMN realtime UInt8 DEFAULT 0;

-- +goose Down
ALTER TABLE snapshot_builds DROP COLUMN realtime;
DROP TABLE IF EXISTS realtime_buckets;
DROP TABLE IF EXISTS realtime_pairs;
