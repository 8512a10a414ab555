package access_test

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSavedReportsShareAndSchedule(t *testing.T) {
	e := newEnv(t, nil)
	acc := e.account("Acme")
	other := e.account("Other")
	e.user("ana@acme.test", "analyst", acc)
	benID := e.user("ben@acme.test", "viewer", acc)
	e.user("eve@other.test", "admin", other)
	ana := e.login("ana@acme.test", acc)
	ben := e.login("ben@acme.test", acc)
	eve := e.login("eve@other.test", other)

	// Name validation with the specification's messages; nothing is saved.
	for name, msg := range map[string]string{
		"":                       "Report name can't be empty.",
		"   ":                    "Report name can't be empty.",
		"50% off":                "Report name can not contain the following: # % ^ ` { }",
		"a{b}":                   "Report name can not contain the following: # % ^ ` { }",
		"tick`":                  "Report name can not contain the following: # % ^ ` { }",
		"#1":                     "Report name can not contain the following: # % ^ ` { }",
		"up^":                    "Report name can not contain the following: # % ^ ` { }",
		strings.Repeat("x", 201): "Report name can't be longer than 200 characters.",
	} {
		st, res := ana.call("POST", "/api/saveReport/insertSaveReport", obj{"report_name": name, "report_type": "all_my_products"})
		assert.Equal(t, 400, st, name)
		assert.Equal(t, msg, errMsg(res), name)
	}
	st, res := ana.call("POST", "/api/saveReport/insertSaveReport", obj{"report_name": "ok", "report_type": "x", "filters": []int{1}})
	assert.Equal(t, 400, st)
	assert.Equal(t, "filters", res["error"].(obj)["field"])
	st, _ = ana.call("POST", "/api/saveReport/insertSaveReport", obj{"report_name": "ok", "report_type": "x", "folder_id": 424242})
	assert.Equal(t, 400, st, "someone else's or an unknown folder")
	assert.Zero(t, e.count(`SELECT count(*) FROM saved_reports`))

	full := obj{"report_name": "Laptops under market", "report_type": "all_my_products", "report_path": "/pricing/type/all_my_products",
		"filters": obj{"brand": obj{"values": []string{"Acer"}}}, "ordering": []obj{{"colId": "price", "sort": "asc"}},
		"visible_columns": []string{"name", "price"}, "columns_index": []string{"name"}, "group_mode": []string{"brand"},
		"competitors_visibility": []int{1}, "distribution_weights_cf": "revenue_30d", "folder_id": -1, "chart": true,
		"selected_rows": []string{"P1"}, "dates": obj{"from": "2026-01-01"}, "compareTo": "previous_period",
		"comparisonValues": []string{"avg"}, "condition": obj{"limit": 100}}
	st, res = ana.call("POST", "/api/saveReport/insertSaveReport", full)
	require.Equal(t, 200, st, "%v", res)
	id := num(res["id"])
	r := res["report"].(obj)
	for _, k := range []string{"report_name", "report_type", "report_path", "filters", "ordering", "visible_columns", "columns_index",
		"group_mode", "competitors_visibility", "distribution_weights_cf", "chart", "selected_rows", "dates", "compareTo", "comparisonValues", "condition"} {
		assert.EqualValues(t, roundTrip(t, full[k]), r[k], k)
	}
	assert.Equal(t, float64(-1), r["folder_id"])
	assert.Equal(t, false, r["is_old"])

	st, res = ana.call("POST", "/api/saveReport/getSaveReport", obj{"id": id})
	require.Equal(t, 200, st)
	assert.Equal(t, "Laptops under market", res["report"].(obj)["report_name"])
	st, res = ana.call("GET", "/api/saveReport/getAllSaveReports", nil)
	require.Equal(t, 200, st)
	assert.Len(t, res["reports"].([]any), 1)

	// Another user of the account does not see it by id or in the list; another account neither.
	for _, c := range []*client{ben, eve} {
		st, _ = c.call("POST", "/api/saveReport/getSaveReport", obj{"id": id})
		assert.Equal(t, 404, st)
		st, res = c.call("GET", "/api/saveReport/getAllSaveReports", nil)
		require.Equal(t, 200, st)
		assert.Empty(t, res["reports"])
	}
	st, _ = eve.call("POST", "/api/saveReport/updateSaveReport", obj{"id": id, "report_name": "hijack", "report_type": "x"})
	assert.Equal(t, 404, st)
	st, _ = eve.call("POST", "/api/saveReport/removeSaveReport", obj{"reportId": id})
	assert.Equal(t, 404, st)

	full["id"] = id
	full["report_name"] = "Laptops v2"
	st, res = ana.call("POST", "/api/saveReport/updateSaveReport", full)
	require.Equal(t, 200, st, "%v", res)
	assert.Equal(t, "Laptops v2", res["report"].(obj)["report_name"])

	// Share link of the saved report: read-only for another user of the account, unknown to other accounts.
	st, res = ana.call("POST", "/api/saveReport/insertSaveReportForCopyLink", obj{"reportId": id})
	require.Equal(t, 200, st, "%v", res)
	shareID := res["id"].(string)
	assert.Equal(t, "/pricing/share/"+shareID, res["url"])
	assert.Nil(t, res["expires_at"])
	st, res = ben.call("POST", "/api/saveReport/getSaveReport", obj{"id": shareID, "isShareLink": true})
	require.Equal(t, 200, st)
	assert.Equal(t, true, res["report"].(obj)["read_only"])
	assert.Equal(t, "Laptops v2", res["report"].(obj)["report_name"])
	st, _ = eve.call("POST", "/api/saveReport/getSaveReport", obj{"id": shareID, "isShareLink": true})
	assert.Equal(t, 404, st)

	// Unsaved report: the link lasts 30 days.
	st, res = ana.call("POST", "/api/saveReport/insertSaveReportForCopyLink", obj{"condition": obj{"report_path": "/pricing/type/x", "graphMode": false}})
	require.Equal(t, 200, st)
	unsaved := res["id"].(string)
	exp, err := time.Parse(time.RFC3339Nano, res["expires_at"].(string))
	require.NoError(t, err)
	assert.WithinDuration(t, time.Now().Add(30*24*time.Hour), exp, time.Minute)
	st, res = ben.call("POST", "/api/saveReport/getSaveReport", obj{"id": unsaved, "isShareLink": true})
	require.Equal(t, 200, st)
	assert.Equal(t, "/pricing/type/x", res["report"].(obj)["condition"].(obj)["report_path"])
	e.exec(`UPDATE share_links SET expires_at = now() - interval '1 second' WHERE id = $1`, unsaved)
	st, res = ben.call("POST", "/api/saveReport/getSaveReport", obj{"id": unsaved, "isShareLink": true})
	assert.Equal(t, 404, st)
	assert.Equal(t, "This share report is no longer available", errMsg(res))
	assert.Equal(t, "share_unavailable", errCode(res))

	// Schedules.
	sched := func(days string, users []int64, emails []string) (int, obj) {
		return ana.call("POST", "/api/saveReport/updateScheduledReport", obj{"updateScheduledReport": obj{"report_id": id,
			"scheduled_days": days, "user_ids": users, "email_ids": emails}})
	}
	st, res = sched("", []int64{benID}, nil)
	assert.Equal(t, 400, st)
	assert.Equal(t, "Select at least one recipient and schedule.", errMsg(res))
	st, res = sched("1,3", nil, nil)
	assert.Equal(t, 400, st)
	assert.Equal(t, "Select at least one recipient and schedule.", errMsg(res))
	st, res = sched("1", nil, []string{"no-at-sign"})
	assert.Equal(t, 400, st)
	assert.Equal(t, "Email is not correct. Please insert a correct email address.", errMsg(res))
	for _, bad := range []string{"9", "1,x", "-1"} {
		st, res = sched(bad, []int64{benID}, nil)
		assert.Equal(t, 400, st)
		assert.Equal(t, "scheduled_days must be weekday numbers 0 (Sunday) to 6 (Saturday), separated by commas", errMsg(res))
	}
	st, _ = sched("1", []int64{benID + 1000}, nil)
	assert.Equal(t, 400, st, "recipients must be users of the account")
	st, res = sched("3,1", []int64{benID}, []string{"boss@acme.test"})
	require.Equal(t, 200, st, "%v", res)
	assert.Equal(t, "1,3", res["report"].(obj)["scheduled_days"])
	assert.Equal(t, []any{"boss@acme.test"}, res["report"].(obj)["email_ids"])
	st, res = ana.call("GET", "/api/saveReport/getUsersEmailForScheduledReport", nil)
	require.Equal(t, 200, st)
	assert.Len(t, res["users"].([]any), 2)
	st, res = ana.call("POST", "/api/saveReport/removeScheduledReport", obj{"report_id": id})
	require.Equal(t, 200, st)
	assert.Equal(t, "", res["report"].(obj)["scheduled_days"])

	// Share by mail: recorded for the mail sender.
	st, res = ana.call("POST", "/api/system/sendShareLinkByMail", obj{"url": "/pricing/share/" + shareID, "emails": []string{}})
	assert.Equal(t, 400, st)
	assert.Equal(t, "Select at least one recipient for send a mail.", errMsg(res))
	st, res = ana.call("POST", "/api/system/sendShareLinkByMail", obj{"url": "/pricing/share/" + shareID, "emails": []string{"x"}})
	assert.Equal(t, 400, st)
	assert.Equal(t, "Email is not correct. Please insert a correct email address.", errMsg(res))
	st, res = ana.call("POST", "/api/system/sendShareLinkByMail", obj{"url": "/pricing/share/" + shareID, "emails": []string{"boss@acme.test"}, "condition": obj{}})
	require.Equal(t, 200, st)
	assert.Equal(t, "Share link was sent successfully", res["message"])
	assert.Equal(t, 1, e.count(`SELECT count(*) FROM mail_messages WHERE kind = 'share_link' AND account_id = $1 AND recipients = '{boss@acme.test}'`, acc))

	// Age: old at 30 days, expiry two months after that.
	e.exec(`UPDATE saved_reports SET when_added = now() - interval '31 days' WHERE id = $1`, id)
	st, res = ana.call("POST", "/api/saveReport/getSaveReport", obj{"id": id})
	require.Equal(t, 200, st)
	assert.Equal(t, true, res["report"].(obj)["is_old"])
	added, _ := time.Parse(time.RFC3339Nano, res["report"].(obj)["when_added"].(string))
	expires, _ := time.Parse(time.RFC3339Nano, res["report"].(obj)["expires_at"].(string))
	assert.Equal(t, added.Add(30*24*time.Hour).AddDate(0, 2, 0).Unix(), expires.Unix())

	// Removal: the shared link now says so.
	st, res = ana.call("POST", "/api/saveReport/removeSaveReport", obj{"reportId": id})
	require.Equal(t, 200, st)
	assert.Equal(t, "Report deleted successfully", res["message"])
	st, res = ben.call("POST", "/api/saveReport/getSaveReport", obj{"id": shareID, "isShareLink": true})
	assert.Equal(t, 404, st)
	assert.Equal(t, "This share report is no longer available", errMsg(res))
	st, _ = ana.call("POST", "/api/saveReport/removeSaveReport", obj{"reportId": id})
	assert.Equal(t, 404, st)

	// One audit row per change: create, update, share x2, schedule, unschedule, mail, delete.
	assert.Equal(t, 8, e.count(`SELECT count(*) FROM audit_log WHERE account_id = $1`, acc))
}

