-- The rule preview starts from the latest run's results when that run read the
-- same inputs as the preview would (docs/pricer.md "The rule preview"): the run
-- keeps a fingerprint of its inputs and the time it compiled them at (the
-- staleness cutoff's clock). Runs before this have none: the preview evaluates
-- every rule until the next run.

-- +goose Up
ALTER TABLE pricer_runs ADD COLUMN inputs text NOT NULL DEFAULT '', ADD COLUMN inputs_at timestamptz;

-- +goose Down
ALTER TABLE pricer_runs DROP COLUMN inputs, DROP COLUMN inputs_at;
