package kinds

import "github.com/riverqueue/river"

// EvaluateAlert evaluates one price alert for one period (jobs: evaluate_alert):
// Period is the UTC day ("2026-11-23") of a daily alert or the ISO week
// ("2026-W48") of a weekly one.
type EvaluateAlert struct {
	AlertID int64  `json:"alert_id"`
	Period  string `json:"period"`
}

// Kind names the job in River's tables; never rename it while jobs of it may be queued.
func (EvaluateAlert) Kind() string { return "evaluate_alert" }

// InsertOpts make the job unique by (alert, period) in every state but cancelled
// and discarded: the hourly enqueuer, on any number of processes, queues each
// alert once per period, so an alert mails at most once a day or a week.
func (EvaluateAlert) InsertOpts() river.InsertOpts {
	return river.InsertOpts{MaxAttempts: 10, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// EnqueueAlerts is the periodic job that queues an EvaluateAlert for every alert
// whose current period has none yet.
type EnqueueAlerts struct{}

// Kind names the job in River's tables; never rename it while jobs of it may be queued.
func (EnqueueAlerts) Kind() string { return "enqueue_alerts" }
