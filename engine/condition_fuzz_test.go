package engine

import (
	"errors"
	"testing"
)

// FuzzParseCondition: no condition, however malformed or hostile, panics or fails
// with anything but an *Error, which the grid maps to a 400 (api/grid MapError);
// any other error would leave the server as a 500.
// The seed corpus, hostile cases included, is testdata/fuzz/FuzzParseCondition.
func FuzzParseCondition(f *testing.F) {
	f.Fuzz(func(t *testing.T, raw []byte) {
		_, err := ParseCondition(raw)
		var e *Error
		if err != nil && !errors.As(err, &e) {
			t.Fatalf("ParseCondition(%q) = %T %v, want an *engine.Error (a 400)", raw, err, err)
		}
	})
}
