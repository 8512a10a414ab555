package kinds

import "github.com/riverqueue/river"

// RunPricer runs the dynamic pricer's rules of one requested run (jobs: run_pricer;
// store.StartRun inserts it with the run).
type RunPricer struct {
	RunID int64 `json:"run_id"`
}

// Kind names the job in River's tables; never rename it while jobs of it may be queued.
func (RunPricer) Kind() string { return "run_pricer" }

// InsertOpts: unique by run, so a run is worked once; a failed attempt fails the run
// (the user runs again), but a worker killed mid-way is rescued and retried, and
// the retry writes a result set of its own.
func (RunPricer) InsertOpts() river.InsertOpts {
	return river.InsertOpts{MaxAttempts: 3, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}
