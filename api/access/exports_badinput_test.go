package access_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pricelens/deploy/testenv"
)

// Issue 13's "Done when" bad input, through the whole server on real PostgreSQL and
// ClickHouse: unknown report names, malformed schedules, invalid addresses (for
// share mails, schedules and alerts) — each a 4xx with a message a person can act
// on, and nothing written: no export, mail, alert, schedule or audit row. (Other
// users' export names and aborting a finished export: api/grid export_test.go;
// malformed cron expressions and export schedules: export_schedules_test.go and
// main_test.go.)
func TestExportAndDeliveryBadInputChangesNothing(t *testing.T) {
	w, _ := testenv.ClickHouse(t)
	e := newEnv(t, w)
	acc := e.account("Acme")
	other := e.account("Other")
	e.user("ada@acme.test", "admin", acc)
	eveID := e.user("eve@other.test", "admin", other)
	ada := e.login("ada@acme.test", acc)
	var comp int64
	require.NoError(t, e.db.QueryRow(t.Context(), `SELECT min(id) FROM competitors WHERE account_id = $1`, acc).Scan(&comp))
	st, res := ada.call("POST", "/api/saveReport/insertSaveReport", obj{"report_name": "Lego", "report_type": "all_my_products"})
	require.Equal(t, 200, st, "%v", res)
	report := num(res["id"])
	st, res = ada.call("POST", "/api/saveReport/insertSaveReportForCopyLink", obj{"reportId": report})
	require.Equal(t, 200, st, "%v", res)
	share := res["id"].(string)
	var theirs int64
	require.NoError(t, e.db.QueryRow(t.Context(), `INSERT INTO saved_reports (account_id, user_id, report_name, report_type)
		VALUES ($1, $2, 'Theirs', 'all_my_products') RETURNING id`, other, eveID).Scan(&theirs))

	const badEmail = "Email is not correct. Please insert a correct email address."
	const notAReport = `report_type: "no_such_report" is not a report (see the report index: all_my_products, my_products_at_competitors, competitiveness_metrics_snapshot, constraints_report, competitive_landscape_by_<level>, price_distribution_by_<level>)`
	schedule := func(set obj) obj {
		s := obj{"report_id": report, "scheduled_days": "1", "email_ids": []string{"boss@acme.test"}}
		for k, v := range set {
			s[k] = v
		}
		return obj{"updateScheduledReport": s}
	}
	alert := func(set obj) obj {
		a := obj{"saved_report_id": report, "label_name": "Drops", "competitorsIds": []int64{comp}, "frequency": 0,
			"email_ids": []string{"boss@acme.test"}}
		for k, v := range set {
			a[k] = v
		}
		return a
	}
	shareMail := func(emails any) obj {
		return obj{"url": "/pricing/share/" + share, "emails": emails, "condition": obj{}}
	}
	injected := "boss@acme.test\r\nBcc: everyone@evil.example"
	before := e.count(`SELECT count(*) FROM audit_log`)
	for _, tc := range []struct {
		name, method, path string
		body               any
		status             int
		msg                string
	}{
		// Unknown report names.
		{"export of an unknown report", "POST", "/api/tabular/exportDataToCsv", obj{"condition": obj{"report_type": "no_such_report"}}, 400, notAReport},
		{"columns of an unknown report", "POST", "/api/tabular/getColumnsDef", obj{"reportId": "no_such_report"}, 400, `"no_such_report" is neither a predefined report nor a saved report id`},
		{"download of an unknown export", "GET", "/api/tabular/getCsvFile?reportName=no_such_export", nil, 404, "This export does not exist. Start a new export from the report."},
		{"schedule of an unknown report", "POST", "/api/saveReport/updateScheduledReport", schedule(obj{"report_id": 987654}), 404, "Report not found"},
		{"schedule of another account's report", "POST", "/api/saveReport/updateScheduledReport", schedule(obj{"report_id": theirs}), 404, "Report not found"},
		{"alert on an unknown report", "POST", "/api/labels/addAlert", alert(obj{"saved_report_id": 987654}), 404, "Report not found"},
		{"alert on another account's report", "POST", "/api/labels/addAlert", alert(obj{"saved_report_id": theirs}), 404, "Report not found"},
		{"share link of another account's report", "POST", "/api/saveReport/insertSaveReportForCopyLink", obj{"reportId": theirs}, 404, "Report not found"},
		// Malformed schedules.
		{"weekday 7", "POST", "/api/saveReport/updateScheduledReport", schedule(obj{"scheduled_days": "7"}), 400, "scheduled_days must be weekday numbers 0 (Sunday) to 6 (Saturday), separated by commas"},
		{"weekday names", "POST", "/api/saveReport/updateScheduledReport", schedule(obj{"scheduled_days": "mon,tue"}), 400, "scheduled_days must be weekday numbers 0 (Sunday) to 6 (Saturday), separated by commas"},
		{"an empty weekday", "POST", "/api/saveReport/updateScheduledReport", schedule(obj{"scheduled_days": "1,,2"}), 400, "scheduled_days must be weekday numbers 0 (Sunday) to 6 (Saturday), separated by commas"},
		{"weekdays as a list", "POST", "/api/saveReport/updateScheduledReport", schedule(obj{"scheduled_days": []int{1, 2}}), 400, "updateScheduledReport.scheduled_days must be text"},
		{"no weekday", "POST", "/api/saveReport/updateScheduledReport", schedule(obj{"scheduled_days": ""}), 400, "Select at least one recipient and schedule."},
		{"no recipient", "POST", "/api/saveReport/updateScheduledReport", schedule(obj{"email_ids": []string{}}), 400, "Select at least one recipient and schedule."},
		{"a report id that is no number", "POST", "/api/saveReport/updateScheduledReport", schedule(obj{"report_id": "Lego"}), 400, "updateScheduledReport.report_id must be a whole number"},
		// Invalid addresses.
		{"schedule to no address", "POST", "/api/saveReport/updateScheduledReport", schedule(obj{"email_ids": []string{"boss"}}), 400, badEmail},
		{"schedule with a header in the address", "POST", "/api/saveReport/updateScheduledReport", schedule(obj{"email_ids": []string{injected}}), 400, badEmail},
		{"schedule to a display name", "POST", "/api/saveReport/updateScheduledReport", schedule(obj{"email_ids": []string{"Boss <boss@acme.test>"}}), 400, badEmail},
		{"share mail to no address", "POST", "/api/system/sendShareLinkByMail", shareMail([]string{"boss@"}), 400, badEmail},
		{"share mail with a header in the address", "POST", "/api/system/sendShareLinkByMail", shareMail([]string{injected}), 400, badEmail},
		{"share mail to two addresses in one", "POST", "/api/system/sendShareLinkByMail", shareMail([]string{"a@acme.test, b@acme.test"}), 400, badEmail},
		{"alert to no address", "POST", "/api/labels/addAlert", alert(obj{"email_ids": []string{"@acme.test"}}), 400, badEmail},
		{"alert with a header in the address", "POST", "/api/labels/addAlert", alert(obj{"email_ids": []string{injected}}), 400, badEmail},
		{"alert to another account's user", "POST", "/api/labels/addAlert", alert(obj{"user_ids": []int64{eveID}}), 400, "Some recipients are not users of this account."},
	} {
		st, res := ada.call(tc.method, tc.path, tc.body)
		assert.Equal(t, tc.status, st, "%s: %v", tc.name, res)
		assert.Equal(t, tc.msg, errMsg(res), tc.name)
	}
	assert.Equal(t, before, e.count(`SELECT count(*) FROM audit_log`), "no bad request changed anything")
	for _, table := range []string{"export_jobs", "mail_messages", "alerts", "drop_schedules"} {
		assert.Zero(t, e.count(fmt.Sprintf(`SELECT count(*) FROM %s`, table)), table)
	}
	assert.Zero(t, e.count(`SELECT count(*) FROM saved_reports WHERE scheduled_days <> ''`), "no report got scheduled")
}
