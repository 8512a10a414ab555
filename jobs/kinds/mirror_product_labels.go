package kinds

import (
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
)

// MirrorProductLabels copies the pending label changes of PostgreSQL's outbox into
// ClickHouse's product_labels. It has no arguments: the outbox is the work list,
// so one job delivers every change pending when it runs.
type MirrorProductLabels struct{}

// Kind names the job in River's tables; never rename it while jobs of it may be queued.
func (MirrorProductLabels) Kind() string { return "mirror_product_labels" }

// InsertOpts make the kind unique while a job of it is waiting, retrying or running,
// so a burst of label changes queues one job, not thousands. (River requires the
// running state in every unique set; a change committed just after a running job
// looked at the outbox is picked up by the periodic job.) The attempts are many
// because each retry is quick (see the worker's NextRetry); a job that uses them all
// up in a long outage is discarded and the periodic job queues a fresh one.
func (MirrorProductLabels) InsertOpts() river.InsertOpts {
	return river.InsertOpts{
		MaxAttempts: 100,
		UniqueOpts: river.UniqueOpts{ByState: []rivertype.JobState{
			rivertype.JobStateAvailable, rivertype.JobStatePending, rivertype.JobStateRetryable,
			rivertype.JobStateRunning, rivertype.JobStateScheduled,
		}},
	}
}