func roundTrip(t *testing.T, v any) any {
	t.Helper()
	c := obj{}
	b, _ := jsonMarshal(obj{"v": v})
	require.NoError(t, jsonUnmarshal(b, &c))
	return c["v"]
}

// Each JSON field of a saved report is capped (docs/reports.md#saved-reports), and the list of
// reports carries no saved grid state: it stays small however large the reports
// are, and the whole report comes from getSaveReport when it is opened.
func TestSavedReportFieldsAreCappedAndTheListIsSlim(t *testing.T) {
	e := newEnv(t, nil)
	acc := e.account("Acme")
	e.user("ana@acme.test", "analyst", acc)
	ana := e.login("ana@acme.test", acc)

	values := func(n int) []string {
		return strings.Split(strings.Repeat(strings.Repeat("v", 99)+",", n)[:100*n-1], ",")
	}
	tooBig := obj{"filterModel": obj{"brand": obj{"filterType": "set", "values": values(3000)}}} // ~300 KB
	for _, field := range []string{"condition", "filters", "selected_rows"} {
		body := obj{"report_name": "Big", "report_type": "all_my_products", field: tooBig}
		if field == "selected_rows" {
			body[field] = values(3000)
		}
		st, res := ana.call("POST", "/api/saveReport/insertSaveReport", body)
		assert.Equal(t, 400, st, field)
		assert.Equal(t, field, errField(res))
		assert.Equal(t, field+" is too large: at most 256 KB are allowed.", errMsg(res))
	}
	st, res := ana.call("POST", "/api/saveReport/insertSaveReportForCopyLink", obj{"condition": tooBig})
	assert.Equal(t, 400, st)
	assert.Equal(t, "condition", errField(res))
	assert.Zero(t, e.count(`SELECT count(*) FROM saved_reports`)+e.count(`SELECT count(*) FROM share_links`))

	atLimit := obj{"filterModel": obj{"brand": obj{"filterType": "set", "values": values(2500)}}} // ~250 KB
	var ids []int64
	for i := 0; i < 10; i++ {
		st, res = ana.call("POST", "/api/saveReport/insertSaveReport", obj{"report_name": "R" + string(rune('0'+i)),
			"report_type": "all_my_products", "condition": atLimit, "filters": atLimit["filterModel"]})
		require.Equal(t, 200, st, "%v", res)
		ids = append(ids, num(res["id"]))
	}
	req, _ := http.NewRequest("GET", e.srv.URL+"/api/saveReport/getAllSaveReports", nil)
	resp, err := ana.http.Do(req)
	require.NoError(t, err)
	raw, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	require.Equal(t, 200, resp.StatusCode)
	assert.Less(t, len(raw), 10<<10, "ten 500 KB reports list in a few KB")
	var list struct{ Reports []obj }
	require.NoError(t, json.Unmarshal(raw, &list))
	require.Len(t, list.Reports, 10)
	for _, r := range list.Reports {
		assert.NotContains(t, r, "condition")
		assert.NotContains(t, r, "filters")
		assert.Contains(t, r, "report_name")
		assert.Contains(t, r, "scheduled_days")
	}
	st, res = ana.call("POST", "/api/saveReport/getSaveReport", obj{"id": ids[3]})
	require.Equal(t, 200, st)
	got := res["report"].(obj)
	assert.Equal(t, "R3", got["report_name"])
	assert.Len(t, got["condition"].(obj)["filterModel"].(obj)["brand"].(obj)["values"], 2500, "the whole report by id")
}
