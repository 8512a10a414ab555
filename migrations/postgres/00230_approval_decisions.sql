-- +goose Up
-- Manual approval (issue 16, docs/pricer.md): every decision a person takes on an
-- approval record, on the approval screen or by the approval CSV. It is written
-- by the same statement that moves the record out of Pending (store/approvals.go),
-- so a record decided twice at once has one decision row: the second UPDATE finds
-- it no longer Pending and writes nothing.
CREATE TABLE approval_decisions (
    id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    -- The record and its run are named, not referenced: the audit keeps a decision
    -- whatever becomes of the record, and approving 100k records checks no key per
    -- row beyond the account's and the user's (which stay cached).
    account_id      bigint NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    record_id       bigint NOT NULL,
    run_id          bigint NOT NULL,
    product_id      text NOT NULL,
    old_price       double precision NOT NULL,
    new_price       double precision NOT NULL,
    decision        text NOT NULL CHECK (decision IN ('approved', 'rejected')),
    bizfin_comment  text NOT NULL DEFAULT '',
    source          text NOT NULL CHECK (source IN ('screen', 'csv')),
    decided_by      bigint REFERENCES users(id) ON DELETE SET NULL,
    decided_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX approval_decisions_account ON approval_decisions (account_id, id DESC);
-- A record has at most one decision (Pending is left once).
CREATE UNIQUE INDEX approval_decisions_record ON approval_decisions (record_id);

-- +goose Down
DROP TABLE IF EXISTS approval_decisions;
