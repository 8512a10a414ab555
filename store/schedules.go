package store

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
)

// ScheduledReport is a saved report with a weekday schedule, as the schedule job
// sees it: across accounts, with its account's time zone and its owner's access.
type ScheduledReport struct {
	ID, AccountID, UserID int64
	Name                  string
	Days                  string          // "1,3": weekdays 0 (Sunday) to 6
	Timezone              string          // the account's setting "timezone"; "" is UTC
	Condition             json.RawMessage // the saved grid condition
	ReportType            string
	Categories            []string   // the owner's category access in the account
	LastRun               *time.Time // the last local day it was mailed on
}

// OnWeekday reports whether the schedule includes the weekday.
func (r ScheduledReport) OnWeekday(d time.Weekday) bool {
	for _, s := range strings.Split(r.Days, ",") {
		if n, err := strconv.Atoi(strings.TrimSpace(s)); err == nil && n == int(d) {
			return true
		}
	}
	return false
}

// Location is the account's time zone (see Location).
func (r ScheduledReport) Location() *time.Location { return Location(r.Timezone) }

// scheduledCols read a live scheduled report whose owner is still an unblocked
// member of its account (a report of someone who left is not mailed).
const scheduledCols = `SELECT r.id, r.account_id, r.user_id, r.report_name, r.scheduled_days,
	coalesce(a.settings->>'timezone', ''), r.condition, r.report_type, m.categories,
	(SELECT max(local_date) FROM scheduled_report_runs x WHERE x.report_id = r.id)
	FROM saved_reports r JOIN accounts a ON a.id = r.account_id
	JOIN memberships m ON m.account_id = r.account_id AND m.user_id = r.user_id AND NOT m.blocked
	WHERE r.removed_at IS NULL AND r.scheduled_days <> ''`

func scanScheduled(row pgx.CollectableRow) (ScheduledReport, error) {
	var r ScheduledReport
	err := row.Scan(&r.ID, &r.AccountID, &r.UserID, &r.Name, &r.Days, &r.Timezone, &r.Condition, &r.ReportType, &r.Categories, &r.LastRun)
	return r, err
}

// ScheduledReports lists every scheduled report of every account (the schedule tick).
func (s *Store) ScheduledReports(ctx context.Context) ([]ScheduledReport, error) {
	rows, err := s.DB.Query(ctx, scheduledCols+` ORDER BY r.id`)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, scanScheduled)
}

// ScheduledReportFor returns a report if it is scheduled on the weekday of day;
// found is false when it is not (removed, disabled, another weekday, its owner gone).
func (s *Store) ScheduledReportFor(ctx context.Context, id int64, day time.Time) (r ScheduledReport, found bool, err error) {
	rows, err := s.DB.Query(ctx, scheduledCols+` AND r.id = $1`, id)
	if err != nil {
		return r, false, err
	}
	r, err = pgx.CollectExactlyOneRow(rows, scanScheduled)
	if errors.Is(err, pgx.ErrNoRows) {
		return r, false, nil
	}
	return r, err == nil && r.OnWeekday(day.Weekday()), err
}

// ErrNotScheduled is QueueScheduledReport's answer when the report is not (or no
// longer) to be mailed that day: disabled, changed, removed or already sent.
var ErrNotScheduled = errors.New("the report is not scheduled for that day, or was already sent")

// QueueScheduledReport records the day's run of a report and queues its mail,
// once. In one transaction it locks the report, checks that it is still scheduled
// on the day's weekday (so a schedule disabled while the CSV was written stops
// here), inserts the run (a second run for the day finds it: ErrNotScheduled),
// resolves the recipients (the user recipients' addresses, if still members, and
// the other addresses) and queues the mail compose builds for them.
func (s *Store) QueueScheduledReport(ctx context.Context, id int64, day time.Time, exportID string,
	compose func(r ScheduledReport, recipients []string) Mail) error {
	return s.inTx(ctx, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, scheduledCols+` AND r.id = $1 FOR SHARE OF r`, id)
		if err != nil {
			return err
		}
		r, err := pgx.CollectExactlyOneRow(rows, scanScheduled)
		if errors.Is(err, pgx.ErrNoRows) || (err == nil && !r.OnWeekday(day.Weekday())) {
			return ErrNotScheduled
		}
		if err != nil {
			return err
		}
		date := day.Format(time.DateOnly)
		tag, err := tx.Exec(ctx, `INSERT INTO scheduled_report_runs (report_id, local_date, account_id, export_id)
			VALUES ($1, $2, $3, nullif($4, '')) ON CONFLICT DO NOTHING`, id, date, r.AccountID, exportID)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return ErrNotScheduled
		}
		var to []string
		if err := tx.QueryRow(ctx, `SELECT coalesce(array_agg(DISTINCT e), '{}') FROM (
			SELECT u.email AS e FROM saved_reports r, unnest(r.user_ids) uid
				JOIN memberships m ON m.user_id = uid AND NOT m.blocked JOIN users u ON u.id = uid
				WHERE r.id = $1 AND m.account_id = r.account_id
			UNION SELECT unnest(email_ids) FROM saved_reports WHERE id = $1) x`, id).Scan(&to); err != nil {
			return err
		}
		if len(to) == 0 {
			return nil // the run is recorded: nobody to mail today
		}
		a := Actor{AccountID: r.AccountID, UserID: r.UserID}
		mailID, err := queueMail(ctx, tx, a, compose(r, to))
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE scheduled_report_runs SET mail_id = $3 WHERE report_id = $1 AND local_date = $2`, id, date, mailID); err != nil {
			return err
		}
		return audit(ctx, tx, a, "send_scheduled", "saved_report", id, map[string]any{"date": date, "recipients": to})
	})
}
