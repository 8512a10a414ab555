package kinds

import (
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
)

// Drop writes one scheduled downstream drop (docs/exports.md): the saved report of
// export schedule ScheduleID, for the run due at Due.
type Drop struct {
	ScheduleID int64     `json:"schedule_id"`
	Due        time.Time `json:"due"`
}

// Kind names the job in River's tables; never rename it while jobs of it may be queued.
func (Drop) Kind() string { return "drop" }

// InsertOpts make (schedule, due time) unique for good, in every state: a second
// insert of the same run, from a second tick or a second server, is a no-op, so
// each due time gives exactly one drop.
func (Drop) InsertOpts() river.InsertOpts {
	return river.InsertOpts{MaxAttempts: 3, UniqueOpts: river.UniqueOpts{ByArgs: true, ByState: []rivertype.JobState{
		rivertype.JobStateAvailable, rivertype.JobStatePending, rivertype.JobStateRetryable, rivertype.JobStateRunning,
		rivertype.JobStateScheduled, rivertype.JobStateCompleted, rivertype.JobStateCancelled, rivertype.JobStateDiscarded,
	}}}
}

// DropSchedules queues the drops of the export schedules that are due. It has no
// arguments: drop_schedules is the work list.
type DropSchedules struct{}

// Kind names the job in River's tables; never rename it while jobs of it may be queued.
func (DropSchedules) Kind() string { return "drop_schedules" }

// InsertOpts keep one such job waiting or running at a time.
func (DropSchedules) InsertOpts() river.InsertOpts { return ExpireExports{}.InsertOpts() }
