package store

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"
)

// ErrSaveAsGone is the answer when a removed shared report can no longer be copied.
var ErrSaveAsGone = &Error{Kind: KindNotFound, Message: "Save As is no longer available for this share report", Code: "save_as_unavailable"}

// SaveRemovedShareAs is Save As on a shared report that its owner removed
// (docs/product.md §2: "This share report is no longer available" offers Save As): the
// removed report's saved state becomes a new report of the actor named name. It
// stays available until the report's expiry (two months after it is 30 days old,
// withAge); a share link of a report that is still live, or of another account,
// or past the expiry, gives ErrSaveAsGone.
func (s *Store) SaveRemovedShareAs(ctx context.Context, a Actor, token, name string, folderID int64) (Report, error) {
	var rid *int64
	err := s.DB.QueryRow(ctx, `SELECT report_id FROM share_links WHERE id = $1 AND account_id = $2`, token, a.AccountID).Scan(&rid)
	if errors.Is(err, pgx.ErrNoRows) || (err == nil && rid == nil) {
		return Report{}, ErrSaveAsGone
	}
	if err != nil {
		return Report{}, err
	}
	r, err := scanReport(s.DB.QueryRow(ctx, `SELECT `+reportCols+` FROM saved_reports
		WHERE id = $1 AND account_id = $2 AND removed_at IS NOT NULL`, *rid, a.AccountID))
	var se *Error
	if errors.As(err, &se) {
		return Report{}, ErrSaveAsGone
	}
	if err != nil {
		return Report{}, err
	}
	if time.Now().After(withAge(r).ExpiresAt) {
		return Report{}, ErrSaveAsGone
	}
	return s.CreateReport(ctx, a, ReportFields{ReportName: name, ReportType: r.ReportType, ReportPath: r.ReportPath,
		PageTitle: r.PageTitle, DistributionWeightsCF: r.DistributionWeightsCF, CompareTo: r.CompareTo, Filters: r.Filters,
		Ordering: r.Ordering, VisibleColumns: r.VisibleColumns, ColumnsIndex: r.ColumnsIndex, GroupMode: r.GroupMode,
		CompetitorsVisibility: r.CompetitorsVisibility, SelectedRows: r.SelectedRows, Dates: r.Dates,
		ComparisonValues: r.ComparisonValues, Condition: r.Condition, FolderID: folderID, Chart: r.Chart})
}
