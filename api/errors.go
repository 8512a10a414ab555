package api

import (
	"context"
	"errors"
	"log/slog"
	"net/http"

	"github.com/labstack/echo/v4"

	"pricelens/api/httperr"
)

// Error is the error type handlers return; see package httperr.
type Error = httperr.Error

// StatusClientClosedRequest answers a request whose client went away (nginx's 499).
const StatusClientClosedRequest = 499

// ErrorMapper turns domain errors of other packages (engine, store, ...) into an
// *Error. Each package that has typed errors registers one in routes.go; this keeps
// the mapping in one place and the domain packages free of HTTP.
type ErrorMapper func(error) *Error

// httpErrorHandler is Echo's error handler: every error leaves the server here, as
// {"error": {"code", "message", "field"}}. Unknown errors are a logged 500 whose
// body carries only the request id.
//
// An error no mapper knows is checked against the databases first: when one does
// not answer, the request failed because of it, and the answer is a 503 naming it.
func httpErrorHandler(log *slog.Logger, mappers []ErrorMapper, dbs databases) echo.HTTPErrorHandler {
	return func(err error, c echo.Context) {
		if c.Response().Committed {
			return
		}
		e := toError(err, mappers)
		reqID := c.Response().Header().Get(echo.HeaderXRequestID)
		if e == nil && errors.Is(err, context.Canceled) && c.Request().Context().Err() != nil {
			// The browser went away (ag-grid drops blocks it no longer needs); the
			// query was cancelled on purpose. Nobody reads this answer.
			log.Info("request cancelled by the client", "request_id", reqID, "path", c.Request().URL.Path)
			e = &Error{Status: StatusClientClosedRequest, Code: "cancelled", Message: "The request was cancelled."}
		}
		if e == nil {
			if e = dbs.unavailable(err); e != nil {
				log.Warn("database unavailable", "request_id", reqID, "path", c.Request().URL.Path, "message", e.Message, "err", err)
			}
		}
		if e == nil {
			log.Error("request failed", "request_id", reqID, "method", c.Request().Method,
				"path", c.Request().URL.Path, "err", err)
			e = &Error{Status: http.StatusInternalServerError, Code: "internal",
				Message: "An unexpected error occurred... (error id " + reqID + ")"}
		}
		var werr error
		if c.Request().Method == http.MethodHead {
			werr = c.NoContent(e.Status)
		} else {
			werr = c.JSON(e.Status, map[string]any{"error": e})
		}
		if werr != nil {
			log.Warn("write error response", "request_id", reqID, "err", werr)
		}
	}
}

func toError(err error, mappers []ErrorMapper) *Error {
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	for _, m := range mappers {
		if e := m(err); e != nil {
			return e
		}
	}
	var he *echo.HTTPError
	if errors.As(err, &he) {
		msg := http.StatusText(he.Code)
		if s, ok := he.Message.(string); ok && s != "" {
			msg = s
		}
		switch he.Code {
		case http.StatusRequestEntityTooLarge:
			msg = "The request body is too large."
		case http.StatusNotFound:
			msg = "This Page Could Not Be Found"
		}
		return &Error{Status: he.Code, Code: codeFor(he.Code), Message: msg}
	}
	return nil
}

func codeFor(status int) string {
	switch status {
	case http.StatusBadRequest:
		return "bad_request"
	case http.StatusUnauthorized:
		return "unauthorized"
	case http.StatusForbidden:
		return "forbidden"
	case http.StatusNotFound:
		return "not_found"
	case http.StatusMethodNotAllowed:
		return "method_not_allowed"
	case http.StatusConflict:
		return "conflict"
	case http.StatusRequestEntityTooLarge:
		return "too_large"
	case http.StatusUnsupportedMediaType:
		return "unsupported_media_type"
	}
	return "error"
}
