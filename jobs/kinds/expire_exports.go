package kinds

import (
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
)

// ExpireExports deletes the files of exports past their expiry (docs/exports.md: seven
// days). It has no arguments: export_jobs is the work list.
type ExpireExports struct{}

// Kind names the job in River's tables; never rename it while jobs of it may be queued.
func (ExpireExports) Kind() string { return "expire_exports" }

// InsertOpts keep one such job waiting or running at a time.
func (ExpireExports) InsertOpts() river.InsertOpts {
	return river.InsertOpts{UniqueOpts: river.UniqueOpts{ByState: []rivertype.JobState{
		rivertype.JobStateAvailable, rivertype.JobStatePending, rivertype.JobStateRetryable,
		rivertype.JobStateRunning, rivertype.JobStateScheduled,
	}}}
}
