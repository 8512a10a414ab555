package grid

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pricelens/api/route"
	"pricelens/api/session"
	"pricelens/deploy/testenv"
	"pricelens/jobs"
	"pricelens/report"
	"pricelens/store"
)

// TestScheduledReportSentOnceOnItsWeekday: in an account in Auckland (UTC+13 in
// November), with the clock at Monday 09:00 there (still Sunday in UTC) and the
// schedule hour 7, two River clients and repeated ticks from both mail a report
// scheduled for Monday exactly once, to its user and external recipients, with a
// CSV attached equal to the export of the report's condition. Before 07:00
// nothing is queued; a report scheduled for Tuesday sends nothing; a Monday
// report disabled before the hour sends nothing.
func TestScheduledReportSentOnceOnItsWeekday(t *testing.T) {
	p := &session.Principal{UserID: 1, AccountID: 1}
	var x *report.Exports
	e, s := serverWith(t, p, func(s *report.Service) []route.Route {
		x = report.NewExports(s, t.TempDir())
		return ExportRoutes(x)
	})
	mp := testenv.MailpitServer(t)
	ctx := context.Background()
	colleague, external, tuesday, disabled := testenv.Recipient(t, "colleague"), testenv.Recipient(t, "external"),
		testenv.Recipient(t, "tuesday"), testenv.Recipient(t, "disabled")
	cond := map[string]any{"visible_columns": []string{"name", "price", "Price@11", "labels"}, "search": "a",
		"sort":    []map[string]any{{"colId": "name", "sort": "asc"}},
		"filters": map[string]any{"Price@11": map[string]any{"filterType": "number", "type": "greaterThan", "filter": 5}}}
	condJSON, _ := json.Marshal(cond)
	for _, q := range []string{
		`INSERT INTO users (id, email) VALUES (1, 'owner@pricelens.test'), (2, '` + colleague + `')`,
		`INSERT INTO memberships (user_id, account_id, role) VALUES (1, 1, 'analyst'), (2, 1, 'viewer')`,
		`UPDATE accounts SET settings = settings || '{"timezone": "Pacific/Auckland"}' WHERE id = 1`,
	} {
		_, err := s.DB.Exec(ctx, q)
		require.NoError(t, err)
	}
	st := store.New(s.DB)
	owner := store.Actor{AccountID: 1, UserID: 1}
	report := func(name, days, to string, users []int64) int64 {
		r, err := st.CreateReport(ctx, owner, store.ReportFields{ReportName: name, ReportType: "all_my_products", Condition: condJSON})
		require.NoError(t, err)
		_, err = st.SetSchedule(ctx, owner, r.ID, store.Schedule{Days: days, UserIDs: users, EmailIDs: []string{to}})
		require.NoError(t, err)
		return r.ID
	}
	monday := report("Weekly — Monday", "1,4", external, []int64{2})
	tue := report("Tuesdays", "2", tuesday, nil)
	off := report("Disabled", "1", disabled, nil)

	auckland, err := time.LoadLocation("Pacific/Auckland")
	require.NoError(t, err)
	var clock atomic.Pointer[time.Time]
	setClock := func(t time.Time) { clock.Store(&t) }
	setClock(time.Date(2026, 11, 23, 6, 30, 0, 0, auckland)) // Monday 06:30, before the hour
	deps := jobs.Deps{DB: s.DB, Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Exports: x, SMTP: mp.SMTP,
		ClickHouse:   func(context.Context) (driver.Conn, error) { return s.W.Conn, nil },
		ScheduleHour: 7, PublicURL: "http://pricelens.test", Now: func() time.Time { return *clock.Load() }}
	for i := 0; i < 2; i++ { // two processes
		w, err := jobs.Start(ctx, deps)
		require.NoError(t, err)
		t.Cleanup(func() { _ = w.Stop() })
	}
	jobsOf := func(id int64) int {
		var n int
		require.NoError(t, s.DB.QueryRow(ctx, `SELECT count(*) FROM river_job WHERE kind = 'send_scheduled_report'
			AND (args->>'report_id')::bigint = $1`, id).Scan(&n))
		return n
	}

	require.NoError(t, jobs.QueueDueReports(ctx, deps))
	assert.Zero(t, jobsOf(monday)+jobsOf(tue)+jobsOf(off), "nothing is due before 07:00 local")

	_, err = st.SetSchedule(ctx, owner, off, store.Schedule{}) // removeScheduledReport
	require.NoError(t, err)
	setClock(time.Date(2026, 11, 23, 9, 0, 0, 0, auckland)) // Monday 09:00 in Auckland, Sunday 20:00 UTC
	for i := 0; i < 3; i++ {                                // ticks of both processes, repeated
		require.NoError(t, jobs.QueueDueReports(ctx, deps))
	}
	assert.Equal(t, 1, jobsOf(monday), "one job for the report's day however many ticks")
	assert.Zero(t, jobsOf(tue), "a Tuesday report is not due on Monday")
	assert.Zero(t, jobsOf(off), "a disabled schedule is not due")

	require.Eventually(t, func() bool {
		var state string
		_ = s.DB.QueryRow(ctx, `SELECT state::text FROM river_job WHERE kind = 'send_mail' ORDER BY id DESC LIMIT 1`).Scan(&state)
		return state == "completed"
	}, 60*time.Second, 50*time.Millisecond)
	// Later ticks (the day is still Monday) queue nothing new.
	setClock(time.Date(2026, 11, 23, 23, 0, 0, 0, auckland))
	require.NoError(t, jobs.QueueDueReports(ctx, deps))
	assert.Equal(t, 1, jobsOf(monday))
	assert.ErrorIs(t, st.QueueScheduledReport(ctx, monday, time.Date(2026, 11, 23, 0, 0, 0, 0, time.UTC), "", nil),
		store.ErrNotScheduled, "a second run of the day is refused")
	assert.ErrorIs(t, st.QueueScheduledReport(ctx, off, time.Date(2026, 11, 23, 0, 0, 0, 0, time.UTC), "", nil),
		store.ErrNotScheduled, "a job of a schedule disabled since it was queued mails nothing")

	for _, to := range []string{colleague, external} {
		msgs := mp.Messages(t, to)
		require.Len(t, msgs, 1, to)
		m := msgs[0]
		assert.Equal(t, "Scheduled report: Weekly — Monday (Monday, 23 November 2026)", m.Subject)
		assert.Contains(t, m.Text, "is attached as a CSV file")
		assert.Contains(t, m.HTML, "is attached as a CSV file")
		require.Len(t, m.Attachments, 1)
		a := m.Attachments[0]
		assert.Equal(t, "Weekly — Monday 2026-11-23.csv", a.FileName)
		assert.Contains(t, a.ContentType, "text/csv")
		attached := mp.Part(t, m.ID, a.PartID)

		// The export of the same condition, asked for by the owner.
		body, _ := json.Marshal(map[string]any{"condition": cond})
		code, out := call(e, "POST", "/api/tabular/exportDataToCsv", string(body))
		require.Equal(t, 200, code, out)
		name := out["exportReportName"].(string)
		require.Equal(t, "done", waitExport(t, e, name)["status"])
		code, _, file := download(t, e, name)
		require.Equal(t, 200, code)
		require.Greater(t, len(file), 200, "the condition must match rows to be a test")
		assert.Equal(t, file, string(attached), "the attachment is the report's export")
	}
	assert.Empty(t, mp.Messages(t, tuesday), "Tuesday's report sends nothing on Monday")
	assert.Empty(t, mp.Messages(t, disabled), "a schedule disabled before the hour sends nothing")
	var runs int
	require.NoError(t, s.DB.QueryRow(ctx, `SELECT count(*) FROM scheduled_report_runs`).Scan(&runs))
	assert.Equal(t, 1, runs)

	// A report too large to attach is mailed as a link that its token alone opens.
	name, _, _, err := x.ExportNow(ctx, 1, 1, nil, condJSON)
	require.NoError(t, err)
	token, err := x.DownloadLink(ctx, name)
	require.NoError(t, err)
	get := func(token string) (int, string) {
		req := httptest.NewRequest("GET", "/api/tabular/downloadScheduledCsv?token="+token, nil)
		rec := httptest.NewRecorder()
		e.ServeHTTP(rec, req)
		return rec.Code, rec.Body.String()
	}
	code, body := get(token)
	require.Equal(t, 200, code, body)
	_, _, want := download(t, e, name)
	assert.Equal(t, want, body)
	for _, bad := range []string{"", "nope", strings.Repeat("a", 64), token[:63] + "g"} {
		code, body = get(bad)
		assert.Equal(t, 404, code, bad)
		assert.Contains(t, body, "This download link is not valid. Ask the report's owner to send the report again.")
	}
	_, err = s.DB.Exec(ctx, `UPDATE export_jobs SET expires_at = now() WHERE id = $1`, name)
	require.NoError(t, err)
	code, body = get(token)
	assert.Equal(t, 410, code, body)
}

