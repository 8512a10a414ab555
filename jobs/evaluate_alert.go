package jobs

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/riverqueue/river"

	"pricelens/engine"
	"pricelens/jobs/kinds"
	"pricelens/store"
	"pricelens/warehouse"
)

// Price alerts (docs/exports.md): enqueue_alerts runs hourly and queues an
// evaluate_alert job per alert and period (the day of a daily alert, the ISO week
// of a weekly one, both in the account's time zone); each job reads the alert,
// compiles its price changes (engine.CompilePriceChanges) over its report's or
// label's products and its competitors, runs them on the warehouse, and when
// something changed queues one mail to the alert's recipients
// (store.FinishAlert, which claims the period so that it mails once). Nothing is
// sent when nothing changed.

// enqueueAlertsEvery is how often alerts are looked at; a new alert is evaluated
// within this long, and a day's or a week's evaluation happens in its first hour.
const enqueueAlertsEvery = time.Hour

// alertMailRows is how many changes an alert mail lists; the rest are counted and
// the mail links to the report.
const alertMailRows = 50

// alertPeriod is the period an alert of frequency f is in at t in the account's
// time zone loc: its local day, or its local ISO week.
func alertPeriod(f int16, t time.Time, loc *time.Location) string {
	t = t.In(loc)
	if f == 1 {
		y, w := t.ISOWeek()
		return fmt.Sprintf("%d-W%02d", y, w)
	}
	return t.Format(time.DateOnly)
}

// enqueueAlerts runs kinds.EnqueueAlerts.
type enqueueAlerts struct {
	river.WorkerDefaults[kinds.EnqueueAlerts]
	deps Deps
}

func (w *enqueueAlerts) Work(ctx context.Context, _ *river.Job[kinds.EnqueueAlerts]) error {
	st := store.New(w.deps.DB)
	due, err := st.AlertsDue(ctx)
	if err != nil {
		return err
	}
	now := w.deps.now()
	tx, err := w.deps.DB.Begin(ctx)
	if err != nil {
		return err
	}
	defer func() { _ = tx.Rollback(ctx) }()
	for _, a := range due {
		if p := alertPeriod(a.Frequency, now, store.Location(a.Timezone)); p != a.EvaluatedPeriod {
			if err := kinds.InsertTx(ctx, tx, kinds.EvaluateAlert{AlertID: a.ID, Period: p}); err != nil {
				return err
			}
		}
	}
	return tx.Commit(ctx)
}

func (w *enqueueAlerts) periodic() *river.PeriodicJob {
	return river.NewPeriodicJob(river.PeriodicInterval(enqueueAlertsEvery),
		func() (river.JobArgs, *river.InsertOpts) { return kinds.EnqueueAlerts{}, nil },
		&river.PeriodicJobOpts{RunOnStart: true})
}

// evaluateAlert runs kinds.EvaluateAlert.
type evaluateAlert struct {
	river.WorkerDefaults[kinds.EvaluateAlert]
	deps Deps
}

func (w *evaluateAlert) Work(ctx context.Context, job *river.Job[kinds.EvaluateAlert]) error {
	sent, err := EvaluateAlert(ctx, w.deps, job.Args.AlertID, job.Args.Period, w.deps.now())
	if err == nil && sent {
		w.deps.Log.Info("price alert mailed", "alert_id", job.Args.AlertID, "period", job.Args.Period)
	}
	return err
}

