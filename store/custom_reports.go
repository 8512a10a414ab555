package store

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
)

// CustomReportFields are what an administrator sets on a custom report; a nil
// field keeps its value (updates).
type CustomReportFields struct {
	Name       *string
	ReportType *int16
	EmbedURL   *string
}

// CreateCustomReport adds a custom report to the actor's account (audited).
func (s *Store) CreateCustomReport(ctx context.Context, a Actor, f CustomReportFields) (CustomReport, error) {
	var r CustomReport
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		var typ int16
		if f.ReportType != nil {
			typ = *f.ReportType
		}
		err := tx.QueryRow(ctx, `INSERT INTO custom_reports (account_id, name, report_type, embed_url) VALUES ($1, $2, $3, $4)
			RETURNING id, name, report_type, embed_url`, a.AccountID, deref(f.Name), typ, deref(f.EmbedURL)).
			Scan(&r.ID, &r.Name, &r.ReportType, &r.EmbedURL)
		if err != nil {
			return err
		}
		return audit(ctx, tx, a, "create", "custom_report", r.ID, map[string]any{"name": r.Name, "report_type": r.ReportType, "embed_url": r.EmbedURL})
	})
	return r, err
}

// UpdateCustomReport changes the set fields of one of the account's custom reports (audited).
func (s *Store) UpdateCustomReport(ctx context.Context, a Actor, id int64, f CustomReportFields) (CustomReport, error) {
	var r CustomReport
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		err := tx.QueryRow(ctx, `UPDATE custom_reports SET name = coalesce($3, name), report_type = coalesce($4, report_type),
			embed_url = coalesce($5, embed_url) WHERE id = $1 AND account_id = $2
			RETURNING id, name, report_type, embed_url`, id, a.AccountID, f.Name, f.ReportType, f.EmbedURL).
			Scan(&r.ID, &r.Name, &r.ReportType, &r.EmbedURL)
		if errors.Is(err, pgx.ErrNoRows) {
			return NotFound("Report not found")
		}
		if err != nil {
			return err
		}
		return audit(ctx, tx, a, "update", "custom_report", r.ID, map[string]any{"name": r.Name, "report_type": r.ReportType, "embed_url": r.EmbedURL})
	})
	return r, err
}

// DeleteCustomReport removes one of the account's custom reports (audited).
func (s *Store) DeleteCustomReport(ctx context.Context, a Actor, id int64) error {
	return s.inTx(ctx, func(tx pgx.Tx) error {
		var name string
		err := tx.QueryRow(ctx, `DELETE FROM custom_reports WHERE id = $1 AND account_id = $2 RETURNING name`, id, a.AccountID).Scan(&name)
		if errors.Is(err, pgx.ErrNoRows) {
			return NotFound("Report not found")
		}
		if err != nil {
			return err
		}
		return audit(ctx, tx, a, "delete", "custom_report", id, map[string]any{"name": name})
	})
}
