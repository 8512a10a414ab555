-- The price feed's optional second half (issue 16 part 5): an account whose settings
-- say "apply_approved_prices": true also gets its approved prices set as the
-- catalogue's my_price, through the products load path (package ingest). A batch
-- claimed while the setting is on is 'pending' until the load has applied it
-- ('done'); a run that stops in between applies it on the next run (the load is
-- idempotent: the same rows give the same load id).

-- +goose Up
ALTER TABLE price_feed_batches ADD COLUMN apply text NOT NULL DEFAULT 'no' CHECK (apply IN ('no', 'pending', 'done'));
ALTER TABLE price_feed_batches ADD COLUMN applied_at timestamptz;
CREATE INDEX price_feed_batches_to_apply ON price_feed_batches (account_id, id) WHERE apply = 'pending';

-- +goose Down
DROP INDEX IF EXISTS price_feed_batches_to_apply;
ALTER TABLE price_feed_batches DROP COLUMN IF EXISTS applied_at;
ALTER TABLE price_feed_batches DROP COLUMN IF EXISTS apply;
