-- +goose Up
-- CSV exports (docs/exports.md): export_jobs gets what the River job export_csv and the
-- status calls need. The row is the export's state, written by the request (queued),
-- the job (running, progress, done, failed) and abortExport (canceled); the job's
-- ClickHouse query has the id 'export-' || id, so an abort can KILL it.
ALTER TABLE export_jobs
    ADD COLUMN selection   jsonb NOT NULL DEFAULT '{}'::jsonb,   -- {"selectAll", "toggledNodes"}
    ADD COLUMN categories  text[] NOT NULL DEFAULT '{}',         -- the requester's category access
    ADD COLUMN started_at  timestamptz,                          -- when rows began to flow (ETA)
    ADD COLUMN expires_at  timestamptz NOT NULL DEFAULT now() + interval '7 days';
CREATE INDEX export_jobs_user ON export_jobs (user_id, account_id, created_at DESC);

-- +goose Down
DROP INDEX IF EXISTS export_jobs_user;
ALTER TABLE export_jobs DROP COLUMN selection, DROP COLUMN categories, DROP COLUMN started_at, DROP COLUMN expires_at;
