package report

import "fmt"

// Error is a report failure a person can act on: a product, report or export that
// is not there, a request the service cannot read, a state that forbids the step.
// The service says what went wrong and which input; api/grid's MapError, the one
// place that knows HTTP, turns the Code into a status. Keeping statuses out of
// here lets the jobs, drops and scheduled reports use the service without the
// HTTP tree.
type Error struct {
	Code    Code
	Message string
	Field   string // the input at fault, for CodeInvalid
}

func (e *Error) Error() string { return e.Message }

// Code is the kind of an Error.
type Code string

// The kinds of Error; the values are the codes clients see.
const (
	CodeNotFound Code = "not_found"   // no such product, report, export or run in this account
	CodeInvalid  Code = "bad_request" // an input the service cannot read (Field names it)
	CodeConflict Code = "conflict"    // the thing exists but its state forbids the step
	CodeGone     Code = "gone"        // it existed and has expired
)

func notFound(message string) *Error { return &Error{Code: CodeNotFound, Message: message} }

func conflict(message string) *Error { return &Error{Code: CodeConflict, Message: message} }

func invalid(field, format string, args ...any) *Error {
	return &Error{Code: CodeInvalid, Field: field, Message: fmt.Sprintf(format, args...)}
}
