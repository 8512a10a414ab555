package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"

	"pricelens/jobs/kinds"
)

// DropReport is what a downstream drop (docs/exports.md) needs of a saved report: its
// stored condition (every row it matches), and whose rows they are (the owner's category
// access in the report's account; none left means every category).
type DropReport struct {
	ID, AccountID, UserID int64
	Name                  string
	Condition             json.RawMessage
	Categories            []string
}

const dropReportCols = `r.id, r.account_id, coalesce(r.user_id, 0), r.report_name, r.condition, coalesce(m.categories, '{}')`

const dropReportFrom = ` FROM saved_reports r LEFT JOIN memberships m ON m.user_id = r.user_id AND m.account_id = r.account_id
	WHERE r.removed_at IS NULL`

func scanDropReports(rows pgx.Rows) ([]DropReport, error) {
	defer rows.Close()
	var out []DropReport
	for rows.Next() {
		var r DropReport
		if err := rows.Scan(&r.ID, &r.AccountID, &r.UserID, &r.Name, &r.Condition, &r.Categories); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// FindDropReport finds a live saved report by id or by exact name, in account
// accountID (0: any account; a name then has to be unambiguous).
func (s *Store) FindDropReport(ctx context.Context, accountID int64, ref string) (DropReport, error) {
	q := `SELECT ` + dropReportCols + dropReportFrom + ` AND ($1 = 0 OR r.account_id = $1)`
	var rows pgx.Rows
	var err error
	if id, perr := strconv.ParseInt(ref, 10, 64); perr == nil {
		rows, err = s.DB.Query(ctx, q+` AND r.id = $2`, accountID, id)
	} else {
		rows, err = s.DB.Query(ctx, q+` AND r.report_name = $2 ORDER BY r.id LIMIT 2`, accountID, ref)
	}
	if err != nil {
		return DropReport{}, err
	}
	list, err := scanDropReports(rows)
	switch {
	case err != nil:
		return DropReport{}, err
	case len(list) == 0 && accountID != 0:
		return DropReport{}, NotFound(fmt.Sprintf("no saved report %q in account %d", ref, accountID))
	case len(list) == 0:
		return DropReport{}, NotFound(fmt.Sprintf("no saved report %q", ref))
	case len(list) > 1:
		return DropReport{}, Invalid("report", fmt.Sprintf("several saved reports are named %q: give its id, or the account with --account", ref))
	}
	return list[0], nil
}

// DropReportRef is a saved report an export schedule can take, with its owner
// (a drop writes the rows its owner sees).
type DropReportRef struct {
	ID    int64
	Name  string
	Owner string // the owner's e-mail; "" when the owner is gone
}

// DropReportRefs lists the account's live saved reports, by name.
func (s *Store) DropReportRefs(ctx context.Context, accountID int64) ([]DropReportRef, error) {
	rows, err := s.DB.Query(ctx, `SELECT r.id, r.report_name, coalesce(u.email, '') FROM saved_reports r
		LEFT JOIN users u ON u.id = r.user_id WHERE r.account_id = $1 AND r.removed_at IS NULL ORDER BY lower(r.report_name), r.id`, accountID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[DropReportRef])
}

// DropReportByID is the live saved report id of account accountID.
func (s *Store) DropReportByID(ctx context.Context, accountID, id int64) (DropReport, error) {
	return s.FindDropReport(ctx, accountID, strconv.FormatInt(id, 10))
}

// DropSchedule is an export schedule: report ReportID written as Format into
// Directory on the cron expression Cron; NextDue is its next run. The Last
// fields are its last run (DropRun), zero before the first.
type DropSchedule struct {
	ID         int64
	AccountID  int64
	ReportID   int64
	ReportName string
	Cron       string
	Format     string
	Directory  string
	NextDue    time.Time
	Last       DropRun
}

// DropRun is how an export schedule's run went: Due is the run's due time, At
// when it started or ended, Status "running", "ok" or "failed" ("" never ran),
// Error the failure's message and Manifest the manifest of the drop written.
type DropRun struct {
	Due, At  *time.Time
	Status   string
	Error    string
	Manifest json.RawMessage
}

// Drop run statuses.
const (
	DropRunning = "running"
	DropOK      = "ok"
	DropFailed  = "failed"
)

const dropScheduleCols = `s.id, s.account_id, s.report_id, r.report_name, s.cron, s.format, s.directory, s.next_due,
	s.last_due, s.last_run_at, s.last_status, s.last_error, s.last_manifest`

func scanDropSchedule(row pgx.Row) (DropSchedule, error) {
	var d DropSchedule
	err := row.Scan(&d.ID, &d.AccountID, &d.ReportID, &d.ReportName, &d.Cron, &d.Format, &d.Directory, &d.NextDue,
		&d.Last.Due, &d.Last.At, &d.Last.Status, &d.Last.Error, &d.Last.Manifest)
	if errors.Is(err, pgx.ErrNoRows) {
		return d, NotFound("Export schedule not found")
	}
	return d, err
}

// AddDropSchedule stores an export schedule of a live report of the account; the
// caller has checked the cron expression, format and directory and computed the
// first run.
func (s *Store) AddDropSchedule(ctx context.Context, a Actor, d DropSchedule) (DropSchedule, error) {
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		var err error
		d, err = scanDropSchedule(tx.QueryRow(ctx, `WITH s AS (
			INSERT INTO drop_schedules (account_id, report_id, cron, format, directory, next_due, created_by)
			SELECT account_id, id, $3, $4, $5, $6, nullif($7::bigint, 0) FROM saved_reports WHERE id = $2 AND account_id = $1 AND removed_at IS NULL
			RETURNING *) SELECT `+dropScheduleCols+` FROM s JOIN saved_reports r ON r.id = s.report_id`,
			a.AccountID, d.ReportID, d.Cron, d.Format, d.Directory, d.NextDue, a.UserID))
		if err != nil {
			var se *Error
			if errors.As(err, &se) && se.Kind == KindNotFound {
				return NotFound("Report not found")
			}
			return err
		}
		return audit(ctx, tx, a, "create", "drop_schedule", d.ID, map[string]any{"report_id": d.ReportID, "cron": d.Cron, "format": d.Format, "directory": d.Directory})
	})
	return d, err
}

