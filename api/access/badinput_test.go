package access_test

import (
	"bytes"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pricelens/api/access"
)

func TestBadInputIsA4xxAndChangesNothing(t *testing.T) {
	e := newEnv(t, nil)
	acc := e.account("Acme")
	e.user("admin@acme.test", "admin", acc)
	c := e.login("admin@acme.test", acc)
	before := e.count(`SELECT count(*) FROM audit_log`)

	// 10 MB bodies: with a length, and streamed without one.
	big := `{"report_name": "` + strings.Repeat("x", 10<<20) + `", "report_type": "t"}`
	st, res := c.call("POST", "/api/saveReport/insertSaveReport", big)
	assert.Equal(t, 413, st)
	assert.Equal(t, "The request body is too large.", errMsg(res))
	req, _ := http.NewRequest("POST", e.srv.URL+"/api/labels/insertNewLabels", io.MultiReader(strings.NewReader(`{"name": "`), bytes.NewReader(bytes.Repeat([]byte("y"), 10<<20)), strings.NewReader(`"}`)))
	req.ContentLength = -1
	req.Header.Set(access.CSRFHeader, c.csrf)
	resp, err := c.http.Do(req)
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, 413, resp.StatusCode)

	cases := []struct {
		method, path string
		body         any
		status       int
		msg          string
	}{
		{"POST", "/api/saveReport/insertSaveReport", `{"report_name": `, 400, "The request body is not valid JSON."},
		{"POST", "/api/saveReport/insertSaveReport", `{"report_name": 5, "report_type": "t"}`, 400, "report_name must be text"},
		{"POST", "/api/saveReport/insertSaveReport", `{"report_name": "a}b", "report_type": "t"}`, 400, "Report name can not contain the following: # % ^ ` { }"},
		{"POST", "/api/saveReport/insertSaveReport", `{"report_name": "ok"}`, 400, "report_type is required"},
		// A number no reader can hold was stored, and every answer carrying the report held it (the contract fuzzer's find).
		{"POST", "/api/saveReport/insertSaveReport", `{"report_name": "ok", "report_type": "all_my_products", "selected_rows": 1e400}`, 400, "selected_rows holds a number out of range: 1e400"},
		{"POST", "/api/saveReport/insertSaveReport", `{"report_name": "ok", "report_type": "all_my_products", "filters": {"price": {"filter": -2e308}}}`, 400, "filters holds a number out of range: -2e308"},
		{"POST", "/api/saveReport/getSaveReport", `{"id": 987654}`, 404, "Report not found"},
		{"POST", "/api/saveReport/getSaveReport", `{"id": "abc"}`, 400, "id must be a report id"},
		{"POST", "/api/saveReport/getSaveReport", `{"id": "nope", "isShareLink": true}`, 404, "This share report is no longer available"},
		{"POST", "/api/saveReport/updateSaveReport", `{"id": 987654, "report_name": "x", "report_type": "t"}`, 404, "Report not found"},
		{"POST", "/api/saveReport/removeSaveReport", `{"reportId": 987654}`, 404, "Report not found"},
		{"POST", "/api/saveReport/removeSaveReport", `{}`, 400, "reportId must be a report id"},
		{"POST", "/api/saveReport/updateScheduledReport", `{"updateScheduledReport": {"report_id": 987654, "scheduled_days": "1", "email_ids": ["a@b.co"]}}`, 404, "Report not found"},
		{"POST", "/api/saveReport/insertSaveReportForCopyLink", `{"reportId": 987654}`, 404, "Report not found"},
		{"GET", "/api/scenarios/987654", nil, 404, "Scenario not found"},
		{"PATCH", "/api/scenarios/987654", `{"name": "x"}`, 404, "Scenario not found"},
		{"PUT", "/api/scenarios/associate", `{"report_id": 987654, "folder_id": -1}`, 404, "Report not found"},
		{"POST", "/api/labels/insertProductLabels", `{"labelId": 987654, "productsIds": ["P1"]}`, 404, "Label not found"},
		{"POST", "/api/labels/insertProductLabels", `{"labelId": true}`, 400, "labelId must be a whole number"},
		{"POST", "/api/labels/removeLabel", `{"label_id": 987654}`, 404, "Label not found"},
		{"POST", "/api/labels/removeAlert", `{"report_id": 987654}`, 404, "Alert not found"},
		{"POST", "/api/users/updateUser", `{"user_id": 987654, "role": 2}`, 404, "User not found"},
		{"POST", "/api/users/addInternalUser", `{"email": "a@b.co", "categories": {"x": 1}}`, 400, "categories must be a list"},
		{"GET", "/api/custom_reports/987654", nil, 404, "Report not found"},
		{"GET", "/api/custom_reports/x1", nil, 400, "The id in the address must be a positive whole number"},
		{"POST", "/api/account/setAccount", `{"account_id": "Acme"}`, 400, "account_id must be a whole number"},
		{"GET", "/api/no/such/route", nil, 404, "This Page Could Not Be Found"},
		// The decoders' own words, never a Go parser's (strconv, encoding/json) or a Go type.
		{"GET", "/api/upload/getUploadFile?id=../../etc/passwd", nil, 400, "id must be a whole number"},
		{"GET", "/api/upload/getUploadFile?id=99999999999999999999", nil, 400, "id must be a whole number"},
		{"GET", "/api/rules/getAuditLog?limit=ten", nil, 400, "limit must be a whole number"},
		{"POST", "/api/tabular/getCountOfRow", `{"condition": {"startRow": "zero"}}`, 400, "startRow: must be a whole number, not text"},
		{"POST", "/api/tabular/getCountOfRow", `{"condition": {"filters": [1]}}`, 400, "filters: must be an object, not a list"},
		{"POST", "/api/tabular/getCountOfRow", `{"condition": {"sort": [{"colId": 5}]}}`, 400, "sort.colId: must be text, not a number"},
		{"POST", "/api/tabular/getCountOfRow", `{"condition": {"search": tru}}`, 400, "The request body is not valid JSON."},
		// The contract fuzzer's find: JSON followed by more was read as its first value (a 500 at the export).
		{"POST", "/api/tabular/exportDataToCsv", `{"condition": "null?"}`, 400, "condition: is not valid JSON (at character 4)"},
		{"POST", "/api/labels/insertProductLabels", `{"labelId": 1e400}`, 400, "labelId must be a whole number"},
		// An id past its column's range is one that does not exist (the contract fuzzer's find: a 500).
		{"POST", "/api/system/deleteRole", `{"roleId": 9223372036854775807}`, 404, "Role not found"},
		{"POST", "/api/system/renameRole", `{"roleId": 40000, "roleName": "x"}`, 404, "Role not found"},
		// A field of an embedded struct is named as the body names it, not after the Go type it is declared in.
		{"POST", "/api/rules/preview", `{"name": "x", "section": "middle", "rule_type": "target", "source": 1}`, 400, "source must be an object"},
		{"POST", "/api/saveReport/updateScheduledReport", `{"report_id": 1, "user_ids": "x"}`, 400, "user_ids must be a list"},
	}
	// What gives away the server's insides: a Go package, parser text or type name.
	internals := regexp.MustCompile(`strconv\.|json:|encoding/|cannot unmarshal|invalid syntax|invalid character|\b(u?int(8|16|32|64)?|float(32|64)|\[\]string|map\[)\b|engine\.|\.go:|DB::|Code: \d+`)
	for _, tc := range cases {
		st, res := c.call(tc.method, tc.path, tc.body)
		assert.Equal(t, tc.status, st, "%s %s %v", tc.method, tc.path, res)
		assert.Equal(t, tc.msg, errMsg(res), "%s %s", tc.method, tc.path)
		assert.NotRegexp(t, internals, errMsg(res), "%s %s", tc.method, tc.path)
	}
	assert.Equal(t, before, e.count(`SELECT count(*) FROM audit_log`), "no bad request changed anything")
	assert.Zero(t, e.count(`SELECT count(*) FROM saved_reports`)+e.count(`SELECT count(*) FROM labels`)+e.count(`SELECT count(*) FROM share_links`))
}
