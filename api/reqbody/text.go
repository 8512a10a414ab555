package reqbody

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/labstack/echo/v4"

	"pricelens/api/httperr"
)

// MaxDepth is how deeply JSON objects and arrays may nest in a request body; the
// deepest legitimate body (a grid condition) nests fewer than ten levels.
const MaxDepth = 64

// Middleware bounds, reads and checks every request body and query string of the
// group before any handler decodes it: a body over limit bytes is a 413, and text
// PostgreSQL cannot store (a NUL, an unpaired UTF-16 surrogate, bytes that are not
// UTF-8) is a 400 naming the field on every route, in one place, instead of a 500
// from the database after a partial write. The handler gets an identical copy of
// the body. Requests skip returns true for (multipart uploads, which bound and
// validate their own files) are passed through untouched.
func Middleware(limit int64, skip func(echo.Context) bool) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			if skip != nil && skip(c) {
				return next(c)
			}
			req := c.Request()
			if err := CheckQuery(req.URL.Query()); err != nil {
				return err
			}
			if req.Body == nil || req.Body == http.NoBody {
				return next(c)
			}
			if req.ContentLength > limit {
				return tooLarge() // net/http discards or closes the unread body
			}
			body, err := io.ReadAll(io.LimitReader(req.Body, limit+1))
			if err != nil {
				return describe(err)
			}
			if int64(len(body)) > limit {
				// A streamed body without a length: read on (bounded) so the client,
				// still sending, gets the answer on a connection that stays usable;
				// past the bound, end the connection after the answer.
				if n, _ := io.CopyN(io.Discard, req.Body, drainLimit); n == drainLimit {
					c.Response().Header().Set(echo.HeaderConnection, "close")
				}
				return tooLarge()
			}
			if err := CheckJSON(body); err != nil {
				return err
			}
			req.Body = io.NopCloser(bytes.NewReader(body))
			req.ContentLength = int64(len(body))
			return next(c)
		}
	}
}

// drainLimit is how much of a streamed body over the limit is read and dropped
// before the connection is closed instead.
const drainLimit = 32 << 20

// CheckQuery refuses query parameters (names or values) holding a NUL or bytes
// that are not UTF-8; the field is the parameter's name.
func CheckQuery(q url.Values) error {
	for k, vs := range q {
		if problem := textProblem(k); problem != "" {
			return unstorable("", "A query parameter name "+problem)
		}
		for _, v := range vs {
			if problem := textProblem(v); problem != "" {
				return unstorable(k, k+" "+problem)
			}
		}
	}
	return nil
}

// CheckJSON walks a JSON body (an empty one is fine) and refuses, with a 400
// naming the JSON path (condition.filters.name.filter, emails[0]), any string or
// key that PostgreSQL cannot store. encoding/json silently turns such text into
// U+FFFD or keeps \u0000, so the check reads each string's raw bytes. A string
// that itself holds a JSON object or array (the grid accepts the condition that
// way) is checked as JSON under the same path. Malformed JSON is a 400 too.
func CheckJSON(body []byte) error {
	if len(bytes.TrimSpace(body)) == 0 {
		return nil
	}
	w := walker{data: body, dec: json.NewDecoder(bytes.NewReader(body))}
	w.dec.UseNumber()
	for w.dec.More() {
		if err := w.value("", 0); err != nil {
			return err
		}
	}
	return nil
}

type walker struct {
	data []byte
	dec  *json.Decoder
	end  int64 // where the last token ended
}

// token reads the next token and, for a string, returns its raw literal (quotes
// included): the bytes between the previous token and this one's end hold only
// whitespace, a ':' or ',' and the literal, so its opening quote is the first one.
func (w *walker) token() (json.Token, []byte, error) {
	start := w.end
	tok, err := w.dec.Token()
	if err != nil {
		return nil, nil, err
	}
	w.end = w.dec.InputOffset()
	if _, ok := tok.(string); !ok {
		return tok, nil, nil
	}
	lit := w.data[start:w.end]
	return tok, lit[bytes.IndexByte(lit, '"'):], nil
}

