package report

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"pricelens/engine"
	"pricelens/jobs/kinds"
	"pricelens/store/authz"
)

// Exports runs the asynchronous CSV exports of the tabular screen (docs/exports.md).
// The request records the export in PostgreSQL (export_jobs) and queues a River
// job in the same transaction; the job (RunExport) streams the CSV that ClickHouse
// writes of the compiled export to <Dir>/<account>/<name>.csv, reporting progress into
// the row, which the status calls read. Only the requesting user, in that
// account, sees an export; files expire after ExportTTL.
type Exports struct {
	S   *Service
	Dir string // the exports' root (<data dir>/exports)
	// ProgressEvery is how often the job writes its progress and looks for an abort.
	ProgressEvery time.Duration
	// StallAfter is how long a live export may go without progress before
	// FailStalled fails it: far longer than any wait between progress writes (the
	// count and the first rows of a large sorted report take seconds, not minutes).
	StallAfter time.Duration
	// Log gets the cause of a failed export, which the user's message leaves out
	// (nil: not logged).
	Log *slog.Logger
}

// ExportTTL is how long an export's file can be downloaded.
const ExportTTL = 7 * 24 * time.Hour

// NewExports returns the exports of s, with files under dataDir/exports.
func NewExports(s *Service, dataDir string) *Exports {
	return &Exports{S: s, Dir: filepath.Join(dataDir, "exports"), ProgressEvery: time.Second, StallAfter: 15 * time.Minute}
}

// Export states; queued and running are the live ones.
const (
	ExportQueued   = "queued"
	ExportRunning  = "running"
	ExportDone     = "done"
	ExportFailed   = "failed"
	ExportCanceled = "canceled"
)

// ExportQueryID is the ClickHouse query id of an export's rows, known to abort.
func ExportQueryID(name string) string { return "export-" + name }

// Start checks the export's condition exactly as getConditionsData would (and that
// it is a report that exports), then records it and queues its job.
func (x *Exports) Start(ctx context.Context, p authz.Principal, condJSON []byte, sel engine.Selection) (string, error) {
	if _, err := x.S.CompileExport(ctx, p, condJSON, sel); err != nil {
		return "", err
	}
	tx, err := x.S.DB.Begin(ctx)
	if err != nil {
		return "", err
	}
	defer func() { _ = tx.Rollback(ctx) }()
	name, err := insertExport(ctx, tx, p, condJSON, sel)
	if err != nil {
		return "", err
	}
	if err := kinds.InsertTx(ctx, tx, kinds.ExportCSV{Name: name}); err != nil {
		return "", err
	}
	return name, tx.Commit(ctx)
}

// insertExport records a queued export of p and returns its name.
func insertExport(ctx context.Context, tx interface {
	Exec(context.Context, string, ...any) (pgconn.CommandTag, error)
}, p authz.Principal, condJSON []byte, sel engine.Selection) (string, error) {
	b := make([]byte, 12)
	_, _ = rand.Read(b)
	name := "export_" + hex.EncodeToString(b)
	selJSON, _ := json.Marshal(map[string]any{"selectAll": sel.All, "toggledNodes": sel.Toggled})
	cats := p.Categories
	if cats == nil {
		cats = []string{}
	}
	_, err := tx.Exec(ctx, `INSERT INTO export_jobs (id, account_id, user_id, condition, selection, categories, status, expires_at)
		VALUES ($1, $2, $3, $4, $5, $6, 'queued', $7)`,
		name, p.AccountID, p.UserID, condJSON, selJSON, cats, time.Now().Add(ExportTTL))
	return name, err
}

// ExportNow exports every row of a condition for a user of an account (with their
// category access) and waits for the file: a scheduled report's CSV. It is an
// export like the ones users start (the same row, file, expiry and download by
// that user), run in the caller's job instead of its own. It returns the export's
// name, its file and the file's size; a failed export is an error carrying the
// export's message.
func (x *Exports) ExportNow(ctx context.Context, accountID, userID int64, categories []string, condition json.RawMessage) (name, path string, size int64, err error) {
	p := authz.Principal{AccountID: accountID, UserID: userID, Categories: categories}
	condJSON, err := ConditionObject(condition)
	if err != nil {
		return "", "", 0, err
	}
	if name, err = insertExport(ctx, x.S.DB, p, condJSON, engine.Selection{}); err != nil {
		return "", "", 0, err
	}
	if err := x.RunExport(ctx, name); err != nil {
		return "", "", 0, err
	}
	e, err := x.load(ctx, p, name)
	if err != nil {
		return "", "", 0, err
	}
	if e.status != ExportDone || e.path == nil {
		return "", "", 0, fmt.Errorf("export %s %s: %s", name, e.status, e.errText)
	}
	fi, err := os.Stat(*e.path)
	if err != nil {
		return "", "", 0, err
	}
	return name, *e.path, fi.Size(), nil
}

