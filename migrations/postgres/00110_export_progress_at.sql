-- +goose Up
-- An export's last sign of life: the export_csv job sets progress_at at each step it
-- records (started, rows written). A queued or running export whose progress_at is
-- long past has lost its job (its server was killed mid-export, or no worker runs):
-- the fail_stalled sweep marks it failed so that the user sees it instead of a
-- progress bar that never moves.
ALTER TABLE export_jobs ADD COLUMN progress_at timestamptz;

-- +goose Down
ALTER TABLE export_jobs DROP COLUMN progress_at;
