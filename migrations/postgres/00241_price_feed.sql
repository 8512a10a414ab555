-- The price feed (docs/pricer.md, issue 16 part 5): approved prices written as CSV and
-- Parquet files into the account's drop folder, each price exactly once.
--
-- A batch is claimed before its files are written: one transaction creates the
-- batch (status 'open') and stamps the approved, not yet fed records with its id;
-- the files (named after the batch) are then written under temporary names and
-- renamed into place, and a second transaction marks the batch 'written'. A crash
-- in between leaves an open batch, which the next feed run writes again (the same
-- records, the same file names) before it claims new ones: a record is in exactly
-- one batch, and a batch's files are complete or absent (see feed/feed.go).

-- +goose Up
CREATE TABLE price_feed_batches (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    account_id  bigint NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    status      text NOT NULL CHECK (status IN ('open', 'written')),
    rows        bigint NOT NULL DEFAULT 0,
    files       text[] NOT NULL DEFAULT '{}',
    created_at  timestamptz NOT NULL DEFAULT now(),
    written_at  timestamptz
);
CREATE INDEX price_feed_batches_open ON price_feed_batches (account_id, id) WHERE status = 'open';

ALTER TABLE approval_records ADD COLUMN feed_batch_id bigint REFERENCES price_feed_batches(id) ON DELETE SET NULL;
CREATE INDEX approval_records_unfed ON approval_records (account_id, id) WHERE status = 'approved' AND feed_batch_id IS NULL;
CREATE INDEX approval_records_feed_batch ON approval_records (feed_batch_id) WHERE feed_batch_id IS NOT NULL;

-- +goose Down
DROP INDEX IF EXISTS approval_records_feed_batch;
DROP INDEX IF EXISTS approval_records_unfed;
ALTER TABLE approval_records DROP COLUMN IF EXISTS feed_batch_id;
DROP TABLE IF EXISTS price_feed_batches;
