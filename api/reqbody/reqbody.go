// Package reqbody decodes JSON request bodies into typed structs and turns every
// decoding failure (malformed JSON, a wrong type, an oversized body) into a 4xx
// whose message names the field, so bad input never becomes a 500.
package reqbody

import (
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"reflect"
	"strings"

	"github.com/labstack/echo/v4"

	"pricelens/api/httperr"
	"pricelens/engine"
)

// Decode reads the JSON body into v. An empty body decodes to the zero value.
func Decode(c echo.Context, v any) error {
	body := c.Request().Body
	if body == nil {
		return nil
	}
	dec := json.NewDecoder(body)
	dec.UseNumber()
	err := dec.Decode(v)
	if err == nil || errors.Is(err, io.EOF) {
		return nil
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		te.Field = jsonPath(reflect.TypeOf(v), te.Field)
	}
	return describe(err)
}

// jsonPath is encoding/json's path of a field (UnmarshalTypeError.Field) as the
// body spells it: encoding/json names the Go type of an embedded struct in it
// ("RuleIn.source" for source, a field of the embedded RuleIn), which is neither
// in the body nor the caller's business.
func jsonPath(t reflect.Type, field string) string {
	var out []string
	for _, seg := range strings.Split(field, ".") {
		for t != nil && (t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Array || t.Kind() == reflect.Map) {
			t = t.Elem()
		}
		if t != nil && t.Kind() == reflect.Struct {
			if f, ok := t.FieldByName(seg); ok && f.Anonymous && f.Tag.Get("json") == "" {
				t = f.Type
				continue // the embedded struct's type name
			}
			t = jsonField(t, seg)
		} else {
			t = nil
		}
		out = append(out, seg)
	}
	return strings.Join(out, ".")
}

// jsonField is the type of t's field (embedded structs' included) that JSON
// names name, or nil.
func jsonField(t reflect.Type, name string) reflect.Type {
	for _, f := range reflect.VisibleFields(t) {
		tag, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if tag == name || (tag == "" && strings.EqualFold(f.Name, name)) {
			return f.Type
		}
	}
	return nil
}

func describe(err error) error {
	var te *json.UnmarshalTypeError
	var se *json.SyntaxError
	var mbe *http.MaxBytesError
	var he *echo.HTTPError
	var ne net.Error
	var own *httperr.Error
	switch {
	case errors.As(err, &own): // a type's own UnmarshalJSON said what is wrong
		return own
	case errors.As(err, &he) && he.Code == http.StatusRequestEntityTooLarge, errors.As(err, &mbe):
		return tooLarge()
	case errors.As(err, &te):
		field := te.Field
		return httperr.BadRequest(field, "%s must be %s", fieldName(field), Kind(te.Type.Kind()))
	case errors.As(err, &se), errors.Is(err, io.ErrUnexpectedEOF):
		return httperr.BadRequest("", "The request body is not valid JSON.")
	case strings.Contains(err.Error(), "request body too large"):
		return tooLarge()
	case errors.As(err, &ne) && ne.Timeout():
		return &httperr.Error{Status: http.StatusRequestTimeout, Code: "timeout", Message: "The request body arrived too slowly."}
	}
	return httperr.BadRequest("", "The request body could not be read.")
}

func tooLarge() *httperr.Error {
	return &httperr.Error{Status: http.StatusRequestEntityTooLarge, Code: "too_large", Message: "The request body is too large."}
}

func fieldName(f string) string {
	if f == "" {
		return "The request body"
	}
	return f
}

// Kind is what a value of kind k is in a message: "a whole number", "text", ….
func Kind(k reflect.Kind) string { return engine.KindWords(k) }

// ID is an id sent as a JSON number or as a numeric string ("12"); the specification's
// payloads use both.
type ID int64

// UnmarshalJSON accepts 12, "12" and null.
func (id *ID) UnmarshalJSON(b []byte) error {
	s := strings.TrimSpace(string(b))
	if s == "null" {
		return nil
	}
	s = strings.Trim(s, `"`)
	var n json.Number = json.Number(s)
	v, err := n.Int64()
	if err != nil {
		return &json.UnmarshalTypeError{Value: string(b), Type: reflectInt64}
	}
	*id = ID(v)
	return nil
}

// IDs is a list of ID.
type IDs []ID

// Int64s returns the ids as int64.
func (ids IDs) Int64s() []int64 {
	out := make([]int64, len(ids))
	for i, v := range ids {
		out[i] = int64(v)
	}
	return out
}

// Strings is a list of strings that also accepts one string.
type Strings []string

// UnmarshalJSON accepts ["a","b"], "a" and null.
func (s *Strings) UnmarshalJSON(b []byte) error {
	t := strings.TrimSpace(string(b))
	if t == "null" {
		return nil
	}
	if strings.HasPrefix(t, `"`) {
		var one string
		if err := json.Unmarshal(b, &one); err != nil {
			return err
		}
		*s = Strings{one}
		return nil
	}
	var many []any
	if err := json.Unmarshal(b, &many); err != nil {
		return &json.UnmarshalTypeError{Value: t, Type: reflectStrings}
	}
	out := make(Strings, 0, len(many))
	for _, v := range many {
		switch x := v.(type) {
		case string:
			out = append(out, x)
		case float64:
			out = append(out, fmtFloat(x))
		default:
			return &json.UnmarshalTypeError{Value: t, Type: reflectStrings}
		}
	}
	*s = out
	return nil
}
