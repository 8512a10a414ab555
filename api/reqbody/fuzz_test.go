package reqbody

import (
	"bytes"
	"encoding/json"
	"errors"
	"net/http/httptest"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/labstack/echo/v4"

	"pricelens/api/httperr"
)

// FuzzRequestBody feeds any bytes through what every JSON request meets: the
// middleware's check, then Decode into a struct with the package's lenient types.
// Neither may panic or fail with anything but an *httperr.Error with a 4xx status
// (the server renders it as is; any other error would be a 500). A body the check
// accepts holds no NUL and only UTF-8 in any string.
// The seed corpus, hostile cases included, is testdata/fuzz/FuzzRequestBody.
func FuzzRequestBody(f *testing.F) {
	f.Fuzz(func(t *testing.T, body []byte) {
		err := CheckJSON(body)
		want4xx(t, "CheckJSON", body, err)
		if err == nil && json.Valid(body) {
			var v any
			_ = json.Unmarshal(body, &v)
			if !utf8.Valid(body) || strings.Contains(dump(v), "\x00") {
				t.Fatalf("CheckJSON accepted %q", body)
			}
		}
		var in struct {
			ID     ID      `json:"id"`
			IDs    IDs     `json:"user_ids"`
			Emails Strings `json:"emails"`
			Name   string  `json:"name"`
			Cond   json.RawMessage
		}
		c := echo.New().NewContext(httptest.NewRequest("POST", "/api/x", bytes.NewReader(body)), httptest.NewRecorder())
		want4xx(t, "Decode", body, Decode(c, &in))
	})
}

func want4xx(t *testing.T, what string, body []byte, err error) {
	t.Helper()
	if err == nil {
		return
	}
	var he *httperr.Error
	if !errors.As(err, &he) || he.Status < 400 || he.Status > 499 {
		t.Fatalf("%s(%q) = %T %v, want an *httperr.Error with a 4xx status", what, body, err, err)
	}
}

// dump renders every key and string of a decoded JSON value, so the property
// above sees them all.
func dump(v any) string {
	var b strings.Builder
	var walk func(any)
	walk = func(v any) {
		switch x := v.(type) {
		case string:
			b.WriteString(x)
		case []any:
			for _, e := range x {
				walk(e)
			}
		case map[string]any:
			for k, e := range x {
				b.WriteString(k)
				walk(e)
			}
		}
	}
	walk(v)
	return b.String()
}
