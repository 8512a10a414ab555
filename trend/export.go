package trend

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"io"
	"time"

	"pricelens/csvcell"
	"pricelens/engine"
	"pricelens/report"
	"pricelens/store/authz"
)

// Exports writes a saved trend report's rows as a CSV export (a scheduled trend
// report's attachment, jobs send_scheduled_report): the file is an export of the
// tabular machinery (report.Exports.FileNow: its row, file, expiry, download link),
// its rows the trend's, as getConditionsData answers them.
type Exports struct {
	T *Service
	X *report.Exports
}

// NewExports returns the trend exports of t, recorded as exports of x.
func NewExports(t *Service, x *report.Exports) *Exports { return &Exports{T: t, X: x} }

// ExportNow writes the CSV of a saved trend report's condition for its owner (with
// their category access). The saved range is a length, not fixed days: a report
// mailed every week shows its last n days up to yesterday when it is sent (saved
// days would fall out of the 3-year window, and a weekly mail of the same month
// says nothing new). It returns the export's name, file and size.
func (e *Exports) ExportNow(ctx context.Context, accountID, userID int64, categories []string, condition json.RawMessage) (name, path string, size int64, err error) {
	p := authz.Principal{AccountID: accountID, UserID: userID, Categories: categories}
	t, err := ParseCondition(condition)
	if err != nil {
		return "", "", 0, err
	}
	return e.X.FileNow(ctx, p, condition, func(w io.Writer) (int64, error) {
		a, err := e.T.Grid.Account(ctx, p)
		if err != nil {
			return 0, err
		}
		return e.T.WriteCSV(ctx, a, rolling(t, a.Now), w)
	})
}

// rolling moves a trend's range to end yesterday (UTC days, as engine.Trend.Days
// counts them), keeping its length; a trend without dates keeps the default range.
func rolling(t engine.Trend, now time.Time) engine.Trend {
	if t.From.IsZero() {
		return t
	}
	n := int(t.To.Sub(t.From).Hours()/24 + 0.5)
	today := time.Date(now.UTC().Year(), now.UTC().Month(), now.UTC().Day(), 0, 0, 0, 0, time.UTC)
	t.To = today.AddDate(0, 0, -1)
	t.From = t.To.AddDate(0, 0, -n)
	return t
}

// groupHeaders name the competitiveness metrics' group column per level's row key.
var groupHeaders = map[string]string{"super_category": "Super category", "category": "Category", "vertical": "Vertical",
	"vertical_brand": "Vertical X Brand", "canonical_mfgr_display": "Brand", "all": "Scope"}

// WriteCSV writes the trend's table as the export files are written (UTF-8 with a
// BOM, the header, values formatted as the table shows them): the report's columns
// (engine.TrendColumns) for the trend's competitors, a row per day (and group). It
// returns the rows written.
func (s *Service) WriteCSV(ctx context.Context, a engine.Account, t engine.Trend, w io.Writer) (int64, error) {
	plan, _, rows, err := s.table(ctx, a, t)
	if err != nil {
		return 0, err
	}
	chosen := map[int64]bool{}
	for _, c := range plan.Competitors {
		chosen[c.ID] = true
	}
	var cols []engine.TrendColumn
	for _, c := range engine.TrendColumns(a, plan.Report) {
		if c.CompetitorID != 0 && !chosen[c.CompetitorID] {
			continue
		}
		if c.Field == "category" && plan.GroupField != "" {
			c.Field, c.Header = plan.GroupField, groupHeaders[plan.GroupField]
		}
		cols = append(cols, c)
	}
	if _, err := io.WriteString(w, "\uFEFF"); err != nil {
		return 0, err
	}
	cw := csv.NewWriter(w)
	rec := make([]string, len(cols))
	for i, c := range cols {
		rec[i] = csvcell.Text(c.Header) // competitor and custom field names are the account's text
	}
	if err := cw.Write(rec); err != nil {
		return 0, err
	}
	sym := a.Settings.CurrencySymbol
	for _, r := range rows {
		for i, c := range cols {
			rec[i] = report.FormatCell(c.Format, r[c.Field], sym)
		}
		if err := cw.Write(rec); err != nil {
			return 0, err
		}
	}
	cw.Flush()
	return int64(len(rows)), cw.Error()
}
