-- +goose Up
-- How far the server has read an export's rows before it sends the first one (it
-- reads and sorts them all first): system.processes' read_rows and
-- total_rows_approx, recorded by the export_csv job while it waits, so that the
-- export dialog shows a percent and a time left within a second of the start.
ALTER TABLE export_jobs ADD COLUMN read_rows bigint NOT NULL DEFAULT 0, ADD COLUMN read_total bigint;

-- +goose Down
ALTER TABLE export_jobs DROP COLUMN read_rows, DROP COLUMN read_total;
