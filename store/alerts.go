package store

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"
)

// Alert is a price alert: it watches competitors' prices over the products of a
// saved report (SavedReportID) or of a label (LabelID), or every product of the
// account when it has neither, and mails the
// changes daily or weekly (Frequency 0 or 1) over the last DateFilter days, or
// since its last mail when SinceLastNotice (jobs: evaluate_alert).
type Alert struct {
	ID              int64
	SavedReportID   int64
	LabelID         int64  // the label it watches (0: none)
	LabelName       string // the alert's own name (label_name on the wire)
	Frequency       int16
	DateFilter      int16
	SinceLastNotice bool
	CompetitorIDs   []int64
	EmailIDs        []string
	UserIDs         []int64
	LastNotifiedAt  *time.Time
}

// AlertDateFilters are the alert report date filters of the spec in days: Last
// day, 7, 14, 30, 60 and 180 days.
var AlertDateFilters = []int16{1, 7, 14, 30, 60, 180}

const alertCols = `id, coalesce(saved_report_id, 0), coalesce(label_id, 0), label_name, frequency, date_filter, since_last_notice,
	competitor_ids, email_ids, user_ids, last_notified_at`

func scanAlert(row pgx.Row) (Alert, error) {
	var al Alert
	err := row.Scan(&al.ID, &al.SavedReportID, &al.LabelID, &al.LabelName, &al.Frequency, &al.DateFilter, &al.SinceLastNotice,
		&al.CompetitorIDs, &al.EmailIDs, &al.UserIDs, &al.LastNotifiedAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return al, NotFound("Alert not found")
	}
	return al, err
}

// Alerts lists an account's alerts.
func (s *Store) Alerts(ctx context.Context, accountID int64) ([]Alert, error) {
	rows, err := s.DB.Query(ctx, `SELECT `+alertCols+` FROM alerts WHERE account_id = $1 ORDER BY id`, accountID)
	if err != nil {
		return nil, err
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (Alert, error) { return scanAlert(r) })
	if out == nil {
		out = []Alert{}
	}
	return out, err
}

// SaveAlert creates an alert, or updates the account's alert al.ID when set. The
// saved report it watches must be a live report of the account, the label a
// label of the account; not both.
func (s *Store) SaveAlert(ctx context.Context, a Actor, al Alert) (Alert, error) {
	var out Alert
	var report, label *int64
	if al.SavedReportID > 0 {
		report = &al.SavedReportID
	}
	if al.LabelID > 0 {
		label = &al.LabelID
	}
	if report != nil && label != nil {
		return out, Invalid("label_id", "An alert watches a report or a label, not both.")
	}
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		if label != nil {
			var ok bool
			if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM labels WHERE id = $1 AND account_id = $2)`,
				*label, a.AccountID).Scan(&ok); err != nil {
				return err
			}
			if !ok {
				return NotFound("Label not found")
			}
		}
		if report != nil {
			var ok bool
			if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM saved_reports WHERE id = $1 AND account_id = $2 AND removed_at IS NULL)`,
				*report, a.AccountID).Scan(&ok); err != nil {
				return err
			}
			if !ok {
				return NotFound("Report not found")
			}
		}
		var err error
		if al.ID > 0 {
			out, err = scanAlert(tx.QueryRow(ctx, `UPDATE alerts SET saved_report_id = $3, label_name = $4, frequency = $5,
				date_filter = $6, since_last_notice = $7, competitor_ids = $8, email_ids = $9, user_ids = $10, label_id = $11
				WHERE id = $1 AND account_id = $2 RETURNING `+alertCols, al.ID, a.AccountID, report, al.LabelName, al.Frequency,
				al.DateFilter, al.SinceLastNotice, al.CompetitorIDs, al.EmailIDs, al.UserIDs, label))
		} else {
			out, err = scanAlert(tx.QueryRow(ctx, `INSERT INTO alerts (account_id, saved_report_id, label_name, frequency,
				date_filter, since_last_notice, competitor_ids, email_ids, user_ids, created_by, label_id)
				VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING `+alertCols, a.AccountID, report, al.LabelName,
				al.Frequency, al.DateFilter, al.SinceLastNotice, al.CompetitorIDs, al.EmailIDs, al.UserIDs, a.UserID, label))
		}
		if err != nil {
			return err
		}
		return audit(ctx, tx, a, "save", "alert", out.ID, map[string]any{"label_name": al.LabelName, "saved_report_id": al.SavedReportID,
			"label_id": al.LabelID})
	})
	return out, err
}

// RemoveAlert deletes an account's alert.
func (s *Store) RemoveAlert(ctx context.Context, a Actor, id int64) error {
	return s.inTx(ctx, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `DELETE FROM alerts WHERE id = $1 AND account_id = $2`, id, a.AccountID)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return NotFound("Alert not found")
		}
		return audit(ctx, tx, a, "delete", "alert", id, nil)
	})
}

// AlertDue is an alert as the periodic enqueuer sees it: how often it runs and
// the last period it was evaluated for.
type AlertDue struct {
	ID              int64
	Frequency       int16
	EvaluatedPeriod string
	Timezone        string // the account's setting "timezone" ("" is UTC; see Location)
}

// AlertsDue lists every account's alerts, for the periodic job that queues their
// evaluations.
func (s *Store) AlertsDue(ctx context.Context) ([]AlertDue, error) {
	rows, err := s.DB.Query(ctx, `SELECT al.id, al.frequency, al.evaluated_period, coalesce(a.settings->>'timezone', '')
		FROM alerts al JOIN accounts a ON a.id = al.account_id ORDER BY al.id`)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[AlertDue])
}

