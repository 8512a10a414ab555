package jobs_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"testing"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/parquet-go/parquet-go"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pricelens/deploy/testenv"
	"pricelens/feed"
	"pricelens/jobs"
	"pricelens/jobs/kinds"
	"pricelens/store"
)

// The price feed (issue 16 part 5) through the River job price_feed and the
// feeder it runs: every approved price lands in exactly one batch's files, over
// several runs, after a crash between the files and the mark, and after a crash
// between the claim and the files; Pending and rejected prices never do; another
// account's prices go to that account's folder only.

type feedFx struct {
	t        *testing.T
	db       *pgxpool.Pool
	root     string
	acc      int64
	acc2     int64
	user     int64
	run      int64
	run2     int64
	products int
}

func newFeedFx(t *testing.T) *feedFx {
	db, _ := testenv.Postgres(t)
	f := &feedFx{t: t, db: db, root: t.TempDir()}
	ctx := context.Background()
	require.NoError(t, db.QueryRow(ctx, `INSERT INTO accounts (name) VALUES ('Shop') RETURNING id`).Scan(&f.acc))
	require.NoError(t, db.QueryRow(ctx, `INSERT INTO accounts (name) VALUES ('Other') RETURNING id`).Scan(&f.acc2))
	require.NoError(t, db.QueryRow(ctx, `INSERT INTO users (email) VALUES ('approver@feed.test') RETURNING id`).Scan(&f.user))
	for _, a := range []struct {
		acc int64
		run *int64
	}{{f.acc, &f.run}, {f.acc2, &f.run2}} {
		require.NoError(t, db.QueryRow(ctx, `INSERT INTO pricer_runs (account_id, is_simulation, status) VALUES ($1, false, 'complete') RETURNING id`,
			a.acc).Scan(a.run))
	}
	return f
}

// record adds an approval record as a run and a decision leave it; approved by
// the user when byUser, else by the run (auto_approved).
func (f *feedFx) record(acc, run int64, status string, byUser bool) int64 {
	f.products++
	reason, decider := "above_threshold", any(nil)
	if status == store.ApprovalApproved && !byUser {
		reason = "auto_approved"
	}
	if byUser {
		decider = f.user
	}
	var id int64
	require.NoError(f.t, f.db.QueryRow(context.Background(), `INSERT INTO approval_records (account_id, run_id, product_id, current_price,
		recommended_price, change_pct, status, reason, decided_by, decided_at) VALUES ($1, $2, $3, 10, 11, 10, $4, $5, $6,
		CASE WHEN $4 = 'Pending' THEN NULL ELSE now() END) RETURNING id`,
		acc, run, "FSN"+strconv.Itoa(f.products), status, reason, decider).Scan(&id))
	return id
}

// fed reads every CSV row of the account's feed folder: approval id → how many
// times it appears, checking each batch's Parquet file and manifest agree.
func (f *feedFx) fed(acc int64) map[int64]int {
	f.t.Helper()
	dir := feed.Dir(f.root, acc)
	out := map[int64]int{}
	manifests, _ := filepath.Glob(filepath.Join(dir, "price-feed-*.manifest.json"))
	csvs, _ := filepath.Glob(filepath.Join(dir, "price-feed-*.csv"))
	require.Equal(f.t, len(csvs), len(manifests), "every batch's files are complete")
	for _, path := range csvs {
		fh, err := os.Open(path)
		require.NoError(f.t, err)
		recs, err := csv.NewReader(fh).ReadAll()
		fh.Close()
		require.NoError(f.t, err)
		require.Equal(f.t, feed.Columns, recs[0])
		base := path[:len(path)-len(".csv")]
		pq, err := parquet.ReadFile[feed.Row](base + ".parquet")
		require.NoError(f.t, err)
		require.Len(f.t, pq, len(recs)-1, "the Parquet file has the CSV's rows")
		var m feed.Manifest
		raw, err := os.ReadFile(base + ".manifest.json")
		require.NoError(f.t, err)
		require.NoError(f.t, json.Unmarshal(raw, &m))
		assert.Equal(f.t, int64(len(pq)), m.Rows)
		assert.Equal(f.t, acc, m.AccountID)
		for i, r := range recs[1:] {
			id, err := strconv.ParseInt(r[1], 10, 64)
			require.NoError(f.t, err)
			out[id]++
			assert.Equal(f.t, strconv.FormatInt(m.BatchID, 10), r[0])
			assert.Equal(f.t, id, pq[i].ApprovalID)
			assert.Equal(f.t, r[2], pq[i].ProductID)
			assert.Equal(f.t, 10.0, pq[i].OldPrice)
			assert.Equal(f.t, 11.0, pq[i].NewPrice)
			assert.Equal(f.t, r[7], pq[i].Approver)
		}
	}
	return out
}

func once(ids ...int64) map[int64]int {
	out := map[int64]int{}
	for _, id := range ids {
		out[id] = 1
	}
	return out
}

func (f *feedFx) count(sql string, args ...any) int {
	var n int
	require.NoError(f.t, f.db.QueryRow(context.Background(), sql, args...).Scan(&n))
	return n
}

// waitJobs waits until n price_feed jobs have completed.
func (f *feedFx) waitJobs(n int) {
	f.t.Helper()
	require.Eventually(f.t, func() bool {
		return f.count(`SELECT count(*) FROM river_job WHERE kind = $1 AND state = 'completed'`, kinds.PriceFeed{}.Kind()) >= n
	}, 30*time.Second, 20*time.Millisecond)
}

