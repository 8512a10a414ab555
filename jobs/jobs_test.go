package jobs_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pricelens/deploy/testenv"
	"pricelens/jobs"
	"pricelens/jobs/kinds"
	"pricelens/store"
	"pricelens/warehouse"
)

type mirrorRow struct {
	Product  string
	Label    uint64
	Assigned uint8
}

// mirror reads ClickHouse's product_labels of an account as queries see it (FINAL:
// the latest version per product and label), with how often each key appears.
func mirror(t *testing.T, w *warehouse.Warehouse, account int64) map[mirrorRow]uint64 {
	t.Helper()
	rows, err := w.Conn.Query(context.Background(), `SELECT product_id, label_id, assigned, count() FROM product_labels FINAL
		WHERE account_id = ? GROUP BY product_id, label_id, assigned`, uint32(account))
	require.NoError(t, err)
	defer rows.Close()
	out := map[mirrorRow]uint64{}
	for rows.Next() {
		var r mirrorRow
		var n uint64
		require.NoError(t, rows.Scan(&r.Product, &r.Label, &r.Assigned, &n))
		out[r] = n
	}
	require.NoError(t, rows.Err())
	return out
}

type fixture struct {
	db      *pgxpool.Pool
	w       *warehouse.Warehouse
	st      *store.Store
	account int64
}

func newFixture(t *testing.T) fixture {
	w, _ := testenv.ClickHouse(t)
	db, _ := testenv.Postgres(t)
	f := fixture{db: db, w: w, st: store.New(db)}
	require.NoError(t, db.QueryRow(context.Background(), `INSERT INTO accounts (name) VALUES ('Acme') RETURNING id`).Scan(&f.account))
	return f
}

// mirrorJobs lists the mirror jobs River holds: id → state.
func (f fixture) mirrorJobs(t *testing.T) map[int64]string {
	rows, err := f.db.Query(context.Background(), `SELECT id, state::text FROM river_job WHERE kind = $1`, kinds.MirrorProductLabels{}.Kind())
	require.NoError(t, err)
	defer rows.Close()
	out := map[int64]string{}
	for rows.Next() {
		var id int64
		var state string
		require.NoError(t, rows.Scan(&id, &state))
		out[id] = state
	}
	require.NoError(t, rows.Err())
	return out
}

// onlyJob returns the one mirror job, failing when there are none or several.
func (f fixture) onlyJob(t *testing.T) int64 {
	js := f.mirrorJobs(t)
	require.Len(t, js, 1, "%v", js)
	for id := range js {
		return id
	}
	return 0
}

func (f fixture) jobState(t *testing.T, id int64) (state string, attempt int, errs int) {
	require.NoError(t, f.db.QueryRow(context.Background(), `SELECT state::text, attempt, coalesce(array_length(errors, 1), 0) FROM river_job WHERE id = $1`, id).
		Scan(&state, &attempt, &errs))
	return state, attempt, errs
}

func (f fixture) start(t *testing.T, ch func(context.Context) (driver.Conn, error)) {
	workers, err := jobs.Start(context.Background(), jobs.Deps{DB: f.db, Log: slog.New(slog.NewTextHandler(io.Discard, nil)), ClickHouse: ch})
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, workers.Stop()) })
}

func (f fixture) pending(t *testing.T) int {
	n, err := f.st.PendingOutbox(context.Background(), store.TopicProductLabels)
	require.NoError(t, err)
	return n
}

