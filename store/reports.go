package store

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"
)

// ReportSummary is what the list of saved reports (getAllSaveReports) shows of a
// report: everything but the saved grid state, which can be large and which the
// browser fetches with getSaveReport when it opens the report.
type ReportSummary struct {
	ID                    int64     `json:"id"`
	UserID                *int64    `json:"user_id"`
	ReportName            string    `json:"report_name"`
	ReportType            string    `json:"report_type"`
	ReportPath            string    `json:"report_path"`
	PageTitle             string    `json:"page_title"`
	DistributionWeightsCF string    `json:"distribution_weights_cf"`
	FolderID              int64     `json:"folder_id"` // -1: none
	ScheduledDays         string    `json:"scheduled_days"`
	EmailIDs              []string  `json:"email_ids"`
	UserIDs               []int64   `json:"user_ids"`
	Share                 int16     `json:"share"`
	Chart                 bool      `json:"chart"`
	CompareTo             string    `json:"compareTo"`
	ConstantReport        bool      `json:"constantReport"`
	WhenAdded             time.Time `json:"when_added"`
	UpdatedAt             time.Time `json:"updated_at"`
	IsOld                 bool      `json:"is_old"`
	ExpiresAt             time.Time `json:"expires_at"`
	ReadOnly              bool      `json:"read_only"`
}

// Report is a saved report (docs/product.md §3) as the API shows it: the summary and the
// saved grid state.
type Report struct {
	ReportSummary
	Filters               json.RawMessage `json:"filters"`
	Ordering              json.RawMessage `json:"ordering"`
	VisibleColumns        json.RawMessage `json:"visible_columns"`
	ColumnsIndex          json.RawMessage `json:"columns_index"`
	GroupMode             json.RawMessage `json:"group_mode"`
	CompetitorsVisibility json.RawMessage `json:"competitors_visibility"`
	SelectedRows          json.RawMessage `json:"selected_rows"`
	Dates                 json.RawMessage `json:"dates"`
	ComparisonValues      json.RawMessage `json:"comparisonValues"`
	Condition             json.RawMessage `json:"condition"`
}

// ReportFields are the fields a client sets when saving a report.
type ReportFields struct {
	ReportName, ReportType, ReportPath, PageTitle, DistributionWeightsCF, CompareTo   string
	Filters, Ordering, VisibleColumns, ColumnsIndex, GroupMode, CompetitorsVisibility json.RawMessage
	SelectedRows, Dates, ComparisonValues, Condition                                  json.RawMessage
	FolderID                                                                          int64 // -1 or 0: none
	Chart, ConstantReport                                                             bool
}

// Report age (docs/product.md §4): old at 30 days since when_added; expiry two months later.
const reportOldAfter = 30 * 24 * time.Hour

func withAge(r Report) Report {
	old := r.WhenAdded.Add(reportOldAfter)
	r.IsOld = time.Now().After(old) || time.Now().Equal(old)
	r.ExpiresAt = old.AddDate(0, 2, 0)
	return r
}

const reportCols = `id, user_id, report_name, report_type, report_path, page_title, filters, ordering, visible_columns,
	columns_index, group_mode, competitors_visibility, distribution_weights_cf, coalesce(folder_id, -1), scheduled_days,
	email_ids, user_ids, share, chart, selected_rows, dates, compare_to, comparison_values, constant_report, condition,
	when_added, updated_at`

func scanReport(row pgx.Row) (Report, error) {
	var r Report
	err := row.Scan(&r.ID, &r.UserID, &r.ReportName, &r.ReportType, &r.ReportPath, &r.PageTitle, &r.Filters, &r.Ordering,
		&r.VisibleColumns, &r.ColumnsIndex, &r.GroupMode, &r.CompetitorsVisibility, &r.DistributionWeightsCF, &r.FolderID,
		&r.ScheduledDays, &r.EmailIDs, &r.UserIDs, &r.Share, &r.Chart, &r.SelectedRows, &r.Dates, &r.CompareTo,
		&r.ComparisonValues, &r.ConstantReport, &r.Condition, &r.WhenAdded, &r.UpdatedAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return r, NotFound("Report not found")
	}
	return withAge(r), err
}

