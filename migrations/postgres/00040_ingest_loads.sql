-- Loads of data files (ingest): one row per distinct file content and kind. The id is
-- the SHA-256 of the kind, the forced account and the bytes, so loading the same file
-- again finds the row: status done means "already loaded, nothing to do"; started or
-- failed means an earlier attempt did not finish and this one resumes it. While a load
-- runs, its process holds a session advisory lock on the id (released when the process
-- dies), which keeps two processes from loading the same file at once.

-- +goose Up
CREATE TABLE ingest_loads (
    id                text PRIMARY KEY,
    kind              text NOT NULL CHECK (kind IN ('scans', 'products', 'metrics')),
    format            text NOT NULL,
    file_name         text NOT NULL,
    file_bytes        bigint NOT NULL,
    account_id        bigint,              -- the account the load was forced to (upload, --account); NULL = from the file
    status            text NOT NULL CHECK (status IN ('started', 'done', 'failed')),
    attempts          integer NOT NULL DEFAULT 1,
    rows_read         bigint NOT NULL DEFAULT 0,
    rows_loaded       bigint NOT NULL DEFAULT 0,
    rows_rejected     bigint NOT NULL DEFAULT 0,
    accounts          bigint[] NOT NULL DEFAULT '{}',   -- accounts the rows belong to
    error             text NOT NULL DEFAULT '',
    -- the report snapshot was rebuilt after the rows landed; a done load without it
    -- retries the rebuild when the same file is loaded again
    snapshot_refreshed boolean NOT NULL DEFAULT false,
    first_started_at  timestamptz NOT NULL DEFAULT now(), -- default version time of rows (stable across resumes)
    started_at        timestamptz NOT NULL DEFAULT now(),
    finished_at       timestamptz
);
CREATE INDEX ingest_loads_account ON ingest_loads (account_id, started_at DESC);

-- +goose Down
DROP TABLE IF EXISTS ingest_loads;
