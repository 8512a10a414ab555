package kinds

import (
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
)

// FailStalledExports marks failed the exports under way that stopped making
// progress (their server was killed mid-export), so that none shows "running"
// forever. It has no arguments: export_jobs is the work list.
type FailStalledExports struct{}

// Kind names the job in River's tables; never rename it while jobs of it may be queued.
func (FailStalledExports) Kind() string { return "fail_stalled_exports" }

// InsertOpts keep one such job waiting or running at a time.
func (FailStalledExports) InsertOpts() river.InsertOpts {
	return river.InsertOpts{UniqueOpts: river.UniqueOpts{ByState: []rivertype.JobState{
		rivertype.JobStateAvailable, rivertype.JobStatePending, rivertype.JobStateRetryable,
		rivertype.JobStateRunning, rivertype.JobStateScheduled,
	}}}
}
