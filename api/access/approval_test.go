package access_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pricelens/api/access"
	"pricelens/store"
)

// Manual approval through the API (issue 16) on the S data set: a real run whose
// every changed price waits for a decision (a +10 % target, auto-approve 0 %), then
// the grid, decisions one by one and by select-all, the bizfin comment, the
// approval CSV (every file rule and the all-or-nothing rows), concurrent
// decisions, permissions and tenancy.

// uploadCSV posts a file in the multipart field UploadCsv.
func (c *client) uploadCSV(t *testing.T, path, name, content string) (int, obj) {
	t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	part, err := mw.CreateFormFile("UploadCsv", name)
	require.NoError(t, err)
	_, _ = part.Write([]byte(content))
	require.NoError(t, mw.Close())
	return c.callWith("POST", path, body.Bytes(), map[string]string{access.CSRFHeader: c.csrf, "Content-Type": mw.FormDataContentType()})
}

// approvalRows reads one block of the approval grid.
func approvalRows(t *testing.T, c *client, cond obj) ([]obj, int64) {
	t.Helper()
	st, body := c.call("POST", "/api/approval/getConditionsData", obj{"data": cond})
	require.Equal(t, 200, st, "%v", body)
	var out []obj
	for _, r := range body["rows"].([]any) {
		out = append(out, r.(map[string]any))
	}
	return out, num(body["run_id"])
}

func approvalCount(t *testing.T, c *client, cond obj) (int64, int64) {
	t.Helper()
	st, body := c.call("POST", "/api/approval/getCountOfRow", obj{"conditionData": cond})
	require.Equal(t, 200, st, "%v", body)
	return num(body["count"]), num(body["pending"])
}

var pendingOnly = obj{"filters": obj{"status": obj{"filterType": "radio", "value": "Pending"}}}

