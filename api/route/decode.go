package route

import (
	"reflect"
	"strconv"

	"github.com/labstack/echo/v4"

	"pricelens/api/httperr"
	"pricelens/api/reqbody"
)

// decodeBody reads the JSON body into v through the one request-body decoder.
func decodeBody(c echo.Context, v any) error { return reqbody.Decode(c, v) }

// decodeQuery sets the fields of the struct v points to from the query string
// (`query:"name"` tags; the last of repeated values). A value that does not parse
// is a 400 naming the parameter and what it takes, in the words reqbody uses for
// bodies: never the parser's own text (echo's binder answered
// `strconv.ParseInt: parsing "../../etc/passwd": invalid syntax`).
func decodeQuery(c echo.Context, v any) error {
	rv := reflect.ValueOf(v).Elem()
	q := c.QueryParams()
	for i := 0; i < rv.NumField(); i++ {
		name := rv.Type().Field(i).Tag.Get("query")
		vals := q[name]
		if name == "" || len(vals) == 0 {
			continue
		}
		s, f := vals[len(vals)-1], rv.Field(i)
		var err error
		switch f.Kind() {
		case reflect.String:
			f.SetString(s)
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
			var n int64
			if n, err = strconv.ParseInt(s, 10, f.Type().Bits()); err == nil {
				f.SetInt(n)
			}
		case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
			var n uint64
			if n, err = strconv.ParseUint(s, 10, f.Type().Bits()); err == nil {
				f.SetUint(n)
			}
		case reflect.Float32, reflect.Float64:
			var x float64
			if x, err = strconv.ParseFloat(s, f.Type().Bits()); err == nil {
				f.SetFloat(x)
			}
		case reflect.Bool:
			var b bool
			if b, err = strconv.ParseBool(s); err == nil {
				f.SetBool(b)
			}
		default:
			panic("route: query field " + name + " of an unsupported kind " + f.Kind().String())
		}
		if err != nil {
			return httperr.BadRequest(name, "%s must be %s", name, reqbody.Kind(f.Kind()))
		}
	}
	return nil
}
