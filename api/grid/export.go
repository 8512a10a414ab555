package grid

import (
	"bufio"
	"context"
	"crypto/rand"
	"encoding/csv"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"

	"pricelens/api/httperr"
	"pricelens/api/session"
	"pricelens/engine"
	"pricelens/jobs/kinds"
)

// Exports runs the asynchronous CSV exports of the tabular screen (DESIGN §9).
// The request records the export in PostgreSQL (export_jobs) and queues a River
// job in the same transaction; the job (RunExport) streams the rows of the grid's
// own plan from ClickHouse to <Dir>/<account>/<name>.csv, reporting progress into
// the row, which the status calls read. Only the requesting user, in that
// account, sees an export; files expire after ExportTTL.
type Exports struct {
	S   *Service
	Dir string // the exports' root (<data dir>/exports)
	// ProgressEvery is how often the job writes its progress and looks for an abort.
	ProgressEvery time.Duration
}

// ExportTTL is how long an export's file can be downloaded.
const ExportTTL = 7 * 24 * time.Hour

// exportBatch is how many rows the job shapes at once (labels are read per batch).
const exportBatch = 1000

// NewExports returns the exports of s, with files under dataDir/exports.
func NewExports(s *Service, dataDir string) *Exports {
	return &Exports{S: s, Dir: filepath.Join(dataDir, "exports"), ProgressEvery: time.Second}
}

// Export states; queued and running are the live ones.
const (
	ExportQueued   = "queued"
	ExportRunning  = "running"
	ExportDone     = "done"
	ExportFailed   = "failed"
	ExportCanceled = "canceled"
)

// exportQueryID is the ClickHouse query id of an export's rows, known to abort.
func exportQueryID(name string) string { return "export-" + name }

// Start checks the export's condition exactly as getConditionsData would (and that
// it is a product-row report), then records it and queues its job.
func (x *Exports) Start(ctx context.Context, p session.Principal, in ExportRequest) (string, error) {
	a, err := x.S.AccountFor(ctx, p, in.cond, false)
	if err != nil {
		return "", err
	}
	if _, _, err := engine.CompileExport(a, exportColumns(a, in.cond), in.sel); err != nil {
		return "", err
	}
	b := make([]byte, 12)
	_, _ = rand.Read(b)
	name := "export_" + hex.EncodeToString(b)
	sel, _ := json.Marshal(map[string]any{"selectAll": in.sel.All, "toggledNodes": in.sel.Toggled})
	cats := p.Categories
	if cats == nil {
		cats = []string{}
	}
	tx, err := x.S.DB.Begin(ctx)
	if err != nil {
		return "", err
	}
	defer func() { _ = tx.Rollback(ctx) }()
	if _, err := tx.Exec(ctx, `INSERT INTO export_jobs (id, account_id, user_id, condition, selection, categories, status, expires_at)
		VALUES ($1, $2, $3, $4, $5, $6, 'queued', now() + $7::interval)`,
		name, p.AccountID, p.UserID, []byte(in.conditionJSON), sel, cats, fmt.Sprintf("%d seconds", int(ExportTTL.Seconds()))); err != nil {
		return "", err
	}
	if err := kinds.InsertTx(ctx, tx, kinds.ExportCSV{Name: name}); err != nil {
		return "", err
	}
	return name, tx.Commit(ctx)
}

// exportRow is what the status calls read of an export.
type exportRow struct {
	name, status, errText string
	total                 *int64
	done                  int64
	started               *time.Time
	expires, created      time.Time
	path                  *string
}

const exportCols = `id, status, coalesce(error, ''), rows_total, rows_done, started_at, expires_at, created_at, file_path`

func scanExport(r pgx.Row) (exportRow, error) {
	var e exportRow
	err := r.Scan(&e.name, &e.status, &e.errText, &e.total, &e.done, &e.started, &e.expires, &e.created, &e.path)
	return e, err
}

// errNoExport is the answer for a name that is not the caller's export in this
// account: another user's export looks exactly like one that never existed.
var errNoExport = httperr.NotFound("This export does not exist. Start a new export from the report.")

// load reads the caller's export.
func (x *Exports) load(ctx context.Context, p session.Principal, name string) (exportRow, error) {
	e, err := scanExport(x.S.DB.QueryRow(ctx, `SELECT `+exportCols+` FROM export_jobs
		WHERE id = $1 AND account_id = $2 AND user_id = $3`, name, p.AccountID, p.UserID))
	if errors.Is(err, pgx.ErrNoRows) {
		return e, errNoExport
	}
	return e, err
}

