package report

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"

	"pricelens/engine"
	"pricelens/store/authz"
	"pricelens/warehouse"
)

// The export_csv job's side of Exports: write the compiled export into a file,
// keeping the export's row up to date; the expiry of old files; and the sweep
// that fails exports whose job was lost.

// record writes a step of the job into the export's row while it is live, with
// the time of this sign of life (FailStalled); false means it is no longer live
// (canceled by abortExport, or failed by FailStalled).
func (x *Exports) record(ctx context.Context, name, set string, args ...any) (bool, error) {
	tag, err := x.S.DB.Exec(ctx, `UPDATE export_jobs SET progress_at = now(), `+set+` WHERE id = $1 AND status IN ('queued', 'running')`,
		append([]any{name}, args...)...)
	return tag.RowsAffected() == 1, err
}

// errExportCanceled stops the job's query when the export was canceled.
var errExportCanceled = errors.New("export canceled")

// RunExport is the export_csv job: it writes the export's file, or records why
// not. The failures it can name (a bad condition, a database gone) are recorded as
// the export's error and end the job; only a stop of the worker itself (ctx) is
// returned, so that River runs the job again.
func (x *Exports) RunExport(ctx context.Context, name string) error {
	var accountID, userID int64
	var condJSON, selJSON []byte
	var cats []string
	var status string
	err := x.S.DB.QueryRow(ctx, `SELECT account_id, coalesce(user_id, 0), condition, selection, categories, status
		FROM export_jobs WHERE id = $1`, name).Scan(&accountID, &userID, &condJSON, &selJSON, &cats, &status)
	if errors.Is(err, pgx.ErrNoRows) || (err == nil && status != ExportQueued && status != ExportRunning) {
		return nil // removed, or canceled before it ran
	}
	if err != nil {
		return err
	}
	path, err := x.write(ctx, name, authz.Principal{AccountID: accountID, UserID: userID, Categories: cats}, condJSON, selJSON)
	switch {
	case err == nil:
		if live, err := x.record(ctx, name, `status = 'done', file_path = $2, finished_at = now()`, path); err != nil || !live {
			_ = os.Remove(path)
			return err
		}
		return nil
	case errors.Is(err, errExportCanceled):
		return nil
	case errors.Is(ctx.Err(), context.Canceled):
		return err // the worker is stopping: River runs the job again
	}
	rctx := context.WithoutCancel(ctx) // past the job's own deadline too
	if st, _ := x.status(rctx, name); st == ExportCanceled {
		return nil // the abort killed the query
	}
	if ctx.Err() != nil {
		err = fmt.Errorf("it ran longer than the export limit: %w", ctx.Err())
	}
	x.logFailure(name, err)
	_, rerr := x.record(rctx, name, `status = 'failed', error = $2, finished_at = now()`, exportError(err))
	return rerr
}

// logFailure logs the cause of a failed export for the operator.
func (x *Exports) logFailure(name string, err error) {
	if x.Log != nil {
		x.Log.Warn("export failed", "export", name, "error", err)
	}
}

