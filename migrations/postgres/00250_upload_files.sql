-- +goose Up
-- The Upload Files screen (issue 16 part 4, docs/pricer.md#upload-files): every uploaded
-- file, kept until it is processed by the process_upload job, and the price
-- overrides the contract, manual contract and event planning files write.

-- upload_files: one row per uploaded file. content is the file itself (at most
-- 200 MB, the specification's cap): the file is stored with its job in one
-- transaction, so an upload survives a restart between upload and processing and
-- its report can be rebuilt afterwards. status: queued → processing → done (every
-- row applied) or failed (nothing applied: some row was refused, or the file could
-- not be processed; error says which). refused lists the refused rows
-- [{line, fsn, reason}].
CREATE TABLE upload_files (
    id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    account_id     bigint NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    kind           text NOT NULL CHECK (kind IN ('contract', 'reset_bau', 'label_fsn', 'manual_contract', 'ci_label', 'event_planning')),
    file_name      text NOT NULL,
    content        bytea NOT NULL,
    status         text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'processing', 'done', 'failed')),
    rows_total     integer NOT NULL DEFAULT 0,
    rows_applied   integer NOT NULL DEFAULT 0,
    rows_refused   integer NOT NULL DEFAULT 0,
    refused        jsonb NOT NULL DEFAULT '[]'::jsonb,
    error          text NOT NULL DEFAULT '',
    uploaded_by    bigint REFERENCES users(id) ON DELETE SET NULL,
    uploaded_at    timestamptz NOT NULL DEFAULT now(),
    started_at     timestamptz,
    finished_at    timestamptz
);
CREATE INDEX upload_files_account_kind ON upload_files (account_id, kind, id);

-- price_contracts: one contract per product. kind 'contract' (contract file) is a
-- price band [floor_price, ceiling_price]; kind 'manual' (manual contract) pins one
-- price (floor = ceiling) and says why in comment. Valid from starts_on to ends_on
-- inclusive; the latest upload naming a product replaces its contract; a reset-BAU
-- file deletes it.
CREATE TABLE price_contracts (
    account_id     bigint NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    product_id     text NOT NULL,
    kind           text NOT NULL CHECK (kind IN ('contract', 'manual')),
    floor_price    double precision NOT NULL CHECK (floor_price > 0),
    ceiling_price  double precision NOT NULL CHECK (ceiling_price >= floor_price),
    starts_on      date NOT NULL,
    ends_on        date NOT NULL CHECK (ends_on >= starts_on),
    comment        text NOT NULL DEFAULT '',
    upload_id      bigint REFERENCES upload_files(id) ON DELETE SET NULL,
    updated_by     bigint REFERENCES users(id) ON DELETE SET NULL,
    updated_at     timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (account_id, product_id)
);

-- price_events: promotional event prices (event planning file), one per product
-- and event name (case-insensitive), valid from starts_on to ends_on inclusive. A
-- reset-BAU file deletes a product's events that have not ended.
CREATE TABLE price_events (
    id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    account_id     bigint NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    product_id     text NOT NULL,
    event_name     text NOT NULL,
    event_price    double precision NOT NULL CHECK (event_price > 0),
    starts_on      date NOT NULL,
    ends_on        date NOT NULL CHECK (ends_on >= starts_on),
    upload_id      bigint REFERENCES upload_files(id) ON DELETE SET NULL,
    updated_by     bigint REFERENCES users(id) ON DELETE SET NULL,
    updated_at     timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX price_events_product_name ON price_events (account_id, product_id, lower(event_name));
CREATE INDEX price_events_account_end ON price_events (account_id, ends_on);

-- +goose Down
DROP TABLE IF EXISTS price_events;
DROP TABLE IF EXISTS price_contracts;
DROP TABLE IF EXISTS upload_files;
