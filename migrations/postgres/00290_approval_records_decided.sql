-- +goose Up
-- The records a person decided, by run: the results grid reads them on every
-- block and count so that a result's status follows its decision, and without
-- this index that read scanned every record of the account (200 ms at L, where a
-- run leaves a million records, nearly all pending or auto-approved).
CREATE INDEX approval_records_decided ON approval_records (account_id, run_id)
    WHERE status IN ('approved', 'rejected') AND reason != 'auto_approved';

-- +goose Down
DROP INDEX IF EXISTS approval_records_decided;