// DropSchedules lists the account's export schedules (every account's with 0).
func (s *Store) DropSchedules(ctx context.Context, accountID int64) ([]DropSchedule, error) {
	rows, err := s.DB.Query(ctx, `SELECT `+dropScheduleCols+` FROM drop_schedules s JOIN saved_reports r ON r.id = s.report_id
		WHERE $1 = 0 OR s.account_id = $1 ORDER BY s.id`, accountID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []DropSchedule{}
	for rows.Next() {
		d, err := scanDropSchedule(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, d)
	}
	return out, rows.Err()
}

// DropScheduleByID is the export schedule id (of any account: the job's read).
func (s *Store) DropScheduleByID(ctx context.Context, id int64) (DropSchedule, error) {
	return scanDropSchedule(s.DB.QueryRow(ctx, `SELECT `+dropScheduleCols+` FROM drop_schedules s
		JOIN saved_reports r ON r.id = s.report_id WHERE s.id = $1`, id))
}

// RemoveDropSchedule deletes an export schedule of the account (0: any account).
func (s *Store) RemoveDropSchedule(ctx context.Context, a Actor, id int64) error {
	return s.inTx(ctx, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `DELETE FROM drop_schedules WHERE id = $1 AND ($2 = 0 OR account_id = $2)`, id, a.AccountID)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return NotFound("Export schedule not found")
		}
		return audit(ctx, tx, a, "remove", "drop_schedule", id, nil)
	})
}

// RecordDropRun records how the run of schedule id due at due went (the drop
// job, at its start and its end). A schedule removed since records nothing.
func (s *Store) RecordDropRun(ctx context.Context, id int64, run DropRun) error {
	_, err := s.DB.Exec(ctx, `UPDATE drop_schedules SET last_due = $2, last_run_at = $3, last_status = $4,
		last_error = $5, last_manifest = $6 WHERE id = $1`, id, run.Due, run.At, run.Status, run.Error, run.Manifest)
	return err
}

// QueueDueDrops queues a drop job for each export schedule due at now (next_due
// passed) and moves its next_due to next(cron, now), in one transaction. Rows are
// locked (SKIP LOCKED), so two servers ticking at once queue each run once; the
// drop job's unique (schedule, due) arguments make a repeated run a no-op too. It
// returns how many drops it queued.
func (s *Store) QueueDueDrops(ctx context.Context, now time.Time, next func(cron string, after time.Time) (time.Time, error)) (int, error) {
	n := 0
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `SELECT id, cron, next_due FROM drop_schedules WHERE next_due <= $1
			ORDER BY next_due FOR UPDATE SKIP LOCKED`, now)
		if err != nil {
			return err
		}
		type due struct {
			id   int64
			cron string
			at   time.Time
		}
		var list []due
		for rows.Next() {
			var d due
			if err := rows.Scan(&d.id, &d.cron, &d.at); err != nil {
				rows.Close()
				return err
			}
			list = append(list, d)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		for _, d := range list {
			if err := kinds.InsertTx(ctx, tx, kinds.Drop{ScheduleID: d.id, Due: d.at.UTC()}); err != nil {
				return err
			}
			at, err := next(d.cron, now)
			if err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `UPDATE drop_schedules SET next_due = $2 WHERE id = $1`, d.id, at); err != nil {
				return err
			}
			n++
		}
		return nil
	})
	return n, err
}
