// Package engine compiles the tabular grid's condition (docs/api-contract.md#the-grid-contract) against an
// account's column catalog into a plan: SQL text, bound arguments and the shape of
// the result. It is pure: no connections, no clocks, no globals that change. The
// warehouse package executes plans; package report wires the two together.
//
// Safety rules the compiler keeps, whoever built the condition (the browser's JSON
// through ParseCondition, or Go code: scheduled reports, exports, the pricer), and
// the hostile-input tests check for both:
//   - every Compile* validates the whole condition again (Condition.Validate) and
//     answers the same *Error a JSON condition gets;
//   - column ids are looked up in the account's closed catalog; only the catalog's
//     own expressions reach SQL text;
//   - sort directions, filter options, joins, weights, aggregates, group levels and
//     report types are closed enums (enums.go), printed only as their constants' SQL;
//   - every value that comes from a condition is a bound parameter; the numbers the
//     compiler writes itself (competitor ids, slots, settings, LIMIT) go through
//     IntLit and floatLit, identifiers through quoteIdent and tables through the
//     schema's constants (quote.go, schema.go), re-checked as the SQL is printed;
//   - the compiler adds the account predicate (and the user's category access) to
//     every query: callers cannot forget it.
//
// Files: condition.go (the condition, its limits, Validate), filtermodel.go
// (ag-grid's filter JSON → typed filters), filters.go (the typed filters),
// predicate.go (typed filter + catalog column → SQL), columns.go and catalog.go
// (the catalog), compile.go, group.go, lists.go (the plans); the trend reports:
// trend.go (the request), trend_compile.go (the plans per report),
// trend_history.go (carry-forward from the raw scans), trend_rollup.go (the daily
// rollup), trend_rows.go (rows and columns).
package engine

import "fmt"

// Error is a bad condition: the part that is wrong (Field, e.g. "filters.Price@3")
// and a message a person can act on. api maps it to a 400.
type Error struct {
	Field   string
	Message string
}

func (e *Error) Error() string {
	if e.Field == "" {
		return e.Message
	}
	return e.Field + ": " + e.Message
}

func bad(field, format string, args ...any) *Error {
	return &Error{Field: field, Message: fmt.Sprintf(format, args...)}
}