// FileNow is ExportNow for a report whose rows are not a grid condition's (a saved
// trend report's, trend/): the same export row, file, expiry and download by
// that user, with write producing the file (its CSV, BOM and header included) and
// saying how many rows it wrote. A failure is recorded as the export's error and
// returned.
func (x *Exports) FileNow(ctx context.Context, p authz.Principal, condJSON []byte, write func(w io.Writer) (rows int64, err error)) (name, path string, size int64, err error) {
	if name, err = insertExport(ctx, x.S.DB, p, condJSON, engine.Selection{}); err != nil {
		return "", "", 0, err
	}
	if _, err = x.record(ctx, name, `status = 'running', rows_done = 0, started_at = now()`); err != nil {
		return "", "", 0, err
	}
	var rows int64
	path, err = x.intoFile(p.AccountID, name, func(f *os.File) error {
		var werr error
		if rows, werr = write(f); werr != nil {
			return werr
		}
		return f.Sync()
	})
	if err != nil {
		x.logFailure(name, err)
		_, _ = x.record(context.WithoutCancel(ctx), name, `status = 'failed', error = $2, finished_at = now()`, exportError(err))
		return "", "", 0, err
	}
	if _, err = x.record(ctx, name, `status = 'done', rows_total = $2, rows_done = $2, file_path = $3, finished_at = now()`, rows, path); err != nil {
		return "", "", 0, err
	}
	fi, err := os.Stat(path)
	if err != nil {
		return "", "", 0, err
	}
	return name, path, fi.Size(), nil
}

// ExportStatus is an export's state: status is queued, running, done, failed or
// canceled; percent 0–100; eta_seconds is null while unknown (before the first
// rows); rows is how many rows are written; error says why a failed export failed.
type ExportStatus struct {
	ReportName string    `json:"reportName" openapi:"always"`
	Status     string    `json:"status" openapi:"always"`
	Percent    float64   `json:"percent" openapi:"always"`
	ETASeconds *float64  `json:"eta_seconds" openapi:"always"`
	Rows       int64     `json:"rows" openapi:"always"`
	Error      string    `json:"error,omitempty"`
	CreatedAt  time.Time `json:"created_at" openapi:"always"`
	ExpiresAt  time.Time `json:"expires_at" openapi:"always"`
}

// ExportList is the caller's recent exports (getMyExports), newest first.
type ExportList struct {
	Exports []ExportStatus `json:"exports" openapi:"always"`
}

// exportRow is what the status calls read of an export.
type exportRow struct {
	name, status, errText string
	total                 *int64
	done                  int64
	read                  int64  // source rows the server has read before the first row (WatchReading)
	readTotal             *int64 // about how many it reads
	started               *time.Time
	expires, created      time.Time
	path                  *string
}

const exportCols = `id, status, coalesce(error, ''), rows_total, rows_done, read_rows, read_total, started_at, expires_at, created_at, file_path`

func scanExport(r pgx.Row) (exportRow, error) {
	var e exportRow
	err := r.Scan(&e.name, &e.status, &e.errText, &e.total, &e.done, &e.read, &e.readTotal, &e.started, &e.expires, &e.created, &e.path)
	return e, err
}

// ErrNoExport is the answer for a name that is not the caller's export in this
// account: another user's export looks exactly like one that never existed.
var ErrNoExport = notFound("This export does not exist. Start a new export from the report.")

// load reads the caller's export.
func (x *Exports) load(ctx context.Context, p authz.Principal, name string) (exportRow, error) {
	e, err := scanExport(x.S.DB.QueryRow(ctx, `SELECT `+exportCols+` FROM export_jobs
		WHERE id = $1 AND account_id = $2 AND user_id = $3`, name, p.AccountID, p.UserID))
	if errors.Is(err, pgx.ErrNoRows) {
		return e, ErrNoExport
	}
	return e, err
}

// Status is getExportStatus (and initialExportProcess).
func (x *Exports) Status(ctx context.Context, p authz.Principal, name string) (ExportStatus, error) {
	e, err := x.load(ctx, p, name)
	if err != nil {
		return ExportStatus{}, err
	}
	return e.toStatus(time.Now()), nil
}

