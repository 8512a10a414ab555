package trend

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"io"
	"log/slog"
	"math"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pricelens/deploy/testenv"
	"pricelens/engine"
	"pricelens/jobs"
	"pricelens/report"
	"pricelens/store"
)

// A saved price trend scheduled for today's weekday is mailed through the real
// SMTP server (Mailpit) with the CSV of its trend rows attached: the saved
// range's length ending yesterday, the chosen competitors' columns, a row per day
// with the values getConditionsData answers for that range, formatted as the
// table shows them. The file is an export of the user's (export_jobs).
func TestScheduledTrendReportMailed(t *testing.T) {
	_, s, a1, _, db := loadHistory(t)
	ctx := context.Background()
	require.GreaterOrEqual(t, len(a1.Competitors), 3)
	c1, c2 := a1.Competitors[0], a1.Competitors[2]
	var owner int64
	require.NoError(t, db.QueryRow(ctx, `INSERT INTO users (email) VALUES ('trend-owner@pricelens.test') RETURNING id`).Scan(&owner))
	_, err := db.Exec(ctx, `INSERT INTO memberships (user_id, account_id, role) VALUES ($1, 1, 'analyst')`, owner)
	require.NoError(t, err)
	sym := a1.Settings.CurrencySymbol
	require.NotEmpty(t, sym)

	// Saved weeks ago over 14 days; mailed today, it shows the 14 days up to yesterday.
	yesterday := time.Now().UTC().Truncate(24*time.Hour).AddDate(0, 0, -1)
	cond := map[string]any{"report_name": "price_trend", "competitorId": []int64{c1.ID, c2.ID},
		"dates": map[string]string{"from": yesterday.AddDate(0, 0, -60).Format(time.DateOnly), "to": yesterday.AddDate(0, 0, -47).Format(time.DateOnly)}}
	condJSON, _ := json.Marshal(cond)
	st := store.New(db)
	actor := store.Actor{AccountID: 1, UserID: owner}
	r, err := st.CreateReport(ctx, actor, store.ReportFields{ReportName: "Price trend — two competitors", ReportType: "price_trend",
		Condition: condJSON, Dates: json.RawMessage(`{}`)})
	require.NoError(t, err)
	to := testenv.Recipient(t, "trend")
	_, err = st.SetSchedule(ctx, actor, r.ID, store.Schedule{Days: "0,1,2,3,4,5,6", EmailIDs: []string{to}})
	require.NoError(t, err)

	mp := testenv.MailpitServer(t)
	x := report.NewExports(s.Grid, t.TempDir())
	deps := jobs.Deps{DB: db, Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Exports: x, TrendExports: NewExports(s, x),
		SMTP: mp.SMTP, ClickHouse: func(context.Context) (driver.Conn, error) { return s.Grid.W.Conn, nil }, PublicURL: "http://pricelens.test"}
	w, err := jobs.Start(ctx, deps)
	require.NoError(t, err)
	t.Cleanup(func() { _ = w.Stop() })
	require.NoError(t, jobs.QueueDueReports(ctx, deps))
	var msgs []testenv.MailpitMessage
	require.Eventually(t, func() bool {
		var failed string
		_ = db.QueryRow(ctx, `SELECT coalesce(string_agg(errors::text, ' '), '') FROM river_job WHERE kind = 'send_scheduled_report' AND state <> 'completed'`).Scan(&failed)
		require.NotContains(t, failed, "error", "the job failed")
		msgs = mp.Messages(t, to)
		return len(msgs) > 0
	}, 120*time.Second, 200*time.Millisecond)
	require.Len(t, msgs, 1)
	m := msgs[0]
	assert.True(t, strings.HasPrefix(m.Subject, "Scheduled report: Price trend — two competitors ("), m.Subject)
	assert.Contains(t, m.Text, "is attached as a CSV file")
	require.Len(t, m.Attachments, 1)
	assert.Contains(t, m.Attachments[0].ContentType, "text/csv")
	file := string(mp.Part(t, m.ID, m.Attachments[0].PartID))
	require.True(t, strings.HasPrefix(file, "\uFEFF"), "UTF-8 with a BOM")
	recs, err := csv.NewReader(strings.NewReader(strings.TrimPrefix(file, "\uFEFF"))).ReadAll()
	require.NoError(t, err)
	assert.Equal(t, []string{"Date", "My price", "Selected competitors", c1.Name, c2.Name}, recs[0], "the chosen competitors' columns")

	from := yesterday.AddDate(0, 0, -13)
	want, err := s.Rows(ctx, a1, trendOf(t, `{"report_name":"price_trend","competitorId":[`+strconv.FormatInt(c1.ID, 10)+`,`+strconv.FormatInt(c2.ID, 10)+
		`],"dates":{"from":"`+from.Format(time.DateOnly)+`","to":"`+yesterday.Format(time.DateOnly)+`"}}`))
	require.NoError(t, err)
	require.Len(t, recs, 1+14, "a row per day of the 14 days up to yesterday")
	values := 0
	for i, row := range want.Rows {
		rec := recs[1+i]
		assert.Equal(t, from.AddDate(0, 0, i).Format(time.DateOnly), rec[0])
		for j, k := range []string{engine.TrendKeyCustomer, engine.TrendKeySelected, engine.ValueKey(c1.ID), engine.ValueKey(c2.ID)} {
			cell := rec[1+j]
			v, ok := row[k].(float64)
			if !ok {
				assert.Empty(t, cell, "%s %s: no value", rec[0], k)
				continue
			}
			require.True(t, strings.HasPrefix(cell, sym), "%s %s: %q is a price", rec[0], k, cell)
			got, err := strconv.ParseFloat(strings.ReplaceAll(strings.TrimPrefix(cell, sym), ",", ""), 64)
			require.NoError(t, err, cell)
			assert.LessOrEqual(t, math.Abs(got-v), 0.005+1e-9, "%s %s: %q for %v", rec[0], k, cell, v)
			values++
		}
	}
	assert.Greater(t, values, 14, "the range has prices, or the comparison says nothing")

	var status string
	var rows int64
	require.NoError(t, db.QueryRow(ctx, `SELECT status, rows_done FROM export_jobs WHERE account_id = 1 AND user_id = $1`, owner).Scan(&status, &rows))
	assert.Equal(t, "done", status)
	assert.Equal(t, int64(14), rows)
}
