package ingest

import "errors"

// Code classifies an ingest failure; the upload endpoint maps it to a status.
type Code string

const (
	// CodeBadRequest: the file or the request is unusable (unknown format, truncated file,
	// unreadable header). Nothing was written.
	CodeBadRequest Code = "bad_file"
	// CodeMissingColumn: a required column is not in the file. Nothing was written.
	CodeMissingColumn Code = "missing_column"
	// CodeAlreadyLoaded: this exact file was loaded before. Nothing was written.
	CodeAlreadyLoaded Code = "already_loaded"
	// CodeInProgress: the same file is being loaded right now by another process.
	CodeInProgress Code = "load_in_progress"
	// CodeTooManyRejects: the share of rejected rows is above the allowed ratio.
	CodeTooManyRejects Code = "too_many_rejects"
	// CodeRefreshFailed: the rows are loaded, but rebuilding the report snapshot failed;
	// loading the same file again retries the rebuild (and only that).
	CodeRefreshFailed Code = "snapshot_refresh_failed"
)

// Error is a failure a person can act on: the message says what to fix.
type Error struct {
	Code    Code
	Message string
	Column  string // the column concerned, when there is one
	// Missing and Required list the columns of a CodeMissingColumn error.
	Missing, Required []string
}

func (e *Error) Error() string { return e.Message }

// ErrAlreadyLoaded is returned (wrapped in *Error) when the file was loaded before.
var ErrAlreadyLoaded = errors.New("already loaded")

// Is lets errors.Is(err, ErrAlreadyLoaded) work on *Error.
func (e *Error) Is(target error) bool {
	return target == ErrAlreadyLoaded && e.Code == CodeAlreadyLoaded
}

func badFile(format string, msg string) *Error {
	return &Error{Code: CodeBadRequest, Message: format + ": " + msg}
}
