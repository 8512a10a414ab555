package contractfuzz

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
)

// Kinds of failure a call can show.
const (
	Server5xx = "5xx"       // a server error
	Schema    = "schema"    // an answer the document does not describe
	NoAnswer  = "no answer" // no HTTP answer at all (the connection failed or timed out)
)

// Checker judges an answer against the document.
type Checker struct {
	Doc *openapi3.T
	// Allowed5xx are 5xx statuses an operation documents for a failure outside our
	// system (the image proxy's 502 when the image's host fails), by operation id.
	// Any other 5xx is a failure.
	Allowed5xx map[string][]int
}

var registerDecoders sync.Once

// Check is "" when the answer is one the document describes, otherwise the kind
// of failure and what is wrong.
func (c *Checker) Check(op *Operation, req *http.Request, status int, header http.Header, body []byte) (kind, detail string) {
	registerDecoders.Do(func() {
		// Answers that are files: checked for their content type only.
		for _, ct := range []string{"image/png", "image/jpeg", "image/gif", "image/webp", "application/javascript", "text/javascript"} {
			openapi3filter.RegisterBodyDecoder(ct, openapi3filter.FileBodyDecoder)
		}
	})
	if status >= 500 && !allowed(c.Allowed5xx[op.ID], status) {
		return Server5xx, fmt.Sprintf("status %d: %s", status, clip(body, 300))
	}
	in := &openapi3filter.ResponseValidationInput{
		RequestValidationInput: &openapi3filter.RequestValidationInput{
			Request: req,
			Route:   &routers.Route{Spec: c.Doc, Path: op.Path, PathItem: op.Item, Method: op.Method, Operation: op.Op},
		},
		Status:  status,
		Header:  header,
		Options: &openapi3filter.Options{IncludeResponseStatus: true},
	}
	in.SetBodyBytes(body)
	if err := openapi3filter.ValidateResponse(context.Background(), in); err != nil {
		msg := err.Error()
		var re *openapi3filter.ResponseError
		var se *openapi3.SchemaError
		switch {
		case errors.As(err, &se): // the value and where, without kin's dump of the schema
			msg = fmt.Sprintf("the body at /%s: %s", strings.Join(se.JSONPointer(), "/"), se.Reason)
		case errors.As(err, &re) && re.Err != nil:
			msg = re.Reason + ": " + re.Err.Error()
		case errors.As(err, &re):
			msg = re.Reason
		}
		return Schema, fmt.Sprintf("status %d, %s: %s; body: %s", status, header.Get("Content-Type"), clipText(msg, 600), clip(body, 300))
	}
	return "", ""
}

func allowed(statuses []int, status int) bool {
	for _, s := range statuses {
		if s == status {
			return true
		}
	}
	return false
}

// clip is the start of a body for a report, as text.
func clip(b []byte, n int) string {
	if !bytes.ContainsFunc(b[:min(len(b), 512)], func(r rune) bool { return r == 0 }) {
		return clipText(string(b), n)
	}
	return fmt.Sprintf("(%d bytes of binary)", len(b))
}

func clipText(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + fmt.Sprintf("… (%d bytes)", len(s))
}

// readAll reads an answer's body up to a bound (exports can be large; the check
// needs the JSON answers whole, which are small).
func readAll(r io.Reader) ([]byte, error) {
	var b strings.Builder
	_, err := io.Copy(&b, io.LimitReader(r, 64<<20))
	return []byte(b.String()), err
}
