package jobs

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/riverqueue/river"

	"pricelens/engine"
	"pricelens/jobs/kinds"
	"pricelens/store"
)

// Scheduled reports (docs/exports.md#scheduled-reports): a tick every few minutes queues
// one send_scheduled_report job per report whose weekday and hour have come in its
// account's time zone; the job writes the report's CSV through the export
// machinery and queues the mail with the file attached (or, above
// maxAttachment, a link that downloads it without a session).

// scheduleEvery is how often the tick looks for reports due: a report goes out
// at most this long after the hour.
const scheduleEvery = 5 * time.Minute

// maxAttachment is the largest CSV mailed as an attachment (docs/exports.md).
const maxAttachment = 10 << 20

// scheduleReports runs kinds.ScheduleReports.
type scheduleReports struct {
	river.WorkerDefaults[kinds.ScheduleReports]
	deps Deps
}

func (w *scheduleReports) periodic() *river.PeriodicJob {
	return river.NewPeriodicJob(river.PeriodicInterval(scheduleEvery),
		func() (river.JobArgs, *river.InsertOpts) { return kinds.ScheduleReports{}, nil },
		&river.PeriodicJobOpts{RunOnStart: true})
}

func (w *scheduleReports) Work(ctx context.Context, _ *river.Job[kinds.ScheduleReports]) error {
	return QueueDueReports(ctx, w.deps)
}

// QueueDueReports queues the send_scheduled_report job of every report due now
// (d.Now) that was not sent today: today is its weekday in the account's zone and
// the local hour is d.ScheduleHour or later. The jobs are unique by report and day,
// so calling it again, from any process, queues nothing new.
func QueueDueReports(ctx context.Context, d Deps) error {
	rs, err := store.New(d.DB).ScheduledReports(ctx)
	if err != nil {
		return err
	}
	now := d.now()
	tx, err := d.DB.Begin(ctx)
	if err != nil {
		return err
	}
	defer func() { _ = tx.Rollback(ctx) }()
	for _, r := range rs {
		local := now.In(r.Location())
		day := local.Format(time.DateOnly)
		if local.Hour() < d.ScheduleHour || !r.OnWeekday(local.Weekday()) ||
			(r.LastRun != nil && r.LastRun.Format(time.DateOnly) == day) {
			continue
		}
		if err := kinds.InsertTx(ctx, tx, kinds.SendScheduledReport{ReportID: r.ID, Date: day}); err != nil {
			return err
		}
	}
	return tx.Commit(ctx)
}

// sendScheduledReport runs kinds.SendScheduledReport.
type sendScheduledReport struct {
	river.WorkerDefaults[kinds.SendScheduledReport]
	deps Deps
}

// Timeout is the export's: the CSV of a large report takes a while.
func (w *sendScheduledReport) Timeout(*river.Job[kinds.SendScheduledReport]) time.Duration {
	return exportTimeout
}

func (w *sendScheduledReport) Work(ctx context.Context, job *river.Job[kinds.SendScheduledReport]) error {
	day, err := time.Parse(time.DateOnly, job.Args.Date)
	if err != nil {
		return river.JobCancel(fmt.Errorf("date %q: %w", job.Args.Date, err))
	}
	st := store.New(w.deps.DB)
	// A cheap check before the export; QueueScheduledReport checks again under a
	// lock, after it, so a schedule disabled meanwhile still stops the mail.
	r, due, err := st.ScheduledReportFor(ctx, job.Args.ReportID, day)
	if err != nil {
		return err
	}
	if !due || (r.LastRun != nil && r.LastRun.Format(time.DateOnly) == job.Args.Date) {
		return nil
	}
	if w.deps.Exports == nil {
		return errors.New("this process has no exporter (jobs.Deps.Exports)")
	}
	var exporter ReportExporter = w.deps.Exports
	if _, err := engine.ParseTrendReport(r.ReportType); err == nil {
		// A saved trend report: the CSV of its trend rows, an export like the others.
		if w.deps.TrendExports == nil {
			return errors.New("this process has no trend exporter (jobs.Deps.TrendExports)")
		}
		exporter = w.deps.TrendExports
	}
	name, path, size, err := exporter.ExportNow(ctx, r.AccountID, r.UserID, r.Categories, r.Condition)
	if err != nil {
		return err
	}
	link := ""
	if size > maxAttachment {
		token, err := w.deps.Exports.DownloadLink(ctx, name)
		if err != nil {
			return err
		}
		link = w.deps.PublicURL + "/api/tabular/downloadScheduledCsv?token=" + token
	}
	err = st.QueueScheduledReport(ctx, r.ID, day, name, func(r store.ScheduledReport, to []string) store.Mail {
		return scheduledMail(r, day, to, name, path, size, link)
	})
	if errors.Is(err, store.ErrNotScheduled) {
		w.deps.Log.Info("scheduled report not sent: disabled or already sent", "report_id", r.ID, "date", job.Args.Date)
		return nil
	}
	return err
}

// scheduledMail is the mail of a report's day: the CSV attached, or above
// maxAttachment the link that downloads it without a session.
func scheduledMail(r store.ScheduledReport, day time.Time, to []string, export, path string, size int64, link string) store.Mail {
	filename := fmt.Sprintf("%s %s.csv", safeFilename(r.Name), day.Format(time.DateOnly))
	m := store.Mail{Kind: "scheduled_report", Recipients: to,
		Subject: fmt.Sprintf("Scheduled report: %s (%s)", r.Name, day.Format("Monday, 2 January 2006")),
		Detail:  map[string]any{"report_id": r.ID, "date": day.Format(time.DateOnly), "export": export}}
	if size <= maxAttachment {
		m.Body = fmt.Sprintf("Your scheduled report %q of %s is attached as a CSV file (%s).",
			r.Name, day.Format("Monday, 2 January 2006"), filename)
		m.Attachments = []store.Attachment{{Filename: filename, ContentType: "text/csv", Path: path}}
		return m
	}
	m.Detail["link"] = link
	m.Body = fmt.Sprintf("Your scheduled report %q of %s is too large to attach (%.1f MB; at most %d MB are attached). "+
		"Download it within 7 days: %s",
		r.Name, day.Format("Monday, 2 January 2006"), float64(size)/(1<<20), maxAttachment>>20, link)
	return m
}

// safeFilename keeps a report name readable as a file name: no path separators,
// quotes or control characters.
func safeFilename(name string) string {
	out := []rune{}
	for _, c := range name {
		switch {
		case c < 32, c == '/', c == '\\', c == '"', c == ':', c == '*', c == '?', c == '<', c == '>', c == '|':
			out = append(out, '_')
		default:
			out = append(out, c)
		}
	}
	if len(out) == 0 {
		return "report"
	}
	return string(out)
}