// Status is getExportStatus (and initialExportProcess).
func (x *Exports) Status(ctx context.Context, p session.Principal, name string) (ExportStatus, error) {
	e, err := x.load(ctx, p, name)
	if err != nil {
		return ExportStatus{}, err
	}
	return e.toStatus(time.Now()), nil
}

// List is the caller's exports in this account that can still be downloaded or are
// under way, newest first (at most 50).
func (x *Exports) List(ctx context.Context, p session.Principal) (ExportList, error) {
	rows, err := x.S.DB.Query(ctx, `SELECT `+exportCols+` FROM export_jobs
		WHERE account_id = $1 AND user_id = $2 AND expires_at > now() ORDER BY created_at DESC, id LIMIT 50`, p.AccountID, p.UserID)
	if err != nil {
		return ExportList{}, err
	}
	defer rows.Close()
	out := ExportList{Exports: []ExportStatus{}}
	now := time.Now()
	for rows.Next() {
		e, err := scanExport(rows)
		if err != nil {
			return ExportList{}, err
		}
		out.Exports = append(out.Exports, e.toStatus(now))
	}
	return out, rows.Err()
}

// Abort is abortExport: a queued or running export becomes canceled and its
// ClickHouse query is killed (the job also sees the state at its next progress
// write and stops). A finished export is a 409 and stays as it is.
func (x *Exports) Abort(ctx context.Context, p session.Principal, name string) (ExportStatus, error) {
	e, err := x.load(ctx, p, name)
	if err != nil {
		return ExportStatus{}, err
	}
	tag, err := x.S.DB.Exec(ctx, `UPDATE export_jobs SET status = 'canceled', finished_at = now()
		WHERE id = $1 AND status IN ('queued', 'running')`, name)
	if err != nil {
		return ExportStatus{}, err
	}
	if tag.RowsAffected() == 0 {
		return ExportStatus{}, httperr.Conflict(fmt.Sprintf("This export has already %s; there is nothing to cancel.", finishedWord(e.status)))
	}
	if err := x.S.W.Kill(ctx, exportQueryID(name)); err != nil {
		return ExportStatus{}, err
	}
	return x.Status(ctx, p, name)
}

func finishedWord(status string) string {
	switch status {
	case ExportDone:
		return "finished"
	case ExportFailed:
		return "failed"
	}
	return "been canceled"
}

// File is the path of the caller's finished, unexpired export.
func (x *Exports) File(ctx context.Context, p session.Principal, name string) (string, error) {
	e, err := x.load(ctx, p, name)
	if err != nil {
		return "", err
	}
	switch {
	case !time.Now().Before(e.expires):
		return "", &httperr.Error{Status: http.StatusGone, Code: "gone",
			Message: "This export has expired (files are kept for 7 days). Export the report again."}
	case e.status != ExportDone || e.path == nil:
		return "", httperr.Conflict(fmt.Sprintf("This export is %s, not ready to download.", e.status))
	}
	return *e.path, nil
}

// toStatus computes percent and ETA from the row: the rate so far over the rows left.
func (e exportRow) toStatus(now time.Time) ExportStatus {
	s := ExportStatus{ReportName: e.name, Status: e.status, Rows: e.done, Error: e.errText, CreatedAt: e.created, ExpiresAt: e.expires}
	switch {
	case e.status == ExportDone:
		s.Percent = 100
		zero := 0.0
		s.ETASeconds = &zero
	case e.total != nil && *e.total > 0:
		s.Percent = float64(e.done) * 100 / float64(*e.total)
		if e.status == ExportRunning && e.started != nil && e.done > 0 {
			if el := now.Sub(*e.started).Seconds(); el > 0 {
				eta := float64(*e.total-e.done) / (float64(e.done) / el)
				s.ETASeconds = &eta
			}
		}
	}
	return s
}

// exportColumns gives a condition without visible columns the report's default
// columns, so the file has the columns the grid opens with (not every column).
func exportColumns(a engine.Account, c engine.Condition) engine.Condition {
	if len(c.VisibleColumns) > 0 {
		return c
	}
	cols, err := engine.Columns(a, c.ReportType)
	if err != nil {
		return c // the compiler names the bad report type
	}
	for _, col := range cols {
		if col.Default {
			c.VisibleColumns = append(c.VisibleColumns, col.ID)
		}
	}
	return c
}