// ExpireExports deletes the files of expired exports; their rows stay, so that a
// download says the export expired rather than that it never existed.
func (x *Exports) ExpireExports(ctx context.Context) error {
	rows, err := x.S.DB.Query(ctx, `SELECT id, file_path FROM export_jobs WHERE expires_at <= now() AND file_path IS NOT NULL`)
	if err != nil {
		return err
	}
	type expired struct{ id, path string }
	var list []expired
	for rows.Next() {
		var e expired
		if err := rows.Scan(&e.id, &e.path); err != nil {
			rows.Close()
			return err
		}
		list = append(list, e)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for _, e := range list {
		if err := os.Remove(e.path); err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
		if _, err := x.S.DB.Exec(ctx, `UPDATE export_jobs SET file_path = NULL WHERE id = $1`, e.id); err != nil {
			return err
		}
	}
	return nil
}

// ErrStalled is the error of an export that FailStalled ended.
const ErrStalled = "The export stopped: it made no progress for %d minutes (its server may have been stopped). Please export again."

// FailStalled marks failed the live exports that gave no sign of life (progress_at,
// else created_at) for StallAfter: their job was lost with a killed server (River
// would only retry it after the job's two-hour timeout) or no worker runs. Without
// it such an export would show "running" with a frozen percent for hours. A job
// that runs again later finds the export no longer live and does nothing.
func (x *Exports) FailStalled(ctx context.Context) error {
	_, err := x.S.DB.Exec(ctx, `UPDATE export_jobs SET status = 'failed', error = $1, finished_at = now()
		WHERE status IN ('queued', 'running') AND coalesce(progress_at, created_at) < now() - make_interval(secs => $2)`,
		fmt.Sprintf(ErrStalled, int(x.StallAfter.Minutes())), x.StallAfter.Seconds())
	return err
}

func (x *Exports) status(ctx context.Context, name string) (string, error) {
	var st string
	err := x.S.DB.QueryRow(ctx, `SELECT status FROM export_jobs WHERE id = $1`, name).Scan(&st)
	return st, err
}

// exportError is the message a user reads for a failed export.
func exportError(err error) string {
	var he *Error
	var ee *engine.Error
	var pe *fs.PathError
	switch {
	case errors.As(err, &he):
		return "The export failed: " + he.Message
	case errors.As(err, &ee):
		return "The export failed: " + ee.Error()
	case errors.As(err, &pe):
		return "The export failed: its file could not be written on the server; please export again, or ask an administrator to look at the server's disk."
	case errors.Is(err, context.DeadlineExceeded):
		return "The export failed: it ran longer than an export may; narrow the report with filters and export again."
	case errors.Is(err, warehouse.ErrRefused), errors.Is(err, errNotRows):
		return "The export failed: the database stopped its query; please export again."
	}
	return "The export failed because a database did not answer; please export again."
}

// write runs the export into a temporary file and renames it into place.
func (x *Exports) write(ctx context.Context, name string, p authz.Principal, condJSON, selJSON []byte) (string, error) {
	e, err := x.S.CompileExport(ctx, p, condJSON, ExportSelection(selJSON))
	if err != nil {
		return "", err
	}
	total, err := x.S.W.Count(ctx, e.Count)
	if err != nil {
		return "", err
	}
	if live, err := x.record(ctx, name, `status = 'running', rows_total = $2, rows_done = 0, started_at = now()`, int64(total)); err != nil || !live {
		if err == nil {
			err = errExportCanceled
		}
		return "", err
	}
	return x.intoFile(p.AccountID, name, func(f *os.File) error { return x.stream(ctx, name, f, e) })
}

// intoFile has fill write an export's file under a temporary name, then renames it
// into place (<Dir>/<account>/<name>.csv) and returns its path.
func (x *Exports) intoFile(accountID int64, name string, fill func(f *os.File) error) (string, error) {
	dir := filepath.Join(x.Dir, strconv.FormatInt(accountID, 10))
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return "", err
	}
	final := filepath.Join(dir, name+".csv")
	tmp := final + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return "", err
	}
	defer func() { _ = os.Remove(tmp) }() // a no-op after the rename
	err = fill(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return "", err
	}
	return final, os.Rename(tmp, final)
}

// stream writes the CSV of every row and records progress: how far the server has
// read while it sorts (WatchReading, the dialog's first percent within a second),
// then the rows written.
func (x *Exports) stream(ctx context.Context, name string, f *os.File, e ExportPlan) error {
	queryID := ExportQueryID(name)
	stopReading := x.S.WatchReading(ctx, queryID, func(read, total int64) {
		_, _ = x.record(ctx, name, `read_rows = $2, read_total = $3`, read, total)
	})
	defer stopReading()
	var last time.Time // the first rows are recorded at once
	done, err := x.S.WriteCSV(ctx, queryID, e, f, func(rows int64) error {
		if rows == 0 || time.Since(last) < x.ProgressEvery {
			return nil
		}
		stopReading()
		last = time.Now()
		live, err := x.record(ctx, name, `rows_done = $2`, rows)
		if err == nil && !live {
			err = errExportCanceled
		}
		return err
	})
	// The rows written, whatever the export's state now: a canceled or failed
	// export shows how far it got.
	if _, uerr := x.S.DB.Exec(context.WithoutCancel(ctx), `UPDATE export_jobs SET rows_done = $2 WHERE id = $1`, name, done); err == nil {
		err = uerr
	}
	if err != nil {
		return err
	}
	return f.Sync()
}
