-- A real run writes one approval record per changed price in one COPY (at L about
-- a million rows), and each row's two foreign-key checks (account, run) were a
-- query of their own: most of the run's completion time (bench-pricer: 475k
-- records took 7.7 s with them, 2.2 s without). The checks guard nothing the
-- writer does not already: the only writer (store.CompleteRun) inserts a run's
-- records in the transaction that holds that run's row (its UPDATE to complete),
-- with the run's account. What the keys also did, removing the records with their
-- run (and so with their account, whose runs cascade), a trigger on pricer_runs
-- does instead.

-- +goose Up
ALTER TABLE approval_records DROP CONSTRAINT approval_records_account_id_fkey;
ALTER TABLE approval_records DROP CONSTRAINT approval_records_run_id_fkey;

-- +goose StatementBegin
CREATE FUNCTION pricer_runs_delete_approvals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM approval_records WHERE run_id = OLD.id;
    RETURN OLD;
END
$$;
-- +goose StatementEnd
CREATE TRIGGER pricer_runs_delete_approvals AFTER DELETE ON pricer_runs
    FOR EACH ROW EXECUTE FUNCTION pricer_runs_delete_approvals();

-- +goose Down
DROP TRIGGER IF EXISTS pricer_runs_delete_approvals ON pricer_runs;
DROP FUNCTION IF EXISTS pricer_runs_delete_approvals();
DELETE FROM approval_records a WHERE NOT EXISTS (SELECT 1 FROM pricer_runs r WHERE r.id = a.run_id);
ALTER TABLE approval_records ADD CONSTRAINT approval_records_account_id_fkey FOREIGN KEY (account_id) REFERENCES accounts(id) ON DELETE CASCADE;
ALTER TABLE approval_records ADD CONSTRAINT approval_records_run_id_fkey FOREIGN KEY (run_id) REFERENCES pricer_runs(id) ON DELETE CASCADE;
