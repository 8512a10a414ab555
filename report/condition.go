package report

import (
	"bytes"
	"encoding/json"
)

// ConditionObject is a grid condition's object text, unwrapped when the browser
// sent it as a JSON string. It is here, not with the request types, because an
// export stores the condition as sent and its job, a scheduled report or a drop
// read it again without a request.
func ConditionObject(raw json.RawMessage) (json.RawMessage, error) {
	t := bytes.TrimSpace(raw)
	if len(t) > 0 && t[0] == '"' {
		var s string
		if err := json.Unmarshal(t, &s); err != nil {
			return nil, invalid("condition", "condition is not valid JSON")
		}
		t = []byte(s)
	}
	return t, nil
}
