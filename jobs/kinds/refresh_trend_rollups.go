package kinds

import (
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
)

// RefreshTrendRollups brings every account's trend rollup up to date (only the
// months a load changed, and the new days). It has no arguments.
type RefreshTrendRollups struct{}

// Kind names the job in River's tables; never rename it while jobs of it may be queued.
func (RefreshTrendRollups) Kind() string { return "refresh_trend_rollups" }

// InsertOpts keep one such job waiting or running at a time.
func (RefreshTrendRollups) InsertOpts() river.InsertOpts {
	return river.InsertOpts{UniqueOpts: river.UniqueOpts{ByState: []rivertype.JobState{
		rivertype.JobStateAvailable, rivertype.JobStatePending, rivertype.JobStateRetryable,
		rivertype.JobStateRunning, rivertype.JobStateScheduled,
	}}}
}