// TestScheduledReportNotSentOnOtherDays: on Tuesday (in the account's zone) a
// Monday report is not due, even after the hour.
func TestScheduledReportNotSentOnOtherDays(t *testing.T) {
	db, _ := testenv.Postgres(t)
	ctx := context.Background()
	for _, q := range []string{
		`INSERT INTO accounts (id, name) VALUES (1, 'one')`,
		`INSERT INTO users (id, email) VALUES (1, 'owner@pricelens.test')`,
		`INSERT INTO memberships (user_id, account_id, role) VALUES (1, 1, 'analyst')`,
	} {
		_, err := db.Exec(ctx, q)
		require.NoError(t, err)
	}
	st := store.New(db)
	owner := store.Actor{AccountID: 1, UserID: 1}
	r, err := st.CreateReport(ctx, owner, store.ReportFields{ReportName: "Mondays", ReportType: "all_my_products"})
	require.NoError(t, err)
	_, err = st.SetSchedule(ctx, owner, r.ID, store.Schedule{Days: "1", EmailIDs: []string{"x@pricelens.test"}})
	require.NoError(t, err)
	for _, now := range []time.Time{
		time.Date(2026, 11, 24, 9, 0, 0, 0, time.UTC),  // Tuesday 09:00 UTC (the default zone)
		time.Date(2026, 11, 22, 23, 0, 0, 0, time.UTC), // Sunday 23:00
	} {
		deps := jobs.Deps{DB: db, ScheduleHour: 7, Now: func() time.Time { return now }}
		require.NoError(t, jobs.QueueDueReports(ctx, deps))
		var n int
		require.NoError(t, db.QueryRow(ctx, `SELECT count(*) FROM river_job WHERE kind = 'send_scheduled_report'`).Scan(&n))
		assert.Zero(t, n, now.Weekday().String())
	}
	deps := jobs.Deps{DB: db, ScheduleHour: 7, Now: func() time.Time { return time.Date(2026, 11, 23, 7, 0, 0, 0, time.UTC) }}
	require.NoError(t, jobs.QueueDueReports(ctx, deps))
	var n int
	require.NoError(t, db.QueryRow(ctx, `SELECT count(*) FROM river_job WHERE kind = 'send_scheduled_report'`).Scan(&n))
	assert.Equal(t, 1, n, "Monday 07:00 UTC is due")
}
