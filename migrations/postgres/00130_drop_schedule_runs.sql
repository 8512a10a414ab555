-- +goose Up
-- The last run of each export schedule, for the Export schedules screen: when it
-- ran, for which due time, how it ended (running, ok or failed with its error) and
-- the manifest of the drop it wrote. The drop job records it (drops.RunDrop);
-- created_by is who added the schedule (NULL: the command line).
ALTER TABLE drop_schedules
    ADD COLUMN created_by    bigint REFERENCES users(id) ON DELETE SET NULL,
    ADD COLUMN last_due      timestamptz,
    ADD COLUMN last_run_at   timestamptz,
    ADD COLUMN last_status   text NOT NULL DEFAULT '' CHECK (last_status IN ('', 'running', 'ok', 'failed')),
    ADD COLUMN last_error    text NOT NULL DEFAULT '',
    ADD COLUMN last_manifest jsonb;

-- +goose Down
ALTER TABLE drop_schedules DROP COLUMN created_by, DROP COLUMN last_due, DROP COLUMN last_run_at,
    DROP COLUMN last_status, DROP COLUMN last_error, DROP COLUMN last_manifest;
