// Package bench holds the benchmark harnesses of the make bench* targets, one file
// per bench: the grid (Grid, with its trend and reports classes), the pricer
// (Pricer), manual approval (Approval), the export (Export) and freshness after a
// load (Freshness). The binary reaches each as a subcommand (pricelens bench,
// bench-pricer, …); docs/benchmarks.md has the latest figures and how to reproduce
// them.
//
// Like the binary, a harness is a driver of the whole system: it serves the API's
// routes in-process and times them, so it may import api/... (the layout test lets
// cmd/ and bench/ do that, and nothing else outside api/).
package bench

import "fmt"

// UsageError is a mistake in a harness's command line; the binary exits 2 on it.
type UsageError struct{ Msg string }

func (e UsageError) Error() string { return e.Msg }

func usagef(format string, args ...any) error { return UsageError{fmt.Sprintf(format, args...)} }
