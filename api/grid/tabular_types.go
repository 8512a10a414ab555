package grid

import (
	"bytes"
	"encoding/json"
	"fmt"

	"pricelens/api/httperr"
	"pricelens/engine"
	"pricelens/report"
)

// The wire types of the tabular calls that run a grid condition. The condition
// itself travels as JSON (an object, or the same object encoded as a JSON string)
// and is parsed by the engine (engine.ParseCondition), whose errors name the bad
// part; Validate parses it, so a handler only ever sees a parsed condition.

// ConditionRequest is {"condition": C} (getConditionsData, getCountOfRow); C is
// the grid condition of docs/api-contract.md#the-grid-contract, as an object or a JSON string.
type ConditionRequest struct {
	Condition json.RawMessage `json:"condition" required:"true"`
	cond      engine.Condition
}

// Validate parses the condition.
func (r *ConditionRequest) Validate() (err error) {
	r.cond, err = parseCondition(r.Condition)
	return err
}

// GraphRequest is graph mode's {"condition", "groupsArray"}: the group keys
// (strings or numbers) to plot; without any, the condition's selected_rows.
type GraphRequest struct {
	Condition   json.RawMessage   `json:"condition" required:"true"`
	GroupsArray []json.RawMessage `json:"groupsArray"`
	cond        engine.Condition
	groups      []string
}

// Validate parses the condition and the group keys; with neither chosen groups
// nor selected rows the answer is the specification's "Select rows in group mode".
func (r *GraphRequest) Validate() (err error) {
	if r.cond, err = parseCondition(r.Condition); err != nil {
		return err
	}
	for i, g := range r.GroupsArray {
		var s string
		if json.Unmarshal(g, &s) != nil {
			var n json.Number
			if json.Unmarshal(g, &n) != nil {
				return httperr.BadRequest(fmt.Sprintf("groupsArray[%d]", i), "groupsArray[%d] must be a group key", i)
			}
			s = n.String()
		}
		r.groups = append(r.groups, s)
	}
	if len(r.groups) == 0 {
		r.groups = r.cond.SelectedRows
	}
	if len(r.groups) == 0 {
		return httperr.BadRequest("groupsArray", "Select rows in group mode")
	}
	return nil
}

// SearchRequest is the search box's {"search", "mode", "condition"}; the
// condition (optional) scopes the search to the report's filters.
type SearchRequest struct {
	Search    string          `json:"search"`
	Mode      string          `json:"mode"`
	Condition json.RawMessage `json:"condition"`
	cond      engine.Condition
}

// Validate bounds the search and parses the condition when there is one.
func (r *SearchRequest) Validate() (err error) {
	if err := engine.CheckSearch(r.Search); err != nil {
		return err
	}
	if t := bytes.TrimSpace(r.Condition); len(t) > 0 && string(t) != "null" {
		r.cond, err = parseCondition(r.Condition)
	}
	return err
}

// parseCondition parses a condition sent as an object or as a JSON string.
func parseCondition(raw json.RawMessage) (engine.Condition, error) {
	t, err := conditionObject(raw)
	if err != nil {
		return engine.Condition{}, err
	}
	return engine.ParseCondition(t)
}

// conditionObject is report.ConditionObject (the request types' parse).
func conditionObject(raw json.RawMessage) (json.RawMessage, error) {
	return report.ConditionObject(raw)
}

// Count is getCountOfRow's answer: the rows the condition matches at its level.
type Count struct {
	Count uint64 `json:"count" openapi:"always"`
}

// Graph is graph mode's answer: a row per chosen group and the bar chart's height.
type Graph struct {
	// Rows are {<group field>: key, "id": key, "Lower", "Similar", "Higher",
	// "products"}; the group field's name depends on the grouping level.
	Rows   []map[string]any `json:"rows" openapi:"always"`
	Height int              `json:"height" openapi:"always"`
}

// barChartHeight is the specification's bar chart height rule for n rows.
func barChartHeight(n int) int {
	switch {
	case n < 15:
		return 60*n + 80
	case n < 50:
		return 40*n + 80
	case n < 80:
		return 20*n + 80
	case n <= 100:
		return 10*n + 80
	}
	return 5*n + 80
}
