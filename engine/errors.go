// Package engine compiles the tabular grid's condition (DESIGN §5) against an
// account's column catalog into a plan: SQL text, bound arguments and the shape of
// the result. It is pure: no connections, no clocks, no globals that change. The
// warehouse package executes plans; api/grid wires the two together.
//
// Safety rules the compiler keeps (and the hostile-input tests check):
//   - column ids from the browser are looked up in the account's closed catalog;
//     only the catalog's own expressions reach SQL text;
//   - operators, sort directions, group levels and report types are closed enums;
//   - every value that comes from the request is a bound parameter (numbers that
//     come from the account's catalog, such as competitor ids and the parity
//     settings, are formatted by the compiler itself);
//   - the compiler adds the account predicate (and the user's category access) to
//     every query: callers cannot forget it.
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