func orJSON(r json.RawMessage, def string) []byte {
	if len(r) == 0 || string(r) == "null" {
		return []byte(def)
	}
	return r
}

func folderArg(id int64) *int64 {
	if id <= 0 {
		return nil
	}
	return &id
}

// checkFolder verifies the folder is one of the user's scenarios in the account.
func checkFolder(ctx context.Context, tx pgx.Tx, a Actor, folder int64) error {
	if folder <= 0 {
		return nil
	}
	var ok bool
	if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM scenarios WHERE id = $1 AND account_id = $2 AND user_id = $3)`,
		folder, a.AccountID, a.UserID).Scan(&ok); err != nil {
		return err
	}
	if !ok {
		return Invalid("folder_id", "Scenario not found")
	}
	return nil
}

// CreateReport saves a new report of the actor in the account.
func (s *Store) CreateReport(ctx context.Context, a Actor, f ReportFields) (Report, error) {
	var r Report
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		if err := checkFolder(ctx, tx, a, f.FolderID); err != nil {
			return err
		}
		var err error
		r, err = scanReport(tx.QueryRow(ctx, `INSERT INTO saved_reports (account_id, user_id, report_name, report_type, report_path,
			page_title, filters, ordering, visible_columns, columns_index, group_mode, competitors_visibility,
			distribution_weights_cf, folder_id, chart, selected_rows, dates, compare_to, comparison_values, constant_report, condition)
			VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20,$21) RETURNING `+reportCols,
			a.AccountID, a.UserID, f.ReportName, f.ReportType, f.ReportPath, f.PageTitle, orJSON(f.Filters, "{}"),
			orJSON(f.Ordering, "[]"), orJSON(f.VisibleColumns, "[]"), orJSON(f.ColumnsIndex, "[]"), orJSON(f.GroupMode, "[]"),
			orJSON(f.CompetitorsVisibility, "[]"), f.DistributionWeightsCF, folderArg(f.FolderID), f.Chart,
			orJSON(f.SelectedRows, "[]"), orJSON(f.Dates, "{}"), f.CompareTo, orJSON(f.ComparisonValues, "[]"),
			f.ConstantReport, orJSON(f.Condition, "{}")))
		if err != nil {
			return err
		}
		return audit(ctx, tx, a, "create", "saved_report", r.ID, map[string]any{"name": f.ReportName})
	})
	return r, err
}

// OwnReport returns a live report of the actor in the account.
func (s *Store) OwnReport(ctx context.Context, a Actor, id int64) (Report, error) {
	return scanReport(s.DB.QueryRow(ctx, `SELECT `+reportCols+` FROM saved_reports
		WHERE id = $1 AND account_id = $2 AND user_id = $3 AND removed_at IS NULL`, id, a.AccountID, a.UserID))
}

// OwnReports lists the actor's live reports in the account, newest first, as
// summaries.
func (s *Store) OwnReports(ctx context.Context, a Actor) ([]ReportSummary, error) {
	rows, err := s.DB.Query(ctx, `SELECT id, user_id, report_name, report_type, report_path, page_title,
		distribution_weights_cf, coalesce(folder_id, -1), scheduled_days, email_ids, user_ids, share, chart, compare_to,
		constant_report, when_added, updated_at FROM saved_reports
		WHERE account_id = $1 AND user_id = $2 AND removed_at IS NULL ORDER BY when_added DESC, id DESC`, a.AccountID, a.UserID)
	if err != nil {
		return nil, err
	}
	out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (ReportSummary, error) {
		var r Report
		err := row.Scan(&r.ID, &r.UserID, &r.ReportName, &r.ReportType, &r.ReportPath, &r.PageTitle, &r.DistributionWeightsCF,
			&r.FolderID, &r.ScheduledDays, &r.EmailIDs, &r.UserIDs, &r.Share, &r.Chart, &r.CompareTo, &r.ConstantReport,
			&r.WhenAdded, &r.UpdatedAt)
		return withAge(r).ReportSummary, err
	})
	if out == nil {
		out = []ReportSummary{}
	}
	return out, err
}

// UpdateReport replaces the saved fields of the actor's report.
func (s *Store) UpdateReport(ctx context.Context, a Actor, id int64, f ReportFields) (Report, error) {
	var r Report
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		if err := checkFolder(ctx, tx, a, f.FolderID); err != nil {
			return err
		}
		var err error
		r, err = scanReport(tx.QueryRow(ctx, `UPDATE saved_reports SET report_name = $4, report_type = $5, report_path = $6,
			page_title = $7, filters = $8, ordering = $9, visible_columns = $10, columns_index = $11, group_mode = $12,
			competitors_visibility = $13, distribution_weights_cf = $14, folder_id = $15, chart = $16, selected_rows = $17,
			dates = $18, compare_to = $19, comparison_values = $20, condition = $21, updated_at = now()
			WHERE id = $1 AND account_id = $2 AND user_id = $3 AND removed_at IS NULL RETURNING `+reportCols,
			id, a.AccountID, a.UserID, f.ReportName, f.ReportType, f.ReportPath, f.PageTitle, orJSON(f.Filters, "{}"),
			orJSON(f.Ordering, "[]"), orJSON(f.VisibleColumns, "[]"), orJSON(f.ColumnsIndex, "[]"), orJSON(f.GroupMode, "[]"),
			orJSON(f.CompetitorsVisibility, "[]"), f.DistributionWeightsCF, folderArg(f.FolderID), f.Chart,
			orJSON(f.SelectedRows, "[]"), orJSON(f.Dates, "{}"), f.CompareTo, orJSON(f.ComparisonValues, "[]"), orJSON(f.Condition, "{}")))
		if err != nil {
			return err
		}
		return audit(ctx, tx, a, "update", "saved_report", id, map[string]any{"name": f.ReportName})
	})
	return r, err
}

// RemoveReport marks the actor's report removed (kept so share links can say so)
// and revokes its share links.
func (s *Store) RemoveReport(ctx context.Context, a Actor, id int64) error {
	return s.inTx(ctx, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `UPDATE saved_reports SET removed_at = now(), scheduled_days = '', updated_at = now()
			WHERE id = $1 AND account_id = $2 AND user_id = $3 AND removed_at IS NULL`, id, a.AccountID, a.UserID)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return NotFound("Report not found")
		}
		if _, err := tx.Exec(ctx, `UPDATE share_links SET revoked_at = now() WHERE report_id = $1 AND account_id = $2 AND revoked_at IS NULL`,
			id, a.AccountID); err != nil {
			return err
		}
		return audit(ctx, tx, a, "delete", "saved_report", id, nil)
	})
}

// Schedule is a report's e-mail schedule.
type Schedule struct {
	Days     string
	UserIDs  []int64
	EmailIDs []string
}

// SetSchedule sets (or, with empty days, clears) the actor's report schedule.
func (s *Store) SetSchedule(ctx context.Context, a Actor, id int64, sc Schedule) (Report, error) {
	if sc.UserIDs == nil {
		sc.UserIDs = []int64{}
	}
	if sc.EmailIDs == nil {
		sc.EmailIDs = []string{}
	}
	var r Report
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		var err error
		r, err = scanReport(tx.QueryRow(ctx, `UPDATE saved_reports SET scheduled_days = $4, user_ids = $5, email_ids = $6, updated_at = now()
			WHERE id = $1 AND account_id = $2 AND user_id = $3 AND removed_at IS NULL RETURNING `+reportCols,
			id, a.AccountID, a.UserID, sc.Days, sc.UserIDs, sc.EmailIDs))
		if err != nil {
			return err
		}
		action := "schedule"
		if sc.Days == "" {
			action = "unschedule"
			// A day's mail still waiting for the SMTP server is not sent either.
			if _, err := tx.Exec(ctx, `DELETE FROM mail_messages WHERE sent_at IS NULL AND id IN
				(SELECT mail_id FROM scheduled_report_runs WHERE report_id = $1)`, id); err != nil {
				return err
			}
		}
		return audit(ctx, tx, a, action, "saved_report", id, map[string]any{"days": sc.Days, "users": sc.UserIDs, "emails": sc.EmailIDs})
	})
	return r, err
}

// ShareLink is a created link.
type ShareLink struct {
	ID        string     `json:"id"`
	URL       string     `json:"url"`
	ExpiresAt *time.Time `json:"expires_at"`
}

// CreateShareLink stores a share link: of the actor's saved report (reportID > 0,
// no expiry; the report is marked shared) or of an unsaved report's condition (30 days).
func (s *Store) CreateShareLink(ctx context.Context, a Actor, token string, reportID int64, condition json.RawMessage) (ShareLink, error) {
	out := ShareLink{ID: token}
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		var rid *int64
		var expires *time.Time
		path := "/pricing/share/"
		if reportID > 0 {
			var rpath string
			err := tx.QueryRow(ctx, `UPDATE saved_reports SET share = 1 WHERE id = $1 AND account_id = $2 AND user_id = $3 AND removed_at IS NULL
				RETURNING report_path`, reportID, a.AccountID, a.UserID).Scan(&rpath)
			if errors.Is(err, pgx.ErrNoRows) {
				return NotFound("Report not found")
			}
			if err != nil {
				return err
			}
			rid = &reportID
			if p := sharePathFor(rpath); p != "" {
				path = p
			}
		} else {
			t := time.Now().Add(30 * 24 * time.Hour)
			expires = &t
		}
		if err := tx.QueryRow(ctx, `INSERT INTO share_links (id, account_id, report_id, created_by, condition, expires_at)
			VALUES ($1, $2, $3, $4, $5, $6) RETURNING expires_at`, token, a.AccountID, rid, a.UserID, orJSON(condition, "{}"), expires).Scan(&out.ExpiresAt); err != nil {
			return err
		}
		out.URL = path + token
		return audit(ctx, tx, a, "create", "share_link", token, map[string]any{"report_id": reportID})
	})
	return out, err
}

// sharePathFor maps a report path such as /trend/price_trend/type/3 to its share prefix.
func sharePathFor(reportPath string) string {
	for _, p := range []string{"/trend/price_trend", "/trend/key_business_metrics", "/trend/margin_trend",
		"/trend/price_vs_market_trend", "/trend/competitiveness_metrics"} {
		if len(reportPath) >= len(p) && reportPath[:len(p)] == p {
			return p + "/share/"
		}
	}
	return ""
}

// SharePath is the webapp path of a live share link of the account
// ({report path}/share/{id}), from the stored link, never from the caller; a link
// of another account, revoked, expired or of a removed report is ErrShareUnavailable.
func (s *Store) SharePath(ctx context.Context, accountID int64, token string) (string, error) {
	var rid *int64
	var rpath *string
	var expires, revoked *time.Time
	err := s.DB.QueryRow(ctx, `SELECT l.report_id, r.report_path, l.expires_at, l.revoked_at FROM share_links l
		LEFT JOIN saved_reports r ON r.id = l.report_id AND r.account_id = l.account_id AND r.removed_at IS NULL
		WHERE l.id = $1 AND l.account_id = $2`, token, accountID).Scan(&rid, &rpath, &expires, &revoked)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", ErrShareUnavailable
	}
	if err != nil {
		return "", err
	}
	if revoked != nil || (expires != nil && time.Now().After(*expires)) || (rid != nil && rpath == nil) {
		return "", ErrShareUnavailable
	}
	path := "/pricing/share/"
	if rpath != nil {
		if p := sharePathFor(*rpath); p != "" {
			path = p
		}
	}
	return path + token, nil
}

// ErrShareUnavailable is the spec's answer for a removed, revoked or expired share link.
var ErrShareUnavailable = &Error{Kind: KindNotFound, Message: "This share report is no longer available", Code: "share_unavailable"}

// SharedReport opens a share link for a member of its account, read-only. An unsaved
// report's link returns a report built from the stored condition (id 0).
func (s *Store) SharedReport(ctx context.Context, accountID int64, token string) (Report, error) {
	var rid *int64
	var cond json.RawMessage
	var created time.Time
	var expires, revoked *time.Time
	err := s.DB.QueryRow(ctx, `SELECT report_id, condition, created_at, expires_at, revoked_at FROM share_links
		WHERE id = $1 AND account_id = $2`, token, accountID).Scan(&rid, &cond, &created, &expires, &revoked)
	if errors.Is(err, pgx.ErrNoRows) {
		return Report{}, ErrShareUnavailable
	}
	if err != nil {
		return Report{}, err
	}
	if revoked != nil || (expires != nil && time.Now().After(*expires)) {
		return Report{}, ErrShareUnavailable
	}
	if rid == nil {
		r := withAge(Report{ReportSummary: ReportSummary{FolderID: -1, WhenAdded: created, UpdatedAt: created, ReadOnly: true,
			EmailIDs: []string{}, UserIDs: []int64{}}, Condition: cond,
			Filters: json.RawMessage("{}"), Ordering: json.RawMessage("[]"), VisibleColumns: json.RawMessage("[]"),
			ColumnsIndex: json.RawMessage("[]"), GroupMode: json.RawMessage("[]"), CompetitorsVisibility: json.RawMessage("[]"),
			SelectedRows: json.RawMessage("[]"), Dates: json.RawMessage("{}"), ComparisonValues: json.RawMessage("[]")})
		r.ExpiresAt = *expires
		return r, nil
	}
	r, err := scanReport(s.DB.QueryRow(ctx, `SELECT `+reportCols+` FROM saved_reports
		WHERE id = $1 AND account_id = $2 AND removed_at IS NULL`, *rid, accountID))
	var se *Error
	if errors.As(err, &se) {
		return r, ErrShareUnavailable
	}
	r.ReadOnly = true
	return r, err
}

// ShareMail records a share-link e-mail to send.
func (s *Store) ShareMail(ctx context.Context, a Actor, m Mail) error { return s.QueueMail(ctx, a, m) }

// AccountUserEmails lists the members of an account (id, e-mail), the recipients
// a schedule may name.
func (s *Store) AccountUserEmails(ctx context.Context, accountID int64) ([]UserEmail, error) {
	rows, err := s.DB.Query(ctx, `SELECT u.id, u.email FROM memberships m JOIN users u ON u.id = m.user_id
		WHERE m.account_id = $1 AND NOT m.blocked ORDER BY lower(u.email)`, accountID)
	if err != nil {
		return nil, err
	}
	out, err := pgx.CollectRows(rows, pgx.RowToStructByPos[UserEmail])
	if out == nil {
		out = []UserEmail{}
	}
	return out, err
}

// UserEmail is a recipient choice.
type UserEmail struct {
	ID    int64  `json:"id"`
	Email string `json:"email"`
}

// SavedReportType is the report type of one of the account's saved reports; found is
// false when the account has no such report (or it was removed). The grid reads it
// to pick the columns of a saved report.
func (s *Store) SavedReportType(ctx context.Context, accountID, id int64) (rt string, found bool, err error) {
	err = s.DB.QueryRow(ctx, `SELECT report_type FROM saved_reports WHERE id = $1 AND account_id = $2 AND removed_at IS NULL`,
		id, accountID).Scan(&rt)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", false, nil
	}
	return rt, err == nil, err
}

// ShareReportType is the report type stored with one of the account's share links
// (empty for a link without one); found is false when the account has no such
// link or it was revoked.
func (s *Store) ShareReportType(ctx context.Context, accountID int64, token string) (rt string, found bool, err error) {
	err = s.DB.QueryRow(ctx, `SELECT coalesce(condition->>'report_type', '') FROM share_links
		WHERE id = $1 AND account_id = $2 AND revoked_at IS NULL`, token, accountID).Scan(&rt)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", false, nil
	}
	return rt, err == nil, err
}
