package access_test

import (
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pricelens/api/appstate"
	"pricelens/api/signed"
)

func TestAlerts(t *testing.T) {
	e := newEnv(t, nil)
	acc := e.account("Acme")
	other := e.account("Other")
	e.user("ana@acme.test", "analyst", acc)
	benID := e.user("ben@acme.test", "viewer", acc)
	eveID := e.user("eve@other.test", "admin", other)
	ana := e.login("ana@acme.test", acc)
	eve := e.login("eve@other.test", other)
	var comp, otherComp int64
	require.NoError(t, e.db.QueryRow(t.Context(), `SELECT min(id) FROM competitors WHERE account_id = $1`, acc).Scan(&comp))
	require.NoError(t, e.db.QueryRow(t.Context(), `SELECT min(id) FROM competitors WHERE account_id = $1`, other).Scan(&otherComp))

	good := func() obj {
		return obj{"label_name": "Price drops", "competitorsIds": []string{fmt.Sprint(comp)}, "frequency": 0,
			"email_ids": []string{"boss@acme.test"}, "user_ids": []string{fmt.Sprint(benID)}}
	}
	for _, mut := range []func(obj){
		func(o obj) { delete(o, "label_name") },
		func(o obj) { delete(o, "frequency") },
		func(o obj) { o["frequency"] = 2 },
		func(o obj) { o["competitorsIds"] = []string{} },
		func(o obj) { o["email_ids"] = []string{}; o["user_ids"] = []string{} },
	} {
		b := good()
		mut(b)
		st, res := ana.call("POST", "/api/labels/addAlert", b)
		assert.Equal(t, 400, st, "%v", b)
		assert.Equal(t, "*please fill all fields", errMsg(res), "%v", b)
	}
	b := good()
	b["competitorsIds"] = []int64{otherComp}
	st, _ := ana.call("POST", "/api/labels/addAlert", b)
	assert.Equal(t, 400, st, "another account's competitor")
	b = good()
	b["user_ids"] = []int64{eveID}
	st, _ = ana.call("POST", "/api/labels/addAlert", b)
	assert.Equal(t, 400, st, "another account's user")
	assert.Zero(t, e.count(`SELECT count(*) FROM alerts`))

	st, res := ana.call("POST", "/api/labels/addAlert", good())
	require.Equal(t, 200, st, "%v", res)
	al := res["alert"].(obj)
	id := num(al["report_id"])
	assert.Equal(t, []any{float64(comp)}, al["competitorsIds"])
	upd := good()
	upd["report_id"] = id
	upd["frequency"] = "1"
	st, res = ana.call("POST", "/api/labels/addAlert", upd)
	require.Equal(t, 200, st, "%v", res)
	assert.Equal(t, float64(1), res["alert"].(obj)["frequency"])
	st, res = ana.call("GET", "/api/labels/getAllAlerts", nil)
	require.Equal(t, 200, st)
	assert.Len(t, res["alerts"], 1)

	st, res = eve.call("GET", "/api/labels/getAllAlerts", nil)
	require.Equal(t, 200, st)
	assert.Empty(t, res["alerts"])
	upd["competitorsIds"] = []int64{otherComp}
	upd["user_ids"] = []int64{}
	st, _ = eve.call("POST", "/api/labels/addAlert", upd)
	assert.Equal(t, 404, st, "another account cannot update it by id")
	st, _ = eve.call("POST", "/api/labels/removeAlert", obj{"report_id": id})
	assert.Equal(t, 404, st)
	st, _ = ana.call("POST", "/api/labels/removeAlert", obj{"report_id": id})
	require.Equal(t, 200, st)
	st, _ = ana.call("POST", "/api/labels/removeAlert", obj{"report_id": id})
	assert.Equal(t, 404, st)
	assert.Equal(t, 3, e.count(`SELECT count(*) FROM audit_log WHERE account_id = $1 AND entity = 'alert'`, acc))
}