func TestApproval(t *testing.T) {
	p := loadPricerEnv(t)
	const csvPath = "/api/upload/uploadApprovalCsv"

	// Before any run: an empty grid, and a CSV has nothing to apply to.
	rows, _ := approvalRows(t, p.admin, obj{})
	require.Empty(t, rows)
	st, body := p.admin.uploadCSV(t, csvPath, "a.csv", "fsn,status,bizfin comment\nX,approved,\n")
	require.Equal(t, 409, st)
	require.Equal(t, "There are no approval records yet: run the pricer first.", errMsg(body))

	for _, c := range []*client{p.admin, p.admin2} {
		p.addRule(t, c, obj{"name": "Up ten", "section": "middle", "rule_type": "target", "source": obj{"kind": "my_price"}, "adjust": obj{"percent": 10}})
	}
	run1 := p.start(t, p.admin, false)
	run2 := p.start(t, p.admin2, false)
	total := int64(p.e.count(`SELECT count(*) FROM approval_records WHERE run_id = $1 AND status = 'Pending'`, run1))
	require.Greater(t, total, int64(500))

	t.Run("the grid lists the latest run's records, all Pending, with filters and sort", func(t *testing.T) {
		n, pending := approvalCount(t, p.admin, obj{})
		require.Equal(t, total, n)
		require.Equal(t, total, pending)
		rows, runID := approvalRows(t, p.admin, obj{"sort": []obj{{"colId": "change_pct", "sort": "desc"}}, "limit": 5})
		require.Equal(t, run1, runID)
		require.Len(t, rows, 5)
		for _, r := range rows {
			assert.Equal(t, "Pending", r["status"])
			assert.Equal(t, "above_threshold", r["reason"])
			assert.InDelta(t, 10, r["change_pct"], 0.5) // +10 %, rounded to cents
			assert.InDelta(t, r["price"].(float64)*1.1, r["recommended_price"], 0.01*r["price"].(float64))
			assert.NotEmpty(t, r["name"])
			assert.Contains(t, r, "bizfin_comment")
			assert.Contains(t, r, "labels")
		}
		named, _ := approvalRows(t, p.admin, obj{"filters": obj{"id": obj{"filterType": "text", "type": "equals", "filter": rows[0]["id"]}}})
		require.Len(t, named, 1)
		st, body := p.admin.call("POST", "/api/approval/getConditionsData", obj{"data": obj{"filters": obj{"status": obj{"filterType": "radio", "value": "Maybe"}}}})
		require.Equal(t, 400, st)
		require.Contains(t, errMsg(body), `"Maybe" is not one of: Pending, approved, rejected`)
	})

	rows, _ = approvalRows(t, p.admin, obj{"limit": 20})
	ids := func(rs []obj) []string {
		var out []string
		for _, r := range rs {
			out = append(out, r["id"].(string))
		}
		return out
	}
	fsn := ids(rows)

	t.Run("viewers and analysts get 403 on every write; account B sees and decides nothing of A", func(t *testing.T) {
		for _, c := range []*client{p.viewer, p.analyst} {
			st, _ := c.call("POST", "/api/approval/decide", obj{"run_id": run1, "decision": "approved", "product_ids": fsn[:1]})
			assert.Equal(t, 403, st)
			st, _ = c.call("POST", "/api/approval/updateComment", obj{"run_id": run1, "product_id": fsn[0], "bizfin_comment": "x"})
			assert.Equal(t, 403, st)
			st, _ = c.uploadCSV(t, csvPath, "a.csv", "fsn,status,bizfin comment\n"+fsn[0]+",approved,\n")
			assert.Equal(t, 403, st)
			// Reading is allowed to both (the pricer's read).
			approvalRows(t, c, obj{"limit": 1})
		}
		// Account B's grid is its own run; deciding A's run from B is refused.
		rowsB, runB := approvalRows(t, p.admin2, obj{"limit": 5})
		require.Equal(t, run2, runB)
		for _, r := range rowsB {
			require.NotContains(t, fsn, r["id"])
		}
		st, body := p.admin2.call("POST", "/api/approval/decide", obj{"run_id": run1, "decision": "approved", "product_ids": fsn[:1]})
		require.Equal(t, 409, st)
		require.Equal(t, "These records are no longer the latest run's: please reload the page.", errMsg(body))
		// Product ids of A named in B's run change nothing in A.
		st, body = p.admin2.call("POST", "/api/approval/decide", obj{"run_id": run2, "decision": "approved", "product_ids": fsn[:3]})
		require.Equal(t, 200, st, "%v", body)
		require.Equal(t, 0, p.e.count(`SELECT count(*) FROM approval_records WHERE run_id = $1 AND status != 'Pending'`, run1))
		// B's CSV naming A's products changes only B's records, if B has such products.
		_, _ = p.admin2.uploadCSV(t, csvPath, "a.csv", "fsn,status,bizfin comment\n"+fsn[0]+",approved,\n")
		require.Equal(t, 0, p.e.count(`SELECT count(*) FROM approval_records WHERE run_id = $1 AND status != 'Pending'`, run1))
	})

	t.Run("each record carries its competitors' offers, as the product report shows them", func(t *testing.T) {
		st, body := p.admin.call("GET", "/api/approval/getColumnsDef", nil)
		require.Equal(t, 200, st, "%v", body)
		var comp []string
		for _, c := range body["columns"].([]any) {
			col := c.(map[string]any)
			if id := col["colId"].(string); strings.Contains(id, "@") {
				comp = append(comp, id)
				require.Empty(t, col["filter_type"], id)
			}
		}
		require.NotEmpty(t, comp)
		for _, want := range []string{"Price@", "prod_id@", "URL@", "seen_at@"} {
			require.True(t, slices.ContainsFunc(comp, func(id string) bool { return strings.HasPrefix(id, want) }), want)
		}
		st, res := p.admin.call("POST", "/api/tabular/getConditionsData", obj{"condition": obj{"startRow": 0, "limit": 20,
			"filters": obj{"id": obj{"filterType": "set", "values": fsn}}, "visible_columns": comp}})
		require.Equal(t, 200, st, "%v", res)
		report := map[string]obj{}
		for _, r := range res["rows"].([]any) {
			report[r.(map[string]any)["id"].(string)] = r.(map[string]any)
		}
		require.Len(t, report, len(fsn))
		priced := 0
		for _, r := range rows {
			for _, id := range comp {
				require.Equal(t, report[r["id"].(string)][id], r[id], "%s %s", r["id"], id)
				if strings.HasPrefix(id, "Price@") && r[id] != nil {
					priced++
				}
			}
		}
		require.Positive(t, priced, "some records have competitor prices")
	})

	t.Run("bizfin comment: Pending rows only, at most 200 characters", func(t *testing.T) {
		st, body := p.admin.call("POST", "/api/approval/updateComment", obj{"run_id": run1, "product_id": fsn[0], "bizfin_comment": "ok by finance"})
		require.Equal(t, 200, st, "%v", body)
		st, body = p.admin.call("POST", "/api/approval/updateComment", obj{"run_id": run1, "product_id": fsn[0], "bizfin_comment": strings.Repeat("x", 201)})
		require.Equal(t, 400, st)
		require.Equal(t, "The bizfin comment is longer than 200 characters", errMsg(body))
		rows, _ := approvalRows(t, p.admin, obj{"filters": obj{"id": obj{"filterType": "text", "type": "equals", "filter": fsn[0]}}})
		require.Equal(t, "ok by finance", rows[0]["bizfin_comment"])
	})

	t.Run("approve and reject selected: who and when, one decision each, audit rows", func(t *testing.T) {
		st, body := p.admin.call("POST", "/api/approval/decide", obj{"run_id": run1, "decision": "approved", "product_ids": fsn[0:2]})
		require.Equal(t, 200, st, "%v", body)
		require.EqualValues(t, 2, body["changed"])
		require.Equal(t, "2 records approved", body["message"])
		st, body = p.admin.call("POST", "/api/approval/decide", obj{"run_id": run1, "decision": "rejected", "product_ids": fsn[1:3]})
		require.Equal(t, 200, st, "%v", body)
		require.EqualValues(t, 1, body["changed"])
		require.Equal(t, "1 record rejected; 1 record no longer Pending left as they were", body["message"])
		rows, _ := approvalRows(t, p.admin, obj{"filters": obj{"id": obj{"filterType": "set", "values": fsn[0:3]}}})
		got := map[string]obj{}
		for _, r := range rows {
			got[r["id"].(string)] = r
		}
		require.Equal(t, "approved", got[fsn[0]]["status"])
		require.Equal(t, "approved", got[fsn[1]]["status"])
		require.Equal(t, "rejected", got[fsn[2]]["status"])
		require.Equal(t, "admin@pricer.test", got[fsn[0]]["decided_by"])
		require.NotEmpty(t, got[fsn[0]]["decided_at"])
		// A decided record's comment cannot change any more.
		st, body = p.admin.call("POST", "/api/approval/updateComment", obj{"run_id": run1, "product_id": fsn[0], "bizfin_comment": "late"})
		require.Equal(t, 409, st)
		require.Equal(t, "Only Pending records can be edited: this record is decided or not in the latest run.", errMsg(body))
		// The status filter reads the decisions at once.
		n, pending := approvalCount(t, p.admin, obj{"filters": obj{"status": obj{"filterType": "radio", "value": "rejected"}}})
		require.EqualValues(t, 1, n)
		require.EqualValues(t, 0, pending)
		_, pending = approvalCount(t, p.admin, obj{})
		require.Equal(t, total-3, pending)
		// Results follows the decisions (issue 29: it still said pending for approved
		// products): the decided records show approved and rejected there too, its
		// pending count equals Manual Approval's, and its status filter finds them.
		st, body = p.admin.call("POST", "/api/repricing/getConditionsData", obj{"data": obj{"run": "latest", "limit": 10,
			"filters": obj{"id": obj{"filterType": "set", "values": fsn[0:4]}}}})
		require.Equal(t, 200, st, "%v", body)
		results := map[string]any{}
		for _, r := range body["rows"].([]any) {
			results[r.(obj)["id"].(string)] = r.(obj)["status"]
		}
		assert.Equal(t, map[string]any{fsn[0]: "approved", fsn[1]: "approved", fsn[2]: "rejected", fsn[3]: "pending"}, results)
		st, body = p.admin.call("POST", "/api/repricing/getCountOfRow", obj{"conditionData": obj{"run": "latest"}, "calculatePendingRow": true})
		require.Equal(t, 200, st, "%v", body)
		assert.EqualValues(t, pending, body["pending"], "Results' pending = Manual Approval's")
		st, body = p.admin.call("POST", "/api/repricing/getCountOfRow", obj{"conditionData": obj{"run": "latest",
			"filters": obj{"status": obj{"filterType": "radio", "value": "approved"}}}})
		require.Equal(t, 200, st, "%v", body)
		assert.EqualValues(t, 2, body["count"])

		st, body = p.admin.call("POST", "/api/approval/getAuditData", obj{"startRow": 0, "limit": 10})
		require.Equal(t, 200, st, "%v", body)
		require.EqualValues(t, 3, body["lastRow"])
		audit := body["rows"].([]any)
		first := audit[0].(map[string]any) // newest first
		require.Equal(t, fsn[2], first["product_id"])
		require.Equal(t, "rejected", first["decision"])
		require.Equal(t, "screen", first["source"])
		require.Equal(t, "admin@pricer.test", first["decided_by"])
		var last map[string]any
		for _, a := range audit {
			if m := a.(map[string]any); m["product_id"] == fsn[0] {
				last = m
			}
		}
		require.Equal(t, "ok by finance", last["bizfin_comment"])
		require.Greater(t, last["new_price"].(float64), last["old_price"].(float64))

		// Group and graph modes: group rows whose counts add up to the grid's own.
		all, allPending := approvalCount(t, p.admin, obj{})
		for _, g := range []string{"status", "super_category", "reason"} {
			rows, _ := approvalRows(t, p.admin, obj{"group": []obj{{"id": g, "field": g}}, "sort": []obj{{"colId": "records", "sort": "desc"}}, "limit": 200})
			var recs, pend, rej, appr int64
			for _, r := range rows {
				require.Contains(t, r, g)
				recs, pend, rej, appr = recs+num(r["records"]), pend+num(r["pending"]), rej+num(r["rejected"]), appr+num(r["approved"])
			}
			require.Equal(t, all, recs, g)
			require.Equal(t, allPending, pend, g)
			require.EqualValues(t, 1, rej, g)
			require.Equal(t, all-allPending-1, appr, g)
		}
		rows, _ = approvalRows(t, p.admin, obj{"group": []obj{{"id": "status", "field": "status"}}, "limit": 200})
		byStatus := map[string]obj{}
		for _, r := range rows {
			byStatus[r["status"].(string)] = r
		}
		require.EqualValues(t, 1, num(byStatus["rejected"]["records"]))
		require.Equal(t, allPending, num(byStatus["Pending"]["records"]))
		st, body = p.admin.call("POST", "/api/approval/getConditionsData", obj{"data": obj{"group": []obj{{"id": "price"}}}})
		require.Equal(t, 400, st, "%v", body)

		// The audit's column filters narrow the rows and the count; bad ones are a 400.
		auditOf := func(filters obj) (int, []string) {
			t.Helper()
			st, body := p.admin.call("POST", "/api/approval/getAuditData", obj{"startRow": 0, "limit": 10, "filters": filters})
			require.Equal(t, 200, st, "%v", body)
			var ids []string
			for _, a := range body["rows"].([]any) {
				ids = append(ids, a.(map[string]any)["product_id"].(string))
			}
			return int(num(body["lastRow"])), ids
		}
		an, ids := auditOf(obj{"decision": obj{"filterType": "set", "values": []string{"rejected"}}})
		require.Equal(t, 1, an)
		require.Equal(t, []string{fsn[2]}, ids)
		an, ids = auditOf(obj{"bizfin_comment": obj{"filterType": "text", "type": "contains", "filter": "BY FIN"}})
		require.Equal(t, 1, an, "contains, case-insensitive")
		require.Equal(t, []string{fsn[0]}, ids)
		an, _ = auditOf(obj{"decided_by": obj{"filterType": "text", "filter": "admin@"}, "source": obj{"filterType": "set", "values": []string{"screen"}}})
		require.Equal(t, 3, an)
		an, _ = auditOf(obj{"source": obj{"filterType": "set", "values": []string{"csv"}}})
		require.Equal(t, 0, an)
		an, _ = auditOf(obj{"product_id": obj{"filterType": "text", "filter": "%"}})
		require.Equal(t, 0, an, "a wildcard in the text is literal")
		today := time.Now().UTC().Format("2006-01-02")
		an, _ = auditOf(obj{"decided_at": obj{"filterType": "date", "type": "equals", "dateFrom": today + " 00:00:00"}})
		require.Equal(t, 3, an)
		an, _ = auditOf(obj{"decided_at": obj{"filterType": "date", "type": "lessThan", "dateFrom": today}})
		require.Equal(t, 0, an)
		for _, bad := range []struct {
			filters obj
			field   string
		}{
			{obj{"old_price": obj{"filterType": "text", "filter": "1"}}, "filters.old_price"},
			{obj{"decision": obj{"filterType": "set", "values": []string{"Pending; DROP TABLE users"}}}, "filters.decision"},
			{obj{"product_id": obj{"filterType": "text", "type": "startsWith", "filter": "x"}}, "filters.product_id"},
			{obj{"decided_at": obj{"filterType": "date", "type": "inRange", "dateFrom": today, "dateTo": "2001-01-01"}}, "filters.decided_at"},
			{obj{"decided_at": obj{"filterType": "date", "dateFrom": "yesterday"}}, "filters.decided_at"},
			{obj{"bizfin_comment": obj{"filterType": "text", "filter": strings.Repeat("x", 201)}}, "filters.bizfin_comment"},
		} {
			st, body := p.admin.call("POST", "/api/approval/getAuditData", obj{"startRow": 0, "limit": 10, "filters": bad.filters})
			require.Equal(t, 400, st, "%v: %v", bad.filters, body)
			require.Equal(t, bad.field, body["error"].(map[string]any)["field"], "%v", body)
		}
	})

	t.Run("two users approving the same record at once: one decision, one audit row", func(t *testing.T) {
		p.e.user("admin1b@pricer.test", "admin", p.acc1)
		other := p.e.login("admin1b@pricer.test", p.acc1)
		target := fsn[5]
		var wg sync.WaitGroup
		changed := make([]int64, 8)
		for i := range changed {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				c := p.admin
				if i%2 == 1 {
					c = other
				}
				_, body := c.call("POST", "/api/approval/decide", obj{"run_id": run1, "decision": "approved", "product_ids": []string{target}})
				changed[i] = num(body["changed"])
			}(i)
		}
		wg.Wait()
		var sum int64
		for _, n := range changed {
			sum += n
		}
		require.EqualValues(t, 1, sum)
		require.Equal(t, 1, p.e.count(`SELECT count(*) FROM approval_decisions WHERE run_id = $1 AND product_id = $2`, run1, target))
	})

	t.Run("approval CSV: file rules verbatim", func(t *testing.T) {
		cases := []struct {
			name, content string
			status        int
			msg           string
		}{
			{"a.txt", "fsn,status,bizfin comment\n", 400, "File type is incorrect. Please upload csv file."},
			{strings.Repeat("n", 97) + ".csv", "fsn,status,bizfin comment\n", 400, "File name is too long. Please enter a max of 100 characters"},
			{"a.csv", "fsn,Status,bizfin comment\nX,approved,\n", 400, "The file does not contain the required columns (lowercase): fsn, status, bizfin comment"},
			{"a.csv", "fsn,status\nX,approved\n", 400, "The file does not contain the required columns (lowercase): fsn, status, bizfin comment"},
			{"a.csv", "status,fsn,bizfin comment\napproved,X,\n", 400, "The file does not contain the required columns (lowercase): fsn, status, bizfin comment"},
			{"a.csv", "fsn,status,bizfin comment\n", 400, "The file has no rows below its header"},
		}
		for _, tc := range cases {
			st, body := p.admin.uploadCSV(t, csvPath, tc.name, tc.content)
			assert.Equal(t, tc.status, st, tc.name)
			assert.Equal(t, tc.msg, errMsg(body), tc.name)
		}
		// Over 200 MB (streamed, no declared length): cut off while it arrives.
		const boundary = "bench-boundary"
		big := io.MultiReader(strings.NewReader("--"+boundary+"\r\nContent-Disposition: form-data; name=\"UploadCsv\"; filename=\"big.csv\"\r\n"+
			"Content-Type: text/csv\r\n\r\nfsn,status,bizfin comment\n"), io.LimitReader(zeros{}, 201<<20), strings.NewReader("\r\n--"+boundary+"--\r\n"))
		req, err := http.NewRequest("POST", p.e.srv.URL+csvPath, big)
		require.NoError(t, err)
		req.Header.Set("Content-Type", "multipart/form-data; boundary="+boundary)
		req.Header.Set(access.CSRFHeader, p.admin.csrf)
		resp, err := p.admin.http.Do(req)
		require.NoError(t, err)
		raw, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		require.Equal(t, 413, resp.StatusCode, string(raw))
		require.Contains(t, string(raw), "File size can't be bigger than 200M")
		// A body that is no multipart form: the other rejection.
		st, body := p.admin.callWith("POST", csvPath, "x", map[string]string{access.CSRFHeader: p.admin.csrf, "Content-Type": "multipart/form-data; boundary=zz"})
		require.Equal(t, 400, st)
		require.Equal(t, "can't upload this file", errMsg(body))
	})

	t.Run("a mixed approval CSV applies nothing and reports every refused row", func(t *testing.T) {
		before := p.e.count(`SELECT count(*) FROM approval_decisions WHERE account_id = $1`, p.acc1)
		csv := "fsn,status,bizfin comment\n" +
			fsn[10] + ",approved,fine\n" + // valid
			"NO-SUCH-FSN,approved,\n" + // unknown
			fsn[0] + ",rejected,\n" + // approved before: not Pending
			fsn[11] + ",Approved,\n" + // wrong status word (case)
			fsn[12] + ",maybe,\n" + // wrong status word
			fsn[10] + ",rejected,\n" + // the same FSN twice
			fsn[13] + ",rejected\n" // two fields
		st, body := p.admin.uploadCSV(t, csvPath, "mixed.csv", csv)
		require.Equal(t, 400, st, "%v", body)
		require.EqualValues(t, 7, body["rows"])
		require.EqualValues(t, 6, body["refused_count"])
		var got []string
		for _, r := range body["refused"].([]any) {
			m := r.(map[string]any)
			got = append(got, fmt.Sprintf("%v|%v|%v", m["row"], m["fsn"], m["reason"]))
		}
		require.Equal(t, []string{
			"3|NO-SUCH-FSN|unknown FSN: no approval record in the latest run",
			"4|" + fsn[0] + "|the record is not Pending (it is approved)",
			"5|" + fsn[11] + "|status must be approved or rejected (lowercase)",
			"6|" + fsn[12] + "|status must be approved or rejected (lowercase)",
			"7|" + fsn[10] + "|the FSN is already on row 2",
			"8|" + fsn[13] + "|the row has 2 fields; 3 are expected (fsn,status,bizfin comment)",
		}, got)
		require.True(t, strings.HasPrefix(errMsg(body), "Nothing was applied: 6 of 7 rows were refused.\nRow 3 (NO-SUCH-FSN): unknown FSN"), errMsg(body))
		require.Equal(t, before, p.e.count(`SELECT count(*) FROM approval_decisions WHERE account_id = $1`, p.acc1))
		require.Equal(t, "Pending", p.e.text(`SELECT status FROM approval_records WHERE run_id = $1 AND product_id = $2`, run1, fsn[10]))
	})

	t.Run("an all-valid approval CSV applies every row", func(t *testing.T) {
		csv := "\ufefffsn,status,bizfin comment\n" + fsn[10] + ",approved,fine\n" + fsn[11] + ",rejected,\"too low, check\"\n\n" + fsn[12] + ", approved ,\n"
		st, body := p.admin.uploadCSV(t, csvPath, "ok.csv", csv)
		require.Equal(t, 200, st, "%v", body)
		require.EqualValues(t, 3, body["changed"])
		require.Equal(t, "3 records changed", body["message"])
		require.Equal(t, "rejected", p.e.text(`SELECT status FROM approval_records WHERE run_id = $1 AND product_id = $2`, run1, fsn[11]))
		require.Equal(t, "too low, check", p.e.text(`SELECT bizfin_comment FROM approval_decisions WHERE run_id = $1 AND product_id = $2`, run1, fsn[11]))
		require.Equal(t, 3, p.e.count(`SELECT count(*) FROM approval_decisions WHERE run_id = $1 AND source = 'csv'`, run1))
	})

	t.Run("select-all approves every Pending record the filter matches, resolved on the server", func(t *testing.T) {
		rows, _ := approvalRows(t, p.admin, obj{"sort": []obj{{"colId": "price", "sort": "desc"}}, "limit": 1})
		cut := rows[0]["price"].(float64) / 2
		cond := obj{"filters": obj{"price": obj{"filterType": "number", "type": "greaterThan", "filter": cut}}}
		n, pending := approvalCount(t, p.admin, cond)
		require.Greater(t, pending, int64(1))
		kept, _ := approvalRows(t, p.admin, obj{"filters": obj{"price": cond["filters"].(obj)["price"], "status": pendingOnly["filters"].(obj)["status"]}, "limit": 1})
		st, body := p.admin.call("POST", "/api/approval/decide", obj{"run_id": run1, "decision": "approved", "select_all": true, "data": cond,
			"excluded_ids": []any{kept[0]["id"]}})
		require.Equal(t, 200, st, "%v", body)
		require.Equal(t, pending-1, num(body["changed"]))
		n2, pending2 := approvalCount(t, p.admin, cond)
		require.Equal(t, n, n2)
		require.EqualValues(t, 1, pending2, "the unticked row stays Pending")
		// Records outside the filter stay Pending.
		_, stillPending := approvalCount(t, p.admin, pendingOnly)
		require.Greater(t, stillPending, int64(0))
		// Sending both selections, or none, is a 400.
		st, body = p.admin.call("POST", "/api/approval/decide", obj{"run_id": run1, "decision": "approved", "select_all": true, "product_ids": fsn[:1]})
		require.Equal(t, 400, st)
		require.Equal(t, "Send either product_ids or select_all, not both", errMsg(body))
		st, body = p.admin.call("POST", "/api/approval/decide", obj{"run_id": run1, "decision": "approve", "product_ids": fsn[:1]})
		require.Equal(t, 400, st, "%v", body)
	})

	// A load refreshes only the products it touched into the snapshot's delta; until
	// the delta is folded, the results and approval grids read beside it.
	t.Run("while the snapshot has a delta after a load, the results and approval grids answer", func(t *testing.T) {
		ctx := context.Background()
		var ids []string
		rows, err := p.w.Conn.Query(ctx, `SELECT product_id FROM product_snapshot WHERE account_id = ? ORDER BY product_id LIMIT 3`, uint32(p.acc1))
		require.NoError(t, err)
		for rows.Next() {
			var id string
			require.NoError(t, rows.Scan(&id))
			ids = append(ids, id)
		}
		require.NoError(t, rows.Err())
		cat, err := store.New(p.e.db).Catalog(ctx, p.acc1)
		require.NoError(t, err)
		r, err := p.w.RefreshSnapshot(ctx, uint32(p.acc1), cat.Engine().Settings, ids)
		require.NoError(t, err)
		require.False(t, r.Full, "the refresh wrote a delta")
		delta, err := p.w.SnapshotDelta(ctx, uint32(p.acc1))
		require.NoError(t, err)
		require.NotZero(t, delta)

		n, _ := approvalCount(t, p.admin, obj{})
		require.Equal(t, total, n)
		got, _ := approvalRows(t, p.admin, obj{"limit": 5})
		require.Len(t, got, 5)
		st, body := p.admin.call("POST", "/api/repricing/getConditionsData", obj{"data": obj{"run": "latest", "limit": 5}})
		require.Equal(t, 200, st, "%v", body)
		st, body = p.admin.call("POST", "/api/repricing/getCountOfRow", obj{"conditionData": obj{"run": "latest"}, "calculatePendingRow": true})
		require.Equal(t, 200, st, "%v", body)
	})
}

// zeros is an endless reader of '0' bytes (a large upload made as it is sent).
type zeros struct{}

func (zeros) Read(b []byte) (int, error) {
	for i := range b {
		b[i] = '0'
	}
	return len(b), nil
}