// EvaluateAlert evaluates an alert for period at now: the changes of the last
// date-filter days (Last day, 7, 14 … days) before now's day, whole days of the
// account's time zone, from local midnight to local midnight (since the alert's
// last mail, when it lists only those and that is later). A daily alert,
// evaluated once a local day, so reports each day's changes once: those of the
// day before. It queues the alert's mail when something changed and reports
// whether it did; a removed alert (or report, or label) is evaluated to nothing.
func EvaluateAlert(ctx context.Context, d Deps, alertID int64, period string, now time.Time) (bool, error) {
	if d.Warehouse == nil {
		return false, errors.New("this process has no warehouse (jobs.Deps.Warehouse)")
	}
	st := store.New(d.DB)
	t, err := st.AlertTarget(ctx, alertID)
	var se *store.Error
	if errors.As(err, &se) && se.Kind == store.KindNotFound {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	if t.EvaluatedPeriod == period {
		return false, nil
	}
	from, to := alertWindow(t.DateFilter, now, store.Location(t.Timezone))
	if t.SinceLastNotice && t.LastNotifiedAt != nil && t.LastNotifiedAt.After(from) {
		from = *t.LastNotifiedAt
	}
	cat, err := st.Catalog(ctx, t.AccountID)
	if err != nil {
		return false, err
	}
	a := cat.Engine()
	a.Categories, a.Now = t.Categories, now
	if a.SnapshotDelta, err = d.Warehouse.SnapshotDelta(ctx, a.AccountID); err != nil {
		return false, err
	}
	var cond engine.Condition // no report: every product
	if t.SavedReportID > 0 {
		if cond, err = engine.ParseCondition(t.Condition); err != nil {
			return false, err
		}
	}
	if !from.Before(to) {
		// Its last mail already covered the whole window: nothing new to look at.
		_, err := st.FinishAlert(ctx, t, period, to, nil)
		return false, err
	}
	rowsSt, countSt, err := engine.CompilePriceChanges(a, cond, engine.PriceChanges{Competitors: t.CompetitorIDs,
		Label: uint64(t.LabelID), From: from, To: to, Limit: alertMailRows})
	if err != nil {
		return false, err
	}
	changes, total, err := d.Warehouse.PriceChanges(ctx, rowsSt, countSt)
	if err != nil {
		return false, err
	}
	var m *store.Mail
	if total > 0 && len(t.Recipients) > 0 {
		m = alertMail(t, d.PublicURL, a, from, to, int(total), changes)
	}
	claimed, err := st.FinishAlert(ctx, t, period, to, m)
	return claimed && m != nil, err
}

// alertWindow is the window of an alert with a date filter of days evaluated at
// now: the days whole local days (in loc) before now's local day.
func alertWindow(days int16, now time.Time, loc *time.Location) (from, to time.Time) {
	l := now.In(loc)
	to = time.Date(l.Year(), l.Month(), l.Day(), 0, 0, 0, 0, loc)
	return to.AddDate(0, 0, -int(days)), to
}

// alertMail is the mail of an alert's changes: a text part with the changes as a
// plain table (its second paragraph), which the HTML part shows as a table, and
// the link to the report.
func alertMail(t store.AlertTarget, publicURL string, a engine.Account, from, to time.Time, total int, changes []warehouse.PriceChange) *store.Mail {
	link := strings.TrimRight(publicURL, "/") + "/pricing"
	scope := "all your products"
	switch {
	case t.SavedReportID > 0:
		link += "/type/" + strconv.FormatInt(t.SavedReportID, 10)
		scope = "the report “" + t.ReportName + "”"
	case t.LabelID > 0:
		scope = "the products labelled “" + t.WatchedLabel + "”"
	}
	plural := "s"
	if total == 1 {
		plural = ""
	}
	const stamp = "2006-01-02 15:04"
	loc := store.Location(t.Timezone)
	intro := fmt.Sprintf("Price alert “%s”: %d competitor price%s changed in %s between %s and %s (%s).",
		t.LabelName, total, plural, scope, from.In(loc).Format(stamp), to.In(loc).Format(stamp), loc)
	table := MailTable{Paragraph: 1, Header: []string{"Product", "Name", "Competitor", "Old price", "New price"}}
	lines := []string{strings.Join(table.Header, " | ")}
	names := map[int64]string{}
	for _, c := range a.Competitors {
		names[c.ID] = c.Name
	}
	cur := a.Settings.CurrencySymbol
	for _, c := range changes {
		row := []string{c.ProductID, c.Name, names[c.CompetitorID], money(cur, c.Old), money(cur, c.New)}
		table.Rows = append(table.Rows, row)
		lines = append(lines, strings.Join(row, " | "))
	}
	paragraphs := []string{intro, strings.Join(lines, "\n")}
	if total > len(changes) {
		paragraphs = append(paragraphs, fmt.Sprintf("The first %d changes are listed; open the report for all %d.", len(changes), total))
	}
	paragraphs = append(paragraphs, "Open the report: "+link)
	return &store.Mail{Kind: "price_alert", Recipients: t.Recipients,
		Subject: fmt.Sprintf("Price alert “%s”: %d price change%s", t.LabelName, total, plural),
		Body:    strings.Join(paragraphs, "\n\n"),
		Detail:  map[string]any{"link": link, "alert_id": t.ID, "table": table}}
}

func money(symbol string, v float64) string { return symbol + strconv.FormatFloat(v, 'f', 2, 64) }