// record writes a step of the job into the export's row while it is live; false
// means it is no longer live (canceled by abortExport).
func (x *Exports) record(ctx context.Context, name, set string, args ...any) (bool, error) {
	tag, err := x.S.DB.Exec(ctx, `UPDATE export_jobs SET `+set+` WHERE id = $1 AND status IN ('queued', 'running')`,
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
	path, err := x.write(ctx, name, session.Principal{AccountID: accountID, UserID: userID, Categories: cats}, condJSON, selJSON)
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
	_, rerr := x.record(rctx, name, `status = 'failed', error = $2, finished_at = now()`, exportError(err))
	return rerr
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

func (x *Exports) status(ctx context.Context, name string) (string, error) {
	var st string
	err := x.S.DB.QueryRow(ctx, `SELECT status FROM export_jobs WHERE id = $1`, name).Scan(&st)
	return st, err
}

// exportError is the message a user reads for a failed export.
func exportError(err error) string {
	var he *httperr.Error
	var ee *engine.Error
	switch {
	case errors.As(err, &he):
		return "The export failed: " + he.Message
	case errors.As(err, &ee):
		return "The export failed: " + ee.Error()
	}
	return "The export failed because a database did not answer; please export again. (" + err.Error() + ")"
}

// write runs the export into a temporary file and renames it into place.
func (x *Exports) write(ctx context.Context, name string, p session.Principal, condJSON, selJSON []byte) (string, error) {
	cond, err := engine.ParseCondition(condJSON)
	if err != nil {
		return "", err
	}
	var sj struct {
		SelectAll    bool     `json:"selectAll"`
		ToggledNodes []string `json:"toggledNodes"`
	}
	_ = json.Unmarshal(selJSON, &sj)
	a, err := x.S.AccountFor(ctx, p, cond, false)
	if err != nil {
		return "", err
	}
	cond = exportColumns(a, cond)
	rowsPlan, countPlan, err := engine.CompileExport(a, cond, engine.Selection{All: sj.SelectAll, Toggled: sj.ToggledNodes})
	if err != nil {
		return "", err
	}
	total, err := x.S.W.Count(ctx, countPlan.Statement)
	if err != nil {
		return "", err
	}
	if live, err := x.record(ctx, name, `status = 'running', rows_total = $2, rows_done = 0, started_at = now()`, int64(total)); err != nil || !live {
		if err == nil {
			err = errExportCanceled
		}
		return "", err
	}
	dir := filepath.Join(x.Dir, strconv.FormatInt(p.AccountID, 10))
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
	err = x.stream(ctx, name, f, a, cond, rowsPlan)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return "", err
	}
	return final, os.Rename(tmp, final)
}

// stream writes the header and every row, shaping them a batch at a time as the
// grid does (per-competitor keys, labels, currency), and records progress.
func (x *Exports) stream(ctx context.Context, name string, f *os.File, a engine.Account, cond engine.Condition, plan engine.Plan) error {
	bw := bufio.NewWriterSize(f, 256<<10)
	if _, err := bw.WriteString("\uFEFF"); err != nil {
		return err
	}
	cw := csv.NewWriter(bw)
	cols := csvColumns(a, cond)
	header := make([]string, len(cols))
	for i, c := range cols {
		header[i] = c.header
	}
	if err := cw.Write(header); err != nil {
		return err
	}
	var done int64
	last := time.Now()
	batch := make([]map[string]any, 0, exportBatch)
	record := make([]string, len(cols))
	flush := func() error {
		for _, r := range batch {
			plan.Expand(r)
		}
		if err := x.S.fillLabels(ctx, a, batch); err != nil {
			return err
		}
		for _, r := range batch {
			r["currency_symbol"] = a.Settings.CurrencySymbol
			for i, c := range cols {
				record[i] = c.format(r)
			}
			if err := cw.Write(record); err != nil {
				return err
			}
		}
		done += int64(len(batch))
		batch = batch[:0]
		if time.Since(last) < x.ProgressEvery {
			return nil
		}
		last = time.Now()
		live, err := x.record(ctx, name, `rows_done = $2`, done)
		if err == nil && !live {
			err = errExportCanceled
		}
		return err
	}
	err := x.S.W.Stream(ctx, exportQueryID(name), plan.Statement, func(columns []string, row []any) error {
		m := make(map[string]any, len(row)+len(cols))
		for i, v := range row {
			m[columns[i]] = v
		}
		batch = append(batch, m)
		if len(batch) < exportBatch {
			return nil
		}
		return flush()
	})
	if err == nil && len(batch) > 0 {
		err = flush()
	}
	if err != nil {
		return err
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return err
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	if err := f.Sync(); err != nil {
		return err
	}
	_, err = x.record(ctx, name, `rows_done = $2`, done)
	return err
}
