package kinds

import "github.com/riverqueue/river"

// ProcessUpload applies one file of the Upload Files screen (jobs: process_upload;
// store.CreateUpload inserts it with the file, so the file and its job commit
// together and both survive a restart).
type ProcessUpload struct {
	UploadID int64 `json:"upload_id"`
}

// Kind names the job in River's tables; never rename it while jobs of it may be queued.
func (ProcessUpload) Kind() string { return "process_upload" }

// InsertOpts: unique by upload, so a file is applied once. An attempt that fails
// before its transaction commits (ClickHouse or PostgreSQL away, a worker killed)
// changed nothing and is retried; the last failure fails the upload.
func (ProcessUpload) InsertOpts() river.InsertOpts {
	return river.InsertOpts{MaxAttempts: 5, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}
