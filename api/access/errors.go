package access

import (
	"errors"
	"net/http"

	"pricelens/api/httperr"
	"pricelens/store"
)

// MapError turns the store's typed errors into API errors (registered once in
// api/errors.go errorMappers).
func MapError(err error) *httperr.Error {
	var se *store.Error
	if !errors.As(err, &se) {
		return nil
	}
	switch se.Kind {
	case store.KindNotFound:
		e := httperr.NotFound(se.Message)
		if se.Code != "" {
			e.Code = se.Code
		}
		return e
	case store.KindConflict:
		return httperr.Conflict(se.Message)
	case store.KindForbidden:
		return &httperr.Error{Status: http.StatusForbidden, Code: "permission", Message: se.Message}
	case store.KindInvalid:
		return &httperr.Error{Status: http.StatusBadRequest, Code: "bad_request", Message: se.Message, Field: se.Field}
	}
	return nil
}