// List is the caller's exports in this account that can still be downloaded or are
// under way, newest first (at most 50).
func (x *Exports) List(ctx context.Context, p authz.Principal) (ExportList, error) {
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
func (x *Exports) Abort(ctx context.Context, p authz.Principal, name string) (ExportStatus, error) {
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
		return ExportStatus{}, conflict(fmt.Sprintf("This export has already %s; there is nothing to cancel.", finishedWord(e.status)))
	}
	if err := x.S.W.Kill(ctx, ExportQueryID(name)); err != nil {
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

// errExpired answers a download of an export past its expiry.
var errExpired = &Error{Code: CodeGone,
	Message: "This export has expired (files are kept for 7 days). Export the report again."}

// File is the path of the caller's finished, unexpired export.
func (x *Exports) File(ctx context.Context, p authz.Principal, name string) (string, error) {
	e, err := x.load(ctx, p, name)
	if err != nil {
		return "", err
	}
	switch {
	case !time.Now().Before(e.expires):
		return "", errExpired
	case e.status != ExportDone || e.path == nil:
		return "", conflict(fmt.Sprintf("This export is %s, not ready to download.", e.status))
	}
	return *e.path, nil
}

// readShare is the part of an export's percent its reading phase counts for: the
// server reads and sorts every row before it sends the first (at L, 1M rows: about
// 2.3 s of 6.8 s on a quiet machine), then the rows are written.
const readShare = 30.0

// toStatus computes percent and ETA from the row: while the server reads,
// readShare × its share of the rows read; then readShare plus the rest in
// proportion to the rows written. The time left assumes the rest goes at the pace
// so far (elapsed × (100 − p) / p); it is null (Unknown) until there is a pace.
func (e exportRow) toStatus(now time.Time) ExportStatus {
	s := ExportStatus{ReportName: e.name, Status: e.status, Rows: e.done, Error: e.errText, CreatedAt: e.created, ExpiresAt: e.expires}
	switch {
	case e.status == ExportDone:
		s.Percent = 100
		zero := 0.0
		s.ETASeconds = &zero
		return s
	case e.total != nil && *e.total > 0 && e.done > 0:
		s.Percent = readShare + (100-readShare)*math.Min(float64(e.done)/float64(*e.total), 1)
	case e.readTotal != nil && *e.readTotal > 0 && e.read > 0:
		s.Percent = readShare * math.Min(float64(e.read)/float64(*e.readTotal), 1)
	}
	if e.status == ExportRunning && e.started != nil && s.Percent > 0 {
		if el := now.Sub(*e.started).Seconds(); el > 0 {
			eta := el * (100 - s.Percent) / s.Percent
			s.ETASeconds = &eta
		}
	}
	return s
}

// DownloadLink gives a finished export a download token that needs no session: the
// link of a scheduled report too large to attach, for recipients who may have no
// account. Only the token's SHA-256 is stored; it opens this one file until the
// export expires (FileByToken).
func (x *Exports) DownloadLink(ctx context.Context, name string) (token string, err error) {
	b := make([]byte, 32)
	_, _ = rand.Read(b)
	token = hex.EncodeToString(b)
	tag, err := x.S.DB.Exec(ctx, `UPDATE export_jobs SET download_token_hash = $2 WHERE id = $1 AND status = 'done'`, name, tokenHash(token))
	if err == nil && tag.RowsAffected() == 0 {
		err = fmt.Errorf("export %s is not finished", name)
	}
	return token, err
}

func tokenHash(token string) string {
	h := sha256.Sum256([]byte(token))
	return hex.EncodeToString(h[:])
}

// errBadLink answers a download token that opens nothing.
var errBadLink = notFound("This download link is not valid. Ask the report's owner to send the report again.")

// FileByToken is the export file a download token opens (and the export's name).
func (x *Exports) FileByToken(ctx context.Context, token string) (path, name string, err error) {
	if len(token) != 64 || strings.Trim(token, "0123456789abcdef") != "" {
		return "", "", errBadLink
	}
	var expires time.Time
	var p *string
	err = x.S.DB.QueryRow(ctx, `SELECT id, file_path, expires_at FROM export_jobs WHERE download_token_hash = $1 AND status = 'done'`,
		tokenHash(token)).Scan(&name, &p, &expires)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return "", "", errBadLink
	case err != nil:
		return "", "", err
	case !time.Now().Before(expires) || p == nil:
		return "", "", errExpired
	}
	return *p, name, nil
}
