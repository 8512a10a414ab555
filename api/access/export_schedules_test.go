package access_test

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Export schedules in the app (issue 13): an administrator lists, adds and removes
// the account's schedules; each writes inside the account's drop folder only; bad
// input is a 400 naming the field, and changes nothing.
func TestExportSchedulesOverHTTP(t *testing.T) {
	root := t.TempDir()
	t.Setenv("PRICELENS_DROP_ROOT", root)
	e := newEnv(t, nil)
	acc := e.account("Acme")
	other := e.account("Other")
	adminID := e.user("ada@acme.test", "admin", acc)
	e.user("ana@acme.test", "analyst", acc)
	eveID := e.user("eve@other.test", "admin", other)
	ada := e.login("ada@acme.test", acc)
	ana := e.login("ana@acme.test", acc)
	eve := e.login("eve@other.test", other)
	report := func(account, user int64, name string) int64 {
		var id int64
		require.NoError(t, e.db.QueryRow(t.Context(), `INSERT INTO saved_reports (account_id, user_id, report_name, report_type, condition)
			VALUES ($1, $2, $3, 'all_my_products', '{"report_type":"all_my_products"}') RETURNING id`, account, user, name).Scan(&id))
		return id
	}
	mine := report(acc, adminID, "Priced a-z")
	theirs := report(other, eveID, "Theirs")
	accRoot := filepath.Join(root, fmt.Sprintf("account-%d", acc))
	require.NoError(t, os.MkdirAll(accRoot, 0o750))
	outside := t.TempDir()
	require.NoError(t, os.Symlink(outside, filepath.Join(accRoot, "escape")))

	good := func() obj {
		return obj{"report_id": mine, "cron": "0 6 * * 1-5", "format": "csv", "directory": "daily/finance"}
	}
	audits := e.count(`SELECT count(*) FROM audit_log`)
	for _, tc := range []struct {
		set          obj
		status       int
		field, msgIs string
	}{
		{obj{"report_id": 987654}, 404, "", "Report not found"},
		{obj{"report_id": theirs}, 404, "", "Report not found"},
		{obj{"report_id": "abc"}, 400, "report_id", "report_id must be a whole number"},
		{obj{"cron": ""}, 400, "cron", `cron is required: five fields, minute hour day-of-month month day-of-week, e.g. "0 6 * * 1-5"`},
		{obj{"cron": "61 * * * *"}, 400, "cron", ""},
		{obj{"cron": "0 6 * *"}, 400, "cron", ""},
		{obj{"cron": "every morning"}, 400, "cron", ""},
		{obj{"cron": "CRON_TZ=Mars/Olympus 0 6 * * *"}, 400, "cron", ""},
		{obj{"cron": "0 0 30 2 *"}, 400, "cron", `cron expression "0 0 30 2 *" never runs: no day matches it`},
		{obj{"format": "xlsx"}, 400, "format", `format "xlsx" is not known: use csv or parquet`},
		{obj{"directory": "/etc"}, 400, "directory", `directory "/etc" is an absolute path: name a folder inside the account's drop folder, such as daily/finance`},
		{obj{"directory": "../account-2"}, 400, "directory", `directory "../account-2" goes up with "..": name a folder inside the account's drop folder, such as daily/finance`},
		{obj{"directory": "a/../../b"}, 400, "directory", `directory "a/../../b" goes up with "..": name a folder inside the account's drop folder, such as daily/finance`},
		{obj{"directory": "escape/deeper"}, 400, "directory", `directory "escape/deeper" leads out of the account's drop folder: name a folder inside the account's drop folder, such as daily/finance`},
		{obj{"directory": "x\ny"}, 400, "directory", `directory "x\ny" contains control characters: name a folder inside the account's drop folder, such as daily/finance`},
	} {
		b := good()
		for k, v := range tc.set {
			b[k] = v
		}
		st, res := ada.call("POST", "/api/export/addSchedule", b)
		assert.Equal(t, tc.status, st, "%v: %v", tc.set, res)
		if tc.field != "" {
			assert.Equal(t, tc.field, res["error"].(obj)["field"], "%v", tc.set)
		}
		if tc.msgIs != "" {
			assert.Equal(t, tc.msgIs, errMsg(res), "%v", tc.set)
		} else {
			assert.Contains(t, errMsg(res), "cron expression", "%v: %v", tc.set, res)
		}
	}
	assert.Zero(t, e.count(`SELECT count(*) FROM drop_schedules`), "no bad request stored a schedule")
	assert.Equal(t, audits, e.count(`SELECT count(*) FROM audit_log`))
	entries, err := os.ReadDir(accRoot)
	require.NoError(t, err)
	assert.Len(t, entries, 1, "no bad request created a folder (only the test's link is there)")

	// Only administrators ("manage application settings") see and change them.
	st, res := ana.call("GET", "/api/export/getSchedules", nil)
	assert.Equal(t, 403, st, "%v", res)
	st, _ = ana.call("POST", "/api/export/addSchedule", good())
	assert.Equal(t, 403, st)

	start := time.Now()
	st, res = ada.call("POST", "/api/export/addSchedule", good())
	require.Equal(t, 200, st, "%v", res)
	sc := res["schedule"].(obj)
	id := num(sc["id"])
	assert.Equal(t, "daily/finance", sc["directory"])
	assert.Equal(t, "Priced a-z", sc["report_name"])
	assert.Nil(t, sc["last_run"], "never ran")
	next, err := time.Parse(time.RFC3339, sc["next_due"].(string))
	require.NoError(t, err)
	assert.True(t, next.After(start) && next.Hour() == 6 && next.Minute() == 0, "next run %s", next)
	var dir string
	var by int64
	require.NoError(t, e.db.QueryRow(t.Context(), `SELECT directory, created_by FROM drop_schedules WHERE id = $1`, id).Scan(&dir, &by))
	assert.Equal(t, filepath.Join(accRoot, "daily", "finance"), dir, "stored as the whole path the worker writes")
	assert.Equal(t, adminID, by)

	st, res = ada.call("GET", "/api/export/getSchedules", nil)
	require.Equal(t, 200, st, "%v", res)
	assert.Equal(t, accRoot, res["root"])
	assert.Equal(t, []any{obj{"id": float64(mine), "name": "Priced a-z", "owner": "ada@acme.test"}}, res["reports"],
		"the account's reports to choose from, not another account's")
	require.Len(t, res["schedules"], 1)
	assert.Equal(t, float64(id), res["schedules"].([]any)[0].(obj)["id"])

	// Another account neither sees nor removes it.
	st, res = eve.call("GET", "/api/export/getSchedules", nil)
	require.Equal(t, 200, st)
	assert.Empty(t, res["schedules"])
	assert.Equal(t, filepath.Join(root, fmt.Sprintf("account-%d", other)), res["root"])
	st, res = eve.call("POST", "/api/export/removeSchedule", obj{"id": id})
	assert.Equal(t, 404, st)
	assert.Equal(t, "Export schedule not found", errMsg(res))
	st, res = ada.call("POST", "/api/export/removeSchedule", obj{"id": 0})
	assert.Equal(t, 400, st)
	assert.Equal(t, "id must be an export schedule id", errMsg(res))

	st, _ = ada.call("POST", "/api/export/removeSchedule", obj{"id": id})
	require.Equal(t, 200, st)
	st, res = ada.call("POST", "/api/export/removeSchedule", obj{"id": id})
	assert.Equal(t, 404, st, "removing twice: %v", res)
	assert.Zero(t, e.count(`SELECT count(*) FROM drop_schedules`))
}