func (w *walker) value(path string, depth int) error {
	tok, lit, err := w.token()
	if err != nil {
		return notJSON()
	}
	switch t := tok.(type) {
	case string:
		if problem := literalProblem(lit); problem != "" {
			return unstorable(path, label(path)+" "+problem)
		}
		return nested(path, t)
	case json.Delim:
		if depth >= MaxDepth {
			return httperr.BadRequest(path, "The request body nests objects and lists more than %d levels deep.", MaxDepth)
		}
		switch t {
		case '{':
			for w.dec.More() {
				key, lit, err := w.token()
				if err != nil {
					return notJSON()
				}
				if problem := literalProblem(lit); problem != "" {
					in := "the request body"
					if path != "" {
						in = path
					}
					return unstorable(path, "A field name in "+in+" "+problem)
				}
				if err := w.value(join(path, key.(string)), depth+1); err != nil {
					return err
				}
			}
		case '[':
			for i := 0; w.dec.More(); i++ {
				if err := w.value(path+"["+strconv.Itoa(i)+"]", depth+1); err != nil {
					return err
				}
			}
		}
		if _, _, err := w.token(); err != nil { // the closing delimiter
			return notJSON()
		}
	}
	return nil
}

func notJSON() error { return httperr.BadRequest("", "The request body is not valid JSON.") }

// nested checks a string that holds a JSON object or array as JSON.
func nested(path, s string) error {
	t := strings.TrimSpace(s)
	if t == "" || (t[0] != '{' && t[0] != '[') || !json.Valid([]byte(t)) {
		return nil
	}
	w := walker{data: []byte(t), dec: json.NewDecoder(strings.NewReader(t))}
	w.dec.UseNumber()
	return w.value(path, 0)
}

// literalProblem says what in a raw JSON string literal cannot be stored, or "".
func literalProblem(lit []byte) string {
	if !utf8.Valid(lit) {
		return notUTF8
	}
	for i := 0; i < len(lit); i++ {
		if lit[i] != '\\' {
			continue
		}
		i++
		if i >= len(lit) || lit[i] != 'u' {
			continue
		}
		r, ok := hex4(lit[i+1:])
		if !ok {
			continue
		}
		i += 4
		switch {
		case r == 0:
			return hasNUL
		case r >= 0xDC00 && r <= 0xDFFF:
			return loneSurrogate
		case r >= 0xD800 && r <= 0xDBFF:
			next, ok := rune(0), false
			if i+6 < len(lit) && lit[i+1] == '\\' && lit[i+2] == 'u' {
				next, ok = hex4(lit[i+3:])
			}
			if !ok || next < 0xDC00 || next > 0xDFFF {
				return loneSurrogate
			}
			i += 6
		}
	}
	return ""
}

// textProblem is literalProblem for decoded text (query parameters).
func textProblem(s string) string {
	switch {
	case !utf8.ValidString(s):
		return notUTF8
	case strings.IndexByte(s, 0) >= 0:
		return hasNUL
	}
	return ""
}

const (
	notUTF8       = "is not valid UTF-8 text, which cannot be stored."
	hasNUL        = "contains a NUL character (\\u0000), which cannot be stored."
	loneSurrogate = "contains an unpaired UTF-16 surrogate (\\ud800-\\udfff), which cannot be stored."
)

func hex4(b []byte) (rune, bool) {
	if len(b) < 4 {
		return 0, false
	}
	n, err := strconv.ParseUint(string(b[:4]), 16, 32)
	return rune(n), err == nil
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

func label(path string) string {
	if path == "" {
		return "The request body"
	}
	return path
}

func unstorable(field, msg string) error {
	return httperr.BadRequest(field, "%s", msg)
}
