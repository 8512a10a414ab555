package trend

import (
	"bytes"
	"encoding/json"
	"errors"

	"pricelens/engine"
)

// ErrNotJSON is a trend condition given as a JSON string whose text is not one.
var ErrNotJSON = errors.New("not valid JSON")

// ParseCondition reads a trend condition: the trend's JSON object, or a JSON
// string holding it (the webapp and older saved reports send it so).
func ParseCondition(raw json.RawMessage) (engine.Trend, error) {
	t := bytes.TrimSpace(raw)
	if len(t) > 0 && t[0] == '"' {
		var s string
		if err := json.Unmarshal(t, &s); err != nil {
			return engine.Trend{}, ErrNotJSON
		}
		t = []byte(s)
	}
	return engine.ParseTrend(t)
}
