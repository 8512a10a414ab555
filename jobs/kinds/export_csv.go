package kinds

import "github.com/riverqueue/river"

// ExportCSV writes the CSV file of one export (docs/exports.md); the export's row in
// export_jobs (id Name) holds its condition, requester and state.
type ExportCSV struct {
	Name string `json:"name"`
}

// Kind names the job in River's tables; never rename it while jobs of it may be queued.
func (ExportCSV) Kind() string { return "export_csv" }

// InsertOpts: a few attempts, for a worker process that died mid-export (River
// rescues the job and the next attempt writes the file again from the start). A
// failure the job can name (a bad condition, a database gone) is recorded on the
// export and not retried: the user sees it at once instead of waiting on retries.
func (ExportCSV) InsertOpts() river.InsertOpts { return river.InsertOpts{MaxAttempts: 3} }
