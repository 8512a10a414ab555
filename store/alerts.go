package store

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
)

// Alert is a competitor alert (spec: scheduled alert payload); report_id is its id.
type Alert struct {
	ReportID      int64    `json:"report_id"`
	LabelName     string   `json:"label_name"`
	Frequency     int16    `json:"frequency"`
	CompetitorIDs []int64  `json:"competitorsIds"`
	EmailIDs      []string `json:"email_ids"`
	UserIDs       []int64  `json:"user_ids"`
}

const alertCols = `id, label_name, frequency, competitor_ids, email_ids, user_ids`

func scanAlert(row pgx.Row) (Alert, error) {
	var al Alert
	err := row.Scan(&al.ReportID, &al.LabelName, &al.Frequency, &al.CompetitorIDs, &al.EmailIDs, &al.UserIDs)
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

// SaveAlert creates an alert, or updates the account's alert al.ReportID when set.
func (s *Store) SaveAlert(ctx context.Context, a Actor, al Alert) (Alert, error) {
	var out Alert
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		var err error
		if al.ReportID > 0 {
			out, err = scanAlert(tx.QueryRow(ctx, `UPDATE alerts SET label_name = $3, frequency = $4, competitor_ids = $5, email_ids = $6, user_ids = $7
				WHERE id = $1 AND account_id = $2 RETURNING `+alertCols, al.ReportID, a.AccountID, al.LabelName, al.Frequency,
				al.CompetitorIDs, al.EmailIDs, al.UserIDs))
		} else {
			out, err = scanAlert(tx.QueryRow(ctx, `INSERT INTO alerts (account_id, label_name, frequency, competitor_ids, email_ids, user_ids, created_by)
				VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING `+alertCols, a.AccountID, al.LabelName, al.Frequency,
				al.CompetitorIDs, al.EmailIDs, al.UserIDs, a.UserID))
		}
		if err != nil {
			return err
		}
		return audit(ctx, tx, a, "save", "alert", out.ReportID, map[string]any{"label_name": al.LabelName})
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