// TestJobQueuedWithoutWorkersRunsWhenTheyStart: label changes made while no worker
// runs (a restart, a deployment without workers) queue one durable job in their
// transaction, however many changes there are; the first worker to start runs that
// very job and the mirror gets every change.
func TestJobQueuedWithoutWorkersRunsWhenTheyStart(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	a := store.Actor{AccountID: f.account}
	promo, _, err := f.st.CreateLabel(ctx, a, "Promo", "ff0000", false, []string{"P1", "P2", "P3"})
	require.NoError(t, err)
	hot, _, err := f.st.CreateLabel(ctx, a, "Hot", "00ff00", false, []string{"P2"})
	require.NoError(t, err)
	_, err = f.st.UnassignLabel(ctx, a, promo.ID, []string{"P3"})
	require.NoError(t, err)
	for _, p := range []string{"Q1", "Q2", "Q3"} {
		_, err = f.st.AssignLabel(ctx, a, hot.ID, []string{p})
		require.NoError(t, err)
	}
	job := f.onlyJob(t) // six changes, one job
	state, _, _ := f.jobState(t, job)
	assert.Equal(t, "available", state)
	assert.Equal(t, 6, f.pending(t))
	assert.Empty(t, mirror(t, f.w, f.account))

	f.start(t, func(context.Context) (driver.Conn, error) { return f.w.Conn, nil })
	require.Eventually(t, func() bool { s, _, _ := f.jobState(t, job); return s == "completed" }, 20*time.Second, 20*time.Millisecond)
	assert.Zero(t, f.pending(t))
	assert.Equal(t, map[mirrorRow]uint64{
		{"P1", uint64(promo.ID), 1}: 1, {"P2", uint64(promo.ID), 1}: 1, {"P3", uint64(promo.ID), 0}: 1,
		{"P2", uint64(hot.ID), 1}: 1, {"Q1", uint64(hot.ID), 1}: 1, {"Q2", uint64(hot.ID), 1}: 1, {"Q3", uint64(hot.ID), 1}: 1,
	}, mirror(t, f.w, f.account))
}

// lostAck is a ClickHouse connection whose batches reach ClickHouse but whose
// acknowledgement is lost: the worker sees a failure after the rows were written.
type lostAck struct{ driver.Conn }

func (c lostAck) PrepareBatch(ctx context.Context, query string, opts ...driver.PrepareBatchOption) (driver.Batch, error) {
	b, err := c.Conn.PrepareBatch(ctx, query, opts...)
	return lostAckBatch{b}, err
}

type lostAckBatch struct{ driver.Batch }

func (b lostAckBatch) Send() error {
	if err := b.Batch.Send(); err != nil {
		return err
	}
	return errors.New("connection reset after the batch was sent")
}

// TestMirrorRetriedAfterFailedBatchDeliversOnce: the mirror job fails twice (ClickHouse
// unreachable, then a batch written whose acknowledgement is lost), stays queued
// with its rows pending, and the retry delivers them: the mirror holds each change
// exactly once and the outbox is empty.
func TestMirrorRetriedAfterFailedBatchDeliversOnce(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	a := store.Actor{AccountID: f.account}
	promo, _, err := f.st.CreateLabel(ctx, a, "Promo", "ff0000", false, []string{"P1", "P2"})
	require.NoError(t, err)
	_, err = f.st.UnassignLabel(ctx, a, promo.ID, []string{"P2"})
	require.NoError(t, err)
	job := f.onlyJob(t)

	var calls atomic.Int32
	f.start(t, func(context.Context) (driver.Conn, error) {
		switch calls.Add(1) {
		case 1:
			return nil, errors.New("dial tcp: connection refused")
		case 2:
			return lostAck{f.w.Conn}, nil
		}
		return f.w.Conn, nil
	})
	require.Eventually(t, func() bool { s, _, _ := f.jobState(t, job); return s == "completed" }, 20*time.Second, 20*time.Millisecond)
	_, attempt, errs := f.jobState(t, job)
	assert.Equal(t, 3, attempt, "the same job was retried until the batch was acknowledged")
	assert.Equal(t, 2, errs)
	assert.Zero(t, f.pending(t))
	assert.Equal(t, map[mirrorRow]uint64{{"P1", uint64(promo.ID), 1}: 1, {"P2", uint64(promo.ID), 0}: 1}, mirror(t, f.w, f.account))
}
