package drops

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/csv"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"sort"
	"testing"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/parquet-go/parquet-go"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pricelens/deploy/testenv"
	"pricelens/engine"
	"pricelens/ingest/demo"
	"pricelens/jobs"
	"pricelens/report"
	"pricelens/store"
	"pricelens/store/authz"
)

// The drops on the generator's S data set (account 1: 10k products), with a saved
// report of user 1 sorted by price and searched, loaded once for every subtest.

const reportCondition = `{"report_type":"all_my_products","sort":[{"colId":"price","sort":"desc"},{"colId":"name","sort":"asc"}],"search":"a"}`

func TestDrops(t *testing.T) {
	w, _ := testenv.ClickHouse(t)
	db, _ := testenv.Postgres(t)
	ctx := context.Background()
	_, err := demo.Load(ctx, w, db, demo.Options{Size: demo.S, Seed: 1, Out: io.Discard, Progress: io.Discard})
	require.NoError(t, err)
	for _, q := range []string{
		`INSERT INTO users (id, email) VALUES (901, 'drops@example.com') ON CONFLICT DO NOTHING`,
		`INSERT INTO memberships (user_id, account_id, role) VALUES (901, 1, 'admin') ON CONFLICT DO NOTHING`,
		`INSERT INTO saved_reports (id, account_id, user_id, report_name, report_type, condition)
			VALUES (7001, 1, 901, 'Priced a-z', 'all_my_products', '` + reportCondition + `')`,
	} {
		_, err := db.Exec(ctx, q)
		require.NoError(t, err, q)
	}
	svc := report.NewService(w, db)
	d := New(svc)
	st := store.New(db)
	saved, err := st.FindDropReport(ctx, 0, "Priced a-z")
	require.NoError(t, err)
	require.Equal(t, int64(7001), saved.ID)

	t.Run("csv equals the async export", func(t *testing.T) {
		x := report.NewExports(svc, t.TempDir())
		p := authz.Principal{AccountID: 1, UserID: 901}
		name, err := x.Start(ctx, p, []byte(reportCondition), engine.Selection{})
		require.NoError(t, err)
		require.NoError(t, x.RunExport(ctx, name))
		path, err := x.File(ctx, p, name)
		require.NoError(t, err)
		want, err := os.ReadFile(path)
		require.NoError(t, err)

		dir := t.TempDir()
		m, err := d.Write(ctx, saved, "csv", dir, time.Date(2026, 11, 23, 6, 0, 0, 0, time.UTC))
		require.NoError(t, err)
		require.Equal(t, "report-7001-20261123T060000Z.csv", m.File)
		got, err := os.ReadFile(filepath.Join(dir, m.File))
		require.NoError(t, err)
		require.Equal(t, string(want), string(got), "the drop is byte for byte the export dialog's file")
		recs := readCSV(t, got)
		require.Greater(t, len(recs), 100, "the search keeps many of S's rows")
		assert.Equal(t, int64(len(recs)-1), m.Rows)
		assert.Equal(t, recs[0], m.Columns)

		// The manifest on disk says what was written, and its checksum is the file's.
		var onDisk Manifest
		raw, err := os.ReadFile(filepath.Join(dir, m.File+".manifest.json"))
		require.NoError(t, err)
		require.NoError(t, json.Unmarshal(raw, &onDisk))
		sum := sha256.Sum256(got)
		assert.Equal(t, hex.EncodeToString(sum[:]), onDisk.SHA256)
		assert.Equal(t, int64(len(got)), onDisk.Bytes)
		assert.Equal(t, m.Rows, onDisk.Rows)
		assert.Equal(t, ManifestReport{ID: 7001, Name: "Priced a-z", AccountID: 1}, onDisk.Report)
		assert.Equal(t, "csv", onDisk.Format)
		assert.WithinDuration(t, time.Now(), onDisk.GeneratedAt, time.Minute)
		assert.Equal(t, []string{m.File, m.File + ".manifest.json"}, files(t, dir), "no temporary file is left")
	})

	t.Run("parquet has the csv's rows", func(t *testing.T) {
		dir := t.TempDir()
		stamp := time.Now()
		mc, err := d.Write(ctx, saved, "csv", dir, stamp)
		require.NoError(t, err)
		mp, err := d.Write(ctx, saved, "parquet", dir, stamp)
		require.NoError(t, err)
		csvBytes, err := os.ReadFile(filepath.Join(dir, mc.File))
		require.NoError(t, err)
		want := readCSV(t, csvBytes)

		raw, err := os.ReadFile(filepath.Join(dir, mp.File))
		require.NoError(t, err)
		sum := sha256.Sum256(raw)
		assert.Equal(t, hex.EncodeToString(sum[:]), mp.SHA256)
		f, err := parquet.OpenFile(bytes.NewReader(raw), int64(len(raw)))
		require.NoError(t, err)
		var header []string
		for _, fl := range f.Schema().Fields() {
			header = append(header, fl.Name())
		}
		got := [][]string{header}
		r := parquet.NewReader(bytes.NewReader(raw))
		buf := make([]parquet.Row, 500)
		for {
			n, err := r.ReadRows(buf)
			for _, row := range buf[:n] {
				rec := make([]string, len(row))
				for _, v := range row {
					rec[v.Column()] = string(v.ByteArray())
				}
				got = append(got, rec)
			}
			if errors.Is(err, io.EOF) {
				break
			}
			require.NoError(t, err)
		}
		require.Equal(t, want, got, "the same header and rows, in the same order")
		assert.Equal(t, mc.Rows, mp.Rows)
	})

	t.Run("bad input writes nothing", func(t *testing.T) {
		_, err := st.FindDropReport(ctx, 0, "No such report")
		assert.EqualError(t, err, `no saved report "No such report"`)
		_, err = st.FindDropReport(ctx, 2, "7001")
		assert.EqualError(t, err, `no saved report "7001" in account 2`, "another account's report is not found by id")

		dir := t.TempDir()
		_, err = d.Write(ctx, saved, "xlsx", dir, time.Now())
		assert.EqualError(t, err, `format "xlsx" is not known: use csv or parquet`)
		blocker := filepath.Join(dir, "file")
		require.NoError(t, os.WriteFile(blocker, nil, 0o600))
		_, err = d.Write(ctx, saved, "csv", filepath.Join(blocker, "sub"), time.Now())
		require.Error(t, err)
		assert.Contains(t, err.Error(), "cannot write into "+filepath.Join(blocker, "sub"))
		assert.Equal(t, []string{"file"}, files(t, dir))
	})

	t.Run("malformed cron is refused", func(t *testing.T) {
		for _, expr := range []string{"", "* * *", "61 * * * *", "0 6 * * mon-fri-sat", "every day", "0 0 30 2 *"} {
			_, err := d.AddSchedule(ctx, store.Actor{AccountID: 1}, 7001, expr, "csv", t.TempDir())
			var se *store.Error
			require.ErrorAs(t, err, &se, expr)
			assert.Equal(t, store.KindInvalid, se.Kind)
			assert.Contains(t, se.Message, "cron expression", expr)
		}
		_, err := d.AddSchedule(ctx, store.Actor{AccountID: 1}, 7001, "0 6 * * *", "csv", "relative/dir")
		assert.ErrorContains(t, err, "must be an absolute path")
		_, err = d.AddSchedule(ctx, store.Actor{AccountID: 2}, 7001, "0 6 * * *", "csv", t.TempDir())
		assert.EqualError(t, err, "Report not found", "a schedule only takes a report of its own account")
		list, err := st.DropSchedules(ctx, 0)
		require.NoError(t, err)
		assert.Empty(t, list)
	})

	t.Run("a due schedule drops exactly once", func(t *testing.T) {
		dir := t.TempDir()
		start := time.Date(2026, 11, 23, 5, 30, 0, 0, time.UTC)
		ds := New(svc)
		ds.Now = func() time.Time { return start }
		sc, err := ds.AddSchedule(ctx, store.Actor{AccountID: 1}, 7001, "0 6 * * 1-5", "parquet", dir)
		require.NoError(t, err)
		due := time.Date(2026, 11, 23, 6, 0, 0, 0, time.UTC)
		require.True(t, sc.NextDue.Equal(due), "next %s", sc.NextDue)

		require.NoError(t, ds.QueueDue(ctx))
		assert.Equal(t, 0, dropJobs(t, ctx, db), "not due yet")

		// The tick fires twice after the due time (two servers, or a retry).
		ds.Now = func() time.Time { return due.Add(90 * time.Second) }
		require.NoError(t, ds.QueueDue(ctx))
		require.NoError(t, ds.QueueDue(ctx))
		assert.Equal(t, 1, dropJobs(t, ctx, db))
		list, err := st.DropSchedules(ctx, 1)
		require.NoError(t, err)
		require.Len(t, list, 1)
		assert.True(t, list[0].NextDue.Equal(time.Date(2026, 11, 24, 6, 0, 0, 0, time.UTC)), "next %s", list[0].NextDue)
		// Even a tick that still saw the old due time queues no second drop.
		_, err = db.Exec(ctx, `UPDATE drop_schedules SET next_due = $1`, due)
		require.NoError(t, err)
		require.NoError(t, ds.QueueDue(ctx))
		assert.Equal(t, 1, dropJobs(t, ctx, db))

		// The workers write it.
		wctx, cancel := context.WithCancel(ctx)
		defer cancel()
		wk, err := jobs.Start(wctx, jobs.Deps{DB: db, Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Drops: ds,
			ClickHouse: func(context.Context) (driver.Conn, error) { return w.Conn, nil }})
		require.NoError(t, err)
		defer func() { _ = wk.Stop() }()
		name := "report-7001-20261123T060000Z.parquet"
		for i := 0; i < 600 && !exists(filepath.Join(dir, name+".manifest.json")); i++ {
			time.Sleep(100 * time.Millisecond)
		}
		require.Equal(t, []string{name, name + ".manifest.json"}, files(t, dir))
		var state string
		for i := 0; i < 100; i++ {
			require.NoError(t, db.QueryRow(ctx, `SELECT state FROM river_job WHERE kind = 'drop'`).Scan(&state))
			if state == "completed" {
				break
			}
			time.Sleep(100 * time.Millisecond)
		}
		assert.Equal(t, "completed", state)
		// The schedule shows its last run and the drop it wrote.
		list, err = st.DropSchedules(ctx, 1)
		require.NoError(t, err)
		last := list[0].Last
		assert.Equal(t, store.DropOK, last.Status)
		require.NotNil(t, last.Due)
		assert.True(t, last.Due.Equal(due))
		var m Manifest
		require.NoError(t, json.Unmarshal(last.Manifest, &m))
		assert.Equal(t, name, m.File)
		assert.Greater(t, m.Rows, int64(100))

		// A drop that cannot be written says so on the schedule (and the job retries it).
		blocked := filepath.Join(t.TempDir(), "a-file")
		require.NoError(t, os.WriteFile(blocked, nil, 0o600))
		bad, err := ds.AddSchedule(ctx, store.Actor{AccountID: 1}, 7001, "0 6 * * *", "csv", filepath.Join(blocked, "sub"))
		require.NoError(t, err)
		err = ds.RunDrop(ctx, bad.ID, due)
		require.ErrorContains(t, err, "cannot write into")
		list, err = st.DropSchedules(ctx, 1)
		require.NoError(t, err)
		require.Len(t, list, 2)
		assert.Equal(t, store.DropFailed, list[1].Last.Status)
		assert.Contains(t, list[1].Last.Error, "cannot write into "+filepath.Join(blocked, "sub"))
		assert.Nil(t, list[1].Last.Manifest)
		require.NoError(t, st.RemoveDropSchedule(ctx, store.Actor{AccountID: 1}, bad.ID))

		assert.EqualError(t, st.RemoveDropSchedule(ctx, store.Actor{AccountID: 2}, sc.ID), "Export schedule not found",
			"another account cannot remove it")
		require.NoError(t, st.RemoveDropSchedule(ctx, store.Actor{AccountID: 1}, sc.ID))
		list, err = st.DropSchedules(ctx, 0)
		require.NoError(t, err)
		assert.Empty(t, list)
	})
}

func readCSV(t *testing.T, b []byte) [][]string {
	t.Helper()
	recs, err := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(b, []byte("\uFEFF")))).ReadAll()
	require.NoError(t, err)
	return recs
}

func files(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	require.NoError(t, err)
	var out []string
	for _, e := range es {
		out = append(out, e.Name())
	}
	sort.Strings(out)
	return out
}

func exists(path string) bool { _, err := os.Stat(path); return err == nil }

func dropJobs(t *testing.T, ctx context.Context, db *pgxpool.Pool) int {
	t.Helper()
	var n int
	require.NoError(t, db.QueryRow(ctx, `SELECT count(*) FROM river_job WHERE kind = 'drop'`).Scan(&n))
	return n
}
