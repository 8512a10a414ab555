package access_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestScenarios(t *testing.T) {
	e := newEnv(t, nil)
	acc := e.account("Acme")
	other := e.account("Other")
	e.user("ana@acme.test", "analyst", acc)
	e.user("eve@other.test", "admin", other)
	ana := e.login("ana@acme.test", acc)
	eve := e.login("eve@other.test", other)

	for body, msg := range map[string]string{
		`{"name": ""}`:                             "Scenario name is required",
		`{"description": "x"}`:                     "Scenario name is required",
		`{"name": "A", "icon": 8}`:                 "Icon must be between 0 and 7",
		`{"name": "A", "icon": -1}`:                "Icon must be between 0 and 7",
		`{"name": "A", "background_color": "red"}`: "Background color must be a hex colour like #1a2b3c",
		`{"name": "A", "icon": "two"}`:             "icon must be a whole number",
	} {
		st, res := ana.call("POST", "/api/scenarios", body)
		assert.Equal(t, 400, st, body)
		assert.Equal(t, msg, errMsg(res), body)
	}
	assert.Zero(t, e.count(`SELECT count(*) FROM scenarios`))

	ids := []int64{}
	for i, name := range []string{"Summer", "Winter", "Promo"} {
		st, res := ana.call("POST", "/api/scenarios", obj{"name": name, "description": "d", "icon": i + 5, "background_color": "#A1B2C3"})
		require.Equal(t, 200, st, "%v", res)
		sc := res["scenario"].(obj)
		assert.Equal(t, float64(i+1), sc["order"])
		assert.Equal(t, "#A1B2C3", sc["background_color"])
		ids = append(ids, num(sc["id"]))
	}
	st, res := ana.call("POST", "/api/saveReport/insertSaveReport", obj{"report_name": "R1", "report_type": "t", "folder_id": ids[0]})
	require.Equal(t, 200, st)
	r1 := num(res["id"])
	st, res = ana.call("POST", "/api/saveReport/insertSaveReport", obj{"report_name": "R2", "report_type": "t"})
	require.Equal(t, 200, st)
	r2 := num(res["id"])

	st, res = ana.call("GET", "/api/scenarios", nil)
	require.Equal(t, 200, st)
	list := res["scenarios"].([]any)
	require.Len(t, list, 3)
	assert.Len(t, list[0].(obj)["reports"], 1)
	assert.Len(t, res["other"], 1, "reports without a folder are listed as other")

	st, res = ana.call("PATCH", fmt.Sprintf("/api/scenarios/%d", ids[1]), obj{"name": "Winter sale", "icon": 0})
	require.Equal(t, 200, st, "%v", res)
	assert.Equal(t, "Winter sale", res["scenario"].(obj)["name"])
	assert.Equal(t, float64(0), res["scenario"].(obj)["icon"])
	assert.Equal(t, "d", res["scenario"].(obj)["description"], "fields not sent stay")
	st, _ = ana.call("PATCH", fmt.Sprintf("/api/scenarios/%d", ids[1]), obj{"name": " "})
	assert.Equal(t, 400, st)

	st, _ = ana.call("PUT", "/api/scenarios/reorder", obj{"order": []int64{ids[2], ids[0]}})
	assert.Equal(t, 400, st, "the order must list every scenario")
	st, _ = ana.call("PUT", "/api/scenarios/reorder", obj{"order": []int64{ids[2], ids[0], ids[1]}})
	require.Equal(t, 200, st)
	st, res = ana.call("GET", "/api/scenarios", nil)
	require.Equal(t, 200, st)
	assert.Equal(t, float64(ids[2]), res["scenarios"].([]any)[0].(obj)["id"])

	st, _ = ana.call("PUT", "/api/scenarios/associate", obj{"report_id": r2, "folder_id": ids[2]})
	require.Equal(t, 200, st)
	st, res = ana.call("GET", fmt.Sprintf("/api/scenarios/%d", ids[2]), nil)
	require.Equal(t, 200, st)
	assert.Len(t, res["scenario"].(obj)["reports"], 1)
	st, _ = ana.call("PUT", "/api/scenarios/associate", obj{"report_id": r2, "folder_id": -1})
	require.Equal(t, 200, st)
	st, _ = ana.call("PUT", "/api/scenarios/associate", obj{"report_id": r2, "folder_id": 0})
	assert.Equal(t, 400, st)

	// Another account cannot see, change, reorder into or delete them.
	st, _ = eve.call("GET", fmt.Sprintf("/api/scenarios/%d", ids[0]), nil)
	assert.Equal(t, 404, st)
	st, _ = eve.call("PATCH", fmt.Sprintf("/api/scenarios/%d", ids[0]), obj{"name": "x"})
	assert.Equal(t, 404, st)
	st, _ = eve.call("DELETE", fmt.Sprintf("/api/scenarios/%d", ids[0]), nil)
	assert.Equal(t, 404, st)
	st, _ = eve.call("PUT", "/api/scenarios/associate", obj{"report_id": r1, "folder_id": -1})
	assert.Equal(t, 404, st)
	st, res = eve.call("GET", "/api/scenarios", nil)
	require.Equal(t, 200, st)
	assert.Empty(t, res["scenarios"])
	st, _ = eve.call("GET", "/api/scenarios/abc", nil)
	assert.Equal(t, 400, st)

	st, _ = ana.call("DELETE", fmt.Sprintf("/api/scenarios/%d", ids[0]), nil)
	require.Equal(t, 200, st)
	st, res = ana.call("POST", "/api/saveReport/getSaveReport", obj{"id": r1})
	require.Equal(t, 200, st)
	assert.Equal(t, float64(-1), res["report"].(obj)["folder_id"], "its reports move to no folder")
}
