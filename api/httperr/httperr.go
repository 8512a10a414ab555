// Package httperr holds the error type that carries an HTTP status and a message a
// person can act on. Handlers and services return it; api's one error handler renders it.
package httperr

import (
	"fmt"
	"net/http"
)

// StatusSessionExpired is the status the specification's error catalogue uses for
// an expired session (the browser shows the "Session Expired" dialog).
const StatusSessionExpired = 440

// Error is a failure with the status and the message a person can act on.
// Handlers and services return it (or a domain error that errorStatus maps);
// one place, api's error handler, renders it.
type Error struct {
	Status  int    `json:"-"`
	Code    string `json:"code"`
	Message string `json:"message"`
	Field   string `json:"field,omitempty"`
}

func (e *Error) Error() string { return e.Message }

// BadRequest is a 400 about one input field.
func BadRequest(field, format string, args ...any) *Error {
	return &Error{Status: http.StatusBadRequest, Code: "bad_request", Message: fmt.Sprintf(format, args...), Field: field}
}

// NotFound is a 404.
func NotFound(message string) *Error {
	return &Error{Status: http.StatusNotFound, Code: "not_found", Message: message}
}

// Forbidden is a 403.
func Forbidden(message string) *Error {
	return &Error{Status: http.StatusForbidden, Code: "forbidden", Message: message}
}

// Conflict is a 409.
func Conflict(message string) *Error {
	return &Error{Status: http.StatusConflict, Code: "conflict", Message: message}
}

// Unauthorized is a 401 (no session at all).
func Unauthorized(message string) *Error {
	return &Error{Status: http.StatusUnauthorized, Code: "unauthorized", Message: message}
}

// SessionExpired is the 440 of the error catalogue.
func SessionExpired() *Error {
	return &Error{Status: StatusSessionExpired, Code: "session_expired", Message: "Your session has expired. Please login again."}
}

// Unavailable is a 503: a service the request needs does not answer; the message
// names it.
func Unavailable(message string) *Error {
	return &Error{Status: http.StatusServiceUnavailable, Code: "unavailable", Message: message}
}
