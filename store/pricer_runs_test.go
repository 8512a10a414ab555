package store_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"pricelens/deploy/testenv"
	"pricelens/store"
)

// TestApprovalRecordsGoWithTheirRun: approval records have no per-row foreign-key
// checks (migration 00260: a real run writes up to a million in one COPY), yet
// they still go with their run, and with their account, whose runs cascade.
func TestApprovalRecordsGoWithTheirRun(t *testing.T) {
	db, _ := testenv.Postgres(t)
	ctx := context.Background()
	s := store.New(db)
	var acc int64
	require.NoError(t, db.QueryRow(ctx, `INSERT INTO accounts (name) VALUES ('Acme') RETURNING id`).Scan(&acc))
	records := func(run int64) int {
		var n int
		require.NoError(t, db.QueryRow(ctx, `SELECT count(*) FROM approval_records WHERE run_id = $1`, run).Scan(&n))
		return n
	}
	complete := func() int64 {
		run, created, err := s.StartRun(ctx, store.Actor{AccountID: acc}, false)
		require.NoError(t, err)
		require.True(t, created)
		_, resultID, ok, err := s.BeginAttempt(ctx, run.ID)
		require.NoError(t, err)
		require.True(t, ok)
		require.NoError(t, s.CompleteRun(ctx, run.ID, store.RunOutcome{ResultID: resultID, Approvals: []store.Approval{
			{ProductID: "P1", Current: 10, Recommended: 11, ChangePct: 10, Status: store.ApprovalPending, Reason: "above_threshold"},
			{ProductID: "P2", Current: 10, Recommended: 10.2, ChangePct: 2, Status: store.ApprovalApproved, Reason: "auto_approved"},
		}}))
		require.Equal(t, 2, records(run.ID))
		return run.ID
	}
	first := complete()
	second := complete()
	_, err := db.Exec(ctx, `DELETE FROM pricer_runs WHERE id = $1`, first)
	require.NoError(t, err)
	require.Zero(t, records(first), "the run's records went with it")
	require.Equal(t, 2, records(second), "another run's stayed")
	_, err = db.Exec(ctx, `DELETE FROM accounts WHERE id = $1`, acc)
	require.NoError(t, err)
	require.Zero(t, records(second), "the account's records went with it")
}