// TestAlertOnASavedReport is the tabular screen's Alert dialog on a saved report:
// it names the report as saved_report_id (it used to send it as report_id, which
// the server reads as the alert's own id: 404 "Alert not found", or another
// alert overwritten). Two alerts on one report are two alerts; updating one keeps
// its report; another account's report is not found; a bad date filter is a 400.
func TestAlertOnASavedReport(t *testing.T) {
	e := newEnv(t, nil)
	acc := e.account("Acme")
	other := e.account("Other")
	e.user("ana@acme.test", "analyst", acc)
	e.user("eve@other.test", "admin", other)
	ana := e.login("ana@acme.test", acc)
	eve := e.login("eve@other.test", other)
	var comp int64
	require.NoError(t, e.db.QueryRow(t.Context(), `SELECT min(id) FROM competitors WHERE account_id = $1`, acc).Scan(&comp))
	st, res := ana.call("POST", "/api/saveReport/insertSaveReport", obj{"report_name": "Scratch", "report_type": "all_my_products"})
	require.Equal(t, 200, st, "%v", res)
	st, res = ana.call("POST", "/api/saveReport/insertSaveReport", obj{"report_name": "Lego", "report_type": "all_my_products"})
	require.Equal(t, 200, st, "%v", res)
	reportID := num(res["id"])
	st, res = eve.call("POST", "/api/saveReport/insertSaveReport", obj{"report_name": "Theirs", "report_type": "all_my_products"})
	require.Equal(t, 200, st, "%v", res)
	theirs := num(res["id"])

	dialog := func(name string) obj {
		return obj{"saved_report_id": reportID, "label_name": name, "competitorsIds": []int64{comp}, "frequency": 1,
			"email_ids": []string{"boss@acme.test"}, "user_ids": []string{}}
	}
	st, res = ana.call("POST", "/api/labels/addAlert", dialog("Weekly drops"))
	require.Equal(t, 200, st, "the dialog's request on a saved report: %v", res)
	first := res["alert"].(obj)
	assert.Equal(t, reportID, num(first["saved_report_id"]))
	assert.NotEqual(t, reportID, num(first["report_id"]), "the alert has its own id")
	st, res = ana.call("POST", "/api/labels/addAlert", obj{"report_id": reportID, "label_name": "The old dialog",
		"competitorsIds": []int64{comp}, "frequency": 1, "email_ids": []string{"boss@acme.test"}})
	assert.Equal(t, 404, st, "report_id names an alert, not a report")
	assert.Equal(t, "Alert not found", errMsg(res))
	assert.Equal(t, float64(7), first["date_filter"], "a weekly alert looks at the last 7 days unless told")
	assert.Equal(t, false, first["only_changes_since_last_notification"])

	second := dialog("Daily drops")
	second["frequency"] = 0
	second["date_filter"] = 30
	second["only_changes_since_last_notification"] = true
	st, res = ana.call("POST", "/api/labels/addAlert", second)
	require.Equal(t, 200, st, "%v", res)
	assert.Equal(t, float64(30), res["alert"].(obj)["date_filter"])
	assert.Equal(t, true, res["alert"].(obj)["only_changes_since_last_notification"])
	assert.Equal(t, 2, e.count(`SELECT count(*) FROM alerts WHERE account_id = $1 AND saved_report_id = $2`, acc, int64(reportID)),
		"a second alert on the report does not overwrite the first")

	upd := dialog("Weekly drops, renamed")
	upd["report_id"] = first["report_id"]
	st, res = ana.call("POST", "/api/labels/addAlert", upd)
	require.Equal(t, 200, st, "%v", res)
	assert.Equal(t, "Weekly drops, renamed", res["alert"].(obj)["label_name"])
	assert.Equal(t, reportID, num(res["alert"].(obj)["saved_report_id"]))
	st, res = ana.call("GET", "/api/labels/getAllAlerts", nil)
	require.Equal(t, 200, st)
	require.Len(t, res["alerts"], 2)

	bad := dialog("Theirs")
	bad["saved_report_id"] = theirs
	st, res = ana.call("POST", "/api/labels/addAlert", bad)
	assert.Equal(t, 404, st)
	assert.Equal(t, "Report not found", errMsg(res))
	bad = dialog("Odd period")
	bad["date_filter"] = 3
	st, res = ana.call("POST", "/api/labels/addAlert", bad)
	assert.Equal(t, 400, st)
	assert.Equal(t, "The date filter must be 1, 7, 14, 30, 60 or 180 days", errMsg(res))
	assert.Equal(t, 2, e.count(`SELECT count(*) FROM alerts WHERE account_id = $1`, acc), "refused requests change nothing")
}

