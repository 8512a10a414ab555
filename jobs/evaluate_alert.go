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

// Price alerts (DESIGN §9): enqueue_alerts runs hourly and queues an
// evaluate_alert job per alert and period (the UTC day of a daily alert, the ISO
// week of a weekly one); each job reads the alert, compiles its price changes
// (engine.CompilePriceChanges) over its report's products and competitors, runs
// them on the warehouse, and when something changed queues one mail to the
// alert's recipients (store.FinishAlert, which claims the period so that it mails
// once). Nothing is sent when nothing changed.

// enqueueAlertsEvery is how often alerts are looked at; a new alert is evaluated
// within this long, and a day's or a week's evaluation happens in its first hour.
const enqueueAlertsEvery = time.Hour

// alertMailRows is how many changes an alert mail lists; the rest are counted and
// the mail links to the report.
const alertMailRows = 50

// alertPeriod is the period an alert of frequency f is in at t (UTC).
func alertPeriod(f int16, t time.Time) string {
	t = t.UTC()
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
	now := time.Now()
	tx, err := w.deps.DB.Begin(ctx)
	if err != nil {
		return err
	}
	defer func() { _ = tx.Rollback(ctx) }()
	for _, a := range due {
		if p := alertPeriod(a.Frequency, now); p != a.EvaluatedPeriod {
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
	sent, err := EvaluateAlert(ctx, w.deps, job.Args.AlertID, job.Args.Period, time.Now())
	if err == nil && sent {
		w.deps.Log.Info("price alert mailed", "alert_id", job.Args.AlertID, "period", job.Args.Period)
	}
	return err
}

// EvaluateAlert evaluates an alert for period at now: the changes of the last
// date-filter days up to now (since the alert's last mail, when it lists only
// those). It queues the alert's mail when something changed and reports whether
// it did; a removed alert (or report) is evaluated to nothing.
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
	from := now.Add(-time.Duration(t.DateFilter) * 24 * time.Hour)
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
	rowsSt, countSt, err := engine.CompilePriceChanges(a, cond, engine.PriceChanges{Competitors: t.CompetitorIDs,
		From: from, To: now, Limit: alertMailRows})
	if err != nil {
		return false, err
	}
	changes, total, err := d.Warehouse.PriceChanges(ctx, rowsSt, countSt)
	if err != nil {
		return false, err
	}
	var m *store.Mail
	if total > 0 && len(t.Recipients) > 0 {
		m = alertMail(t, d.PublicURL, a, from, now, int(total), changes)
	}
	claimed, err := st.FinishAlert(ctx, t, period, now, m)
	return claimed && m != nil, err
}

// alertMail is the mail of an alert's changes: a text part with the changes as a
// plain table (its second paragraph), which the HTML part shows as a table, and
// the link to the report.
func alertMail(t store.AlertTarget, publicURL string, a engine.Account, from, to time.Time, total int, changes []warehouse.PriceChange) *store.Mail {
	link := strings.TrimRight(publicURL, "/") + "/pricing"
	scope := "all your products"
	if t.SavedReportID > 0 {
		link += "/type/" + strconv.FormatInt(t.SavedReportID, 10)
		scope = "the report “" + t.ReportName + "”"
	}
	plural := "s"
	if total == 1 {
		plural = ""
	}
	const stamp = "2006-01-02 15:04 UTC"
	intro := fmt.Sprintf("Price alert “%s”: %d competitor price%s changed in %s between %s and %s.",
		t.LabelName, total, plural, scope, from.UTC().Format(stamp), to.UTC().Format(stamp))
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
