package kinds

import (
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
)

// ScheduleReports is the periodic tick of scheduled reports: it queues a
// SendScheduledReport for every report whose weekday and hour have come in its
// account's time zone and that was not sent that day. No arguments: the saved
// reports are the work list.
type ScheduleReports struct{}

// Kind names the job in River's tables; never rename it while jobs of it may be queued.
func (ScheduleReports) Kind() string { return "schedule_reports" }

// InsertOpts keep one such job waiting or running at a time.
func (ScheduleReports) InsertOpts() river.InsertOpts {
	return river.InsertOpts{UniqueOpts: river.UniqueOpts{ByState: []rivertype.JobState{
		rivertype.JobStateAvailable, rivertype.JobStatePending, rivertype.JobStateRetryable,
		rivertype.JobStateRunning, rivertype.JobStateScheduled,
	}}}
}