// An alert on a label (no report): label_id names one of the account's labels;
// another account's or an unknown label is a 404, a report and a label together a
// 400, and none of them changes anything.
func TestAlertOnALabel(t *testing.T) {
	e := newEnv(t, nil)
	acc := e.account("Acme")
	other := e.account("Other")
	e.user("ana@acme.test", "analyst", acc)
	e.user("eve@other.test", "admin", other)
	ana := e.login("ana@acme.test", acc)
	var comp, label, theirs int64
	require.NoError(t, e.db.QueryRow(t.Context(), `SELECT min(id) FROM competitors WHERE account_id = $1`, acc).Scan(&comp))
	require.NoError(t, e.db.QueryRow(t.Context(), `INSERT INTO labels (account_id, name, color) VALUES ($1, 'Summer', 'ff0000') RETURNING id`, acc).Scan(&label))
	require.NoError(t, e.db.QueryRow(t.Context(), `INSERT INTO labels (account_id, name, color) VALUES ($1, 'Theirs', 'ff0000') RETURNING id`, other).Scan(&theirs))
	st, res := ana.call("POST", "/api/saveReport/insertSaveReport", obj{"report_name": "Lego", "report_type": "all_my_products"})
	require.Equal(t, 200, st, "%v", res)
	reportID := num(res["id"])
	alert := func(set obj) obj {
		b := obj{"label_id": label, "label_name": "Summer prices", "competitorsIds": []int64{comp}, "frequency": 0,
			"email_ids": []string{"boss@acme.test"}}
		for k, v := range set {
			b[k] = v
		}
		return b
	}
	for _, tc := range []struct {
		set    obj
		status int
		msg    string
	}{
		{obj{"label_id": theirs}, 404, "Label not found"},
		{obj{"label_id": 987654}, 404, "Label not found"},
		{obj{"label_id": "x"}, 400, "label_id must be a whole number"},
		{obj{"label_id": -3}, 400, "label_id must be a label id"},
		{obj{"saved_report_id": reportID}, 400, "An alert watches a report or a label, not both."},
	} {
		st, res := ana.call("POST", "/api/labels/addAlert", alert(tc.set))
		assert.Equal(t, tc.status, st, "%v: %v", tc.set, res)
		assert.Equal(t, tc.msg, errMsg(res), "%v", tc.set)
	}
	assert.Zero(t, e.count(`SELECT count(*) FROM alerts`))
	assert.Zero(t, e.count(`SELECT count(*) FROM audit_log WHERE entity = 'alert'`))

	st, res = ana.call("POST", "/api/labels/addAlert", alert(nil))
	require.Equal(t, 200, st, "%v", res)
	al := res["alert"].(obj)
	assert.Equal(t, label, num(al["label_id"]))
	assert.Zero(t, num(al["saved_report_id"]))
	// Updated onto a report, it leaves the label.
	st, res = ana.call("POST", "/api/labels/addAlert", alert(obj{"report_id": al["report_id"], "label_id": 0, "saved_report_id": reportID}))
	require.Equal(t, 200, st, "%v", res)
	assert.Zero(t, num(res["alert"].(obj)["label_id"]))
	assert.Equal(t, reportID, num(res["alert"].(obj)["saved_report_id"]))
}

func TestCustomReportsAndEmbedToken(t *testing.T) {
	t.Setenv("PRICELENS_EMBED_SECRET", "a-test-secret-of-some-length")
	e := newEnv(t, nil)
	acc := e.account("Acme")
	other := e.account("Other")
	e.user("vic@acme.test", "viewer", acc)
	e.user("eve@other.test", "admin", other)
	var rid, secretID int64
	require.NoError(t, e.db.QueryRow(t.Context(), `INSERT INTO custom_reports (account_id, name, report_type, embed_url)
		VALUES ($1, 'Margins', 1, 'https://bi.example/dash/7') RETURNING id`, acc).Scan(&rid))
	require.NoError(t, e.db.QueryRow(t.Context(), `INSERT INTO custom_reports (account_id, name, embed_url)
		VALUES ($1, 'Secret', 'https://bi.example/dash/9') RETURNING id`, other).Scan(&secretID))
	vic := e.login("vic@acme.test", acc)
	eve := e.login("eve@other.test", other)

	st, res := vic.call("GET", "/api/custom_reports", nil)
	require.Equal(t, 200, st)
	require.Len(t, res["reports"], 1)
	assert.Equal(t, "Margins", res["reports"].([]any)[0].(obj)["name"])
	st, res = vic.call("GET", fmt.Sprintf("/api/custom_reports/%d", rid), nil)
	require.Equal(t, 200, st)
	assert.Equal(t, float64(1), res["report"].(obj)["report_type"])
	st, _ = vic.call("GET", fmt.Sprintf("/api/custom_reports/%d", secretID), nil)
	assert.Equal(t, 404, st)
	st, _ = eve.call("GET", fmt.Sprintf("/api/custom_reports/%d/embed", rid), nil)
	assert.Equal(t, 404, st)

	st, res = vic.call("GET", fmt.Sprintf("/api/custom_reports/%d/embed", rid), nil)
	require.Equal(t, 200, st)
	emb := res["embed"].(obj)
	tok := emb["embed_token"].(string)
	u, err := url.Parse(emb["embed_url"].(string))
	require.NoError(t, err)
	assert.Equal(t, tok, u.Query().Get("embed_token"))
	assert.True(t, strings.HasPrefix(emb["embed_url"].(string), "https://bi.example/dash/7?"))
	key := signed.Keys{Current: []byte("a-test-secret-of-some-length")}
	cl, err := appstate.VerifyEmbed(key, tok, time.Now())
	require.NoError(t, err)
	assert.Equal(t, rid, cl.ReportID)
	assert.Equal(t, acc, cl.AccountID)
	_, err = appstate.VerifyEmbed(key, tok, time.Now().Add(appstate.EmbedTTL+time.Minute))
	assert.Error(t, err, "the token is short-lived")
	_, err = appstate.VerifyEmbed(key, tok[:len(tok)-2]+"xx", time.Now())
	assert.Error(t, err, "a tampered token does not verify")
	_, err = appstate.VerifyEmbed(signed.Keys{Current: []byte("another key entirely")}, tok, time.Now())
	assert.Error(t, err)
}
