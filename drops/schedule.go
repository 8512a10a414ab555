package drops

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"time"

	"github.com/robfig/cron/v3"

	"pricelens/store"
)

// Export schedules: a saved report written as a drop on a cron expression. The
// periodic job drop_schedules (every minute) calls QueueDue, which queues one
// drop job per due run (store.QueueDueDrops); the drop job calls RunDrop.

// cronParser reads the standard five fields (minute hour day-of-month month
// day-of-week) and the @hourly/@daily/@weekly/@monthly descriptors, in UTC unless
// the expression starts with CRON_TZ=<zone>.
var cronParser = cron.NewParser(cron.Minute | cron.Hour | cron.Dom | cron.Month | cron.Dow | cron.Descriptor)

// ParseCron checks a schedule's cron expression.
func ParseCron(expr string) (cron.Schedule, error) {
	s, err := cronParser.Parse(expr)
	if err != nil {
		return nil, store.Invalid("cron", fmt.Sprintf(`cron expression %q is not valid (%v): use five fields, minute hour day-of-month month day-of-week, e.g. "0 6 * * 1-5" for 06:00 UTC on weekdays`, expr, err))
	}
	return s, nil
}

// NextRun is the first run of expr after t. An expression that names no real time
// (the 30th of February) is refused: robfig/cron answers the zero time for it,
// which would make the schedule due at every tick.
func NextRun(expr string, t time.Time) (time.Time, error) {
	s, err := ParseCron(expr)
	if err != nil {
		return time.Time{}, err
	}
	at := s.Next(t.UTC())
	if at.IsZero() {
		return time.Time{}, store.Invalid("cron", fmt.Sprintf("cron expression %q never runs: no day matches it", expr))
	}
	return at, nil
}

// AddSchedule checks and stores an export schedule of report reportID in the
// actor's account; its first run is the cron expression's next time from now.
func (d *Drops) AddSchedule(ctx context.Context, a store.Actor, reportID int64, expr, format, dir string) (store.DropSchedule, error) {
	if err := CheckFormat(format); err != nil {
		return store.DropSchedule{}, err
	}
	if !filepath.IsAbs(dir) {
		return store.DropSchedule{}, store.Invalid("directory", fmt.Sprintf("directory %q must be an absolute path (the worker writes it, from its own working directory)", dir))
	}
	at, err := NextRun(expr, d.Now())
	if err != nil {
		return store.DropSchedule{}, err
	}
	return store.New(d.S.DB).AddDropSchedule(ctx, a, store.DropSchedule{ReportID: reportID, Cron: expr, Format: format,
		Directory: filepath.Clean(dir), NextDue: at})
}

// QueueDue queues the drops of the schedules due now (the drop_schedules job).
func (d *Drops) QueueDue(ctx context.Context) error {
	_, err := store.New(d.S.DB).QueueDueDrops(ctx, d.Now(), NextRun)
	return err
}

// RunDrop writes the drop of schedule id due at due (the drop job), stamped with
// its due time. A schedule or report removed since is no error: nothing is
// written.
func (d *Drops) RunDrop(ctx context.Context, id int64, due time.Time) error {
	st := store.New(d.S.DB)
	sc, err := st.DropScheduleByID(ctx, id)
	var se *store.Error
	if errors.As(err, &se) && se.Kind == store.KindNotFound {
		return nil
	}
	if err != nil {
		return err
	}
	r, err := st.DropReportByID(ctx, sc.AccountID, sc.ReportID)
	if errors.As(err, &se) && se.Kind == store.KindNotFound {
		return nil
	}
	if err != nil {
		return err
	}
	run := store.DropRun{Due: &due, Status: store.DropRunning}
	at := d.Now()
	run.At = &at
	if err := st.RecordDropRun(ctx, id, run); err != nil {
		return err
	}
	m, werr := d.Write(ctx, r, sc.Format, sc.Directory, due)
	end := d.Now()
	run.At, run.Status = &end, store.DropOK
	if werr != nil {
		run.Status, run.Error = store.DropFailed, werr.Error()
	} else if run.Manifest, err = json.Marshal(m); err != nil {
		return err
	}
	// Recorded on a fresh context: a drop cut short by its timeout still says so.
	rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	if err := st.RecordDropRun(rctx, id, run); err != nil && werr == nil {
		return err
	}
	return werr // a failed drop is retried by the job queue
}