func TestPriceFeedExactlyOnce(t *testing.T) {
	f := newFeedFx(t)
	ctx := context.Background()
	auto1 := f.record(f.acc, f.run, store.ApprovalApproved, false)
	manual := f.record(f.acc, f.run, store.ApprovalApproved, true)
	f.record(f.acc, f.run, store.ApprovalPending, false)
	f.record(f.acc, f.run, store.ApprovalRejected, true)
	other := f.record(f.acc2, f.run2, store.ApprovalApproved, false)

	// The workers' start runs the job once (RunOnStart).
	noCH := func(context.Context) (driver.Conn, error) { return nil, errors.New("no ClickHouse in this test") }
	workers, err := jobs.Start(ctx, jobs.Deps{DB: f.db, Log: slog.New(slog.NewTextHandler(io.Discard, nil)), ClickHouse: noCH, DropRoot: f.root})
	require.NoError(t, err)
	defer func() { require.NoError(t, workers.Stop()) }()
	f.waitJobs(1)
	assert.Equal(t, once(auto1, manual), f.fed(f.acc), "the approved prices, once; not the Pending or rejected ones")
	assert.Equal(t, once(other), f.fed(f.acc2), "each account's prices in its own folder")
	csvs, _ := filepath.Glob(filepath.Join(feed.Dir(f.root, f.acc), "*.csv"))
	require.Len(t, csvs, 1)
	raw, err := os.ReadFile(csvs[0])
	require.NoError(t, err)
	recs, err := csv.NewReader(bytesReader(raw)).ReadAll()
	require.NoError(t, err)
	approvers := []string{recs[1][7], recs[2][7]}
	sort.Strings(approvers)
	assert.Equal(t, []string{"approver@feed.test", store.AutoApprover}, approvers)
	assert.Equal(t, strconv.FormatInt(f.run, 10), recs[1][6])

	// A second run of the job with nothing new writes nothing; with a new approved
	// price, a batch of just that one.
	insertFeedJob(t, f.db)
	f.waitJobs(2)
	assert.Equal(t, 1, f.count(`SELECT count(*) FROM price_feed_batches WHERE account_id = $1`, f.acc), "nothing new: no batch")
	later := f.record(f.acc, f.run, store.ApprovalApproved, true)
	insertFeedJob(t, f.db)
	f.waitJobs(3)
	assert.Equal(t, once(auto1, manual, later), f.fed(f.acc))

	// A crash after the files are in place, before the batch is marked written:
	// the next run keeps the files, marks the batch, and feeds newer prices in a
	// batch of their own. Nothing is fed twice.
	crashed := f.record(f.acc, f.run, store.ApprovalApproved, false)
	crash := feed.Feeder{Store: store.New(f.db), Root: f.root, AfterFiles: func(context.Context, int64) error { return errors.New("crash") }}
	_, err = crash.Run(ctx, f.acc)
	require.EqualError(t, err, "crash")
	assert.Equal(t, 1, f.count(`SELECT count(*) FROM price_feed_batches WHERE account_id = $1 AND status = 'open'`, f.acc))
	afterCrash := f.record(f.acc, f.run, store.ApprovalApproved, false)
	insertFeedJob(t, f.db)
	f.waitJobs(4)
	assert.Equal(t, once(auto1, manual, later, crashed, afterCrash), f.fed(f.acc))
	assert.Zero(t, f.count(`SELECT count(*) FROM price_feed_batches WHERE status = 'open'`))

	// A crash after the claim, before any file (and a temporary file left behind):
	// the next run writes that batch.
	claimedOnly := f.record(f.acc, f.run, store.ApprovalApproved, true)
	b, found, err := store.New(f.db).ClaimFeedBatch(ctx, f.acc)
	require.NoError(t, err)
	require.True(t, found)
	tmp := filepath.Join(feed.Dir(f.root, f.acc), "."+feed.BaseName(b.ID)+".csv.123.tmp")
	require.NoError(t, os.WriteFile(tmp, []byte("half a fi"), 0o600))
	written, err := feed.Feeder{Store: store.New(f.db), Root: f.root}.Run(ctx, f.acc)
	require.NoError(t, err)
	require.Len(t, written, 1)
	assert.Equal(t, b.ID, written[0].BatchID)
	assert.Equal(t, once(auto1, manual, later, crashed, afterCrash, claimedOnly), f.fed(f.acc))
	_, err = os.Stat(tmp)
	assert.True(t, os.IsNotExist(err), "the temporary file is gone")
	assert.Equal(t, once(other), f.fed(f.acc2))
	assert.Zero(t, f.count(`SELECT count(*) FROM approval_records WHERE status = 'approved' AND feed_batch_id IS NULL`))
	assert.Zero(t, f.count(`SELECT count(*) FROM approval_records WHERE status != 'approved' AND feed_batch_id IS NOT NULL`))
}

func insertFeedJob(t *testing.T, db *pgxpool.Pool) {
	ctx := context.Background()
	tx, err := db.Begin(ctx)
	require.NoError(t, err)
	require.NoError(t, kinds.InsertTx(ctx, tx, kinds.PriceFeed{}))
	require.NoError(t, tx.Commit(ctx))
}

func bytesReader(b []byte) io.Reader { return bytes.NewReader(b) }
