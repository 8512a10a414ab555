package route

import (
	"github.com/labstack/echo/v4"

	"pricelens/api/httperr"
	"pricelens/api/reqbody"
)

// decodeBody reads the JSON body into v through the one request-body decoder.
func decodeBody(c echo.Context, v any) error { return reqbody.Decode(c, v) }

// decodeQuery binds the query string into v (`query` tags); a value of the wrong
// type is a 400 naming the parameter.
func decodeQuery(c echo.Context, v any) error {
	if err := (&echo.DefaultBinder{}).BindQueryParams(c, v); err != nil {
		if he, ok := err.(*echo.HTTPError); ok {
			msg, _ := he.Message.(string)
			return httperr.BadRequest("", "A query parameter has the wrong type: %s", msg)
		}
		return httperr.BadRequest("", "The query string could not be read.")
	}
	return nil
}