// AlertTarget is what evaluating an alert needs besides the alert: its account
// and the account's time zone, the category access of the user who made it, the
// saved report or label it watches and the addresses it goes to (its external
// addresses and its users' e-mails).
type AlertTarget struct {
	Alert
	AccountID       int64
	Timezone        string // the account's setting "timezone" ("" is UTC; see Location)
	EvaluatedPeriod string // the last period evaluated
	Categories      []string
	ReportName      string
	WatchedLabel    string          // the name of the label it watches
	Condition       json.RawMessage // the saved report's grid condition; {} without one
	Recipients      []string
}

// AlertTarget reads an alert for its evaluation; a removed alert is NotFound. A
// removed saved report ends its alerts (ON DELETE CASCADE) only when the row goes;
// one merely marked removed is NotFound too, so nothing is mailed for it.
func (s *Store) AlertTarget(ctx context.Context, id int64) (AlertTarget, error) {
	var t AlertTarget
	var removed bool
	err := s.DB.QueryRow(ctx, `SELECT al.account_id, coalesce(ac.settings->>'timezone', ''), al.evaluated_period,
			coalesce(m.categories, '{}'), coalesce(r.report_name, ''), coalesce(l.name, ''),
			coalesce(r.condition, '{}'::jsonb), r.removed_at IS NOT NULL,
			array(SELECT DISTINCT e FROM (SELECT unnest(al.email_ids) AS e UNION
				SELECT u.email FROM users u JOIN memberships um ON um.user_id = u.id AND um.account_id = al.account_id AND NOT um.blocked
				WHERE u.id = ANY(al.user_ids)) x ORDER BY e)
		FROM alerts al JOIN accounts ac ON ac.id = al.account_id
		LEFT JOIN labels l ON l.id = al.label_id AND l.account_id = al.account_id
		LEFT JOIN memberships m ON m.user_id = al.created_by AND m.account_id = al.account_id
		LEFT JOIN saved_reports r ON r.id = al.saved_report_id AND r.account_id = al.account_id
		WHERE al.id = $1`, id).Scan(&t.AccountID, &t.Timezone, &t.EvaluatedPeriod, &t.Categories, &t.ReportName, &t.WatchedLabel,
		&t.Condition, &removed, &t.Recipients)
	if errors.Is(err, pgx.ErrNoRows) || removed {
		return t, NotFound("Alert not found")
	}
	if err != nil {
		return t, err
	}
	t.Alert, err = scanAlert(s.DB.QueryRow(ctx, `SELECT `+alertCols+` FROM alerts WHERE id = $1 AND account_id = $2`, id, t.AccountID))
	return t, err
}

// FinishAlert records an alert's evaluation for period and, when m is not nil,
// queues its mail and moves last_notified_at to at (the end of the period the
// mail covers), all in one transaction that first claims the period. It reports
// whether it claimed it: false when the period was already evaluated (by another
// run, which may have waited on the row's lock), and then nothing is queued.
func (s *Store) FinishAlert(ctx context.Context, t AlertTarget, period string, at time.Time, m *Mail) (bool, error) {
	a := Actor{AccountID: t.AccountID}
	claimed := false
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `UPDATE alerts SET evaluated_period = $3,
				last_notified_at = CASE WHEN $4 THEN $5 ELSE last_notified_at END
			WHERE id = $1 AND account_id = $2 AND evaluated_period <> $3`, t.ID, t.AccountID, period, m != nil, at)
		if err != nil || tag.RowsAffected() == 0 {
			return err
		}
		claimed = true
		if m == nil {
			return nil
		}
		id, err := queueMail(ctx, tx, a, *m)
		if err != nil {
			return err
		}
		return audit(ctx, tx, a, "notify", "alert", t.ID, map[string]any{"mail_id": id, "recipients": m.Recipients, "period": period})
	})
	return claimed && err == nil, err
}

// CustomReport is an embedded BI report or dashboard of an account.
type CustomReport struct {
	ID         int64  `json:"id"`
	Name       string `json:"name"`
	ReportType int16  `json:"report_type"`
	EmbedURL   string `json:"-"`
}

// CustomReports lists an account's custom reports.
func (s *Store) CustomReports(ctx context.Context, accountID int64) ([]CustomReport, error) {
	rows, err := s.DB.Query(ctx, `SELECT id, name, report_type, embed_url FROM custom_reports WHERE account_id = $1 ORDER BY name, id`, accountID)
	if err != nil {
		return nil, err
	}
	out, err := pgx.CollectRows(rows, pgx.RowToStructByPos[CustomReport])
	if out == nil {
		out = []CustomReport{}
	}
	return out, err
}

// CustomReport returns one of an account's custom reports.
func (s *Store) CustomReport(ctx context.Context, accountID, id int64) (CustomReport, error) {
	var r CustomReport
	err := s.DB.QueryRow(ctx, `SELECT id, name, report_type, embed_url FROM custom_reports WHERE id = $1 AND account_id = $2`, id, accountID).
		Scan(&r.ID, &r.Name, &r.ReportType, &r.EmbedURL)
	if errors.Is(err, pgx.ErrNoRows) {
		return r, NotFound("Report not found")
	}
	return r, err
}
