package kinds

import "github.com/riverqueue/river"

// SendScheduledReport mails one saved report's CSV for one day of its schedule.
// The schedule tick (ScheduleReports) inserts it when the day and hour have come in
// the account's time zone.
type SendScheduledReport struct {
	ReportID int64  `json:"report_id"`
	Date     string `json:"date"` // the local day, YYYY-MM-DD
}

// Kind names the job in River's tables; never rename it while jobs of it may be queued.
func (SendScheduledReport) Kind() string { return "send_scheduled_report" }

// InsertOpts make the job unique by report and day (in every state but cancelled
// and discarded), so two ticks, or two processes' ticks, queue it once; the day's
// row in scheduled_report_runs makes the mail once-only even past River's
// retention of completed jobs. A few attempts ride out a database that is away.
func (SendScheduledReport) InsertOpts() river.InsertOpts {
	return river.InsertOpts{MaxAttempts: 5, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}
