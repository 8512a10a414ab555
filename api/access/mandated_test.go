package access_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"mime/multipart"
	"net/http"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pricelens/api/access"
	"pricelens/engine"
)

// Mandated brands and FSNs (issue 16 part 3) on the S data set: every call and
// message, permissions and tenancy, and a real run that sends every mandated
// product's change to approval Pending with the reason "mandated" while the rest
// is approved automatically.

type mandProduct struct{ id, brand, sup, vertical string }

// upload sends a multipart upload (file field UploadCsv, extra form fields).
func (c *client) upload(path, name, content string, fields map[string]string) (int, obj) {
	c.e.t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	for k, v := range fields {
		require.NoError(c.e.t, mw.WriteField(k, v))
	}
	if name != "" {
		fw, err := mw.CreateFormFile("UploadCsv", name)
		require.NoError(c.e.t, err)
		_, _ = io.WriteString(fw, content)
	}
	require.NoError(c.e.t, mw.Close())
	return c.callWith("POST", path, buf.Bytes(), map[string]string{access.CSRFHeader: c.csrf, "Content-Type": mw.FormDataContentType()})
}

func TestMandated(t *testing.T) {
	p := loadPricerEnv(t)
	ctx := context.Background()
	rows, err := p.w.Conn.Query(ctx, `SELECT product_id, brand, super_category, vertical FROM products FINAL WHERE account_id = ? ORDER BY product_id`, uint32(p.acc1))
	require.NoError(t, err)
	var prods []mandProduct
	for rows.Next() {
		var x mandProduct
		require.NoError(t, rows.Scan(&x.id, &x.brand, &x.sup, &x.vertical))
		prods = append(prods, x)
	}
	require.NoError(t, rows.Err())
	// Two super categories; in the first a brand mandated in every vertical, in
	// the second a brand mandated in one vertical only (it sells in others too).
	bySup := map[string][]mandProduct{}
	for _, x := range prods {
		bySup[x.sup] = append(bySup[x.sup], x)
	}
	var sups []string
	for s := range bySup {
		sups = append(sups, s)
	}
	sort.Strings(sups)
	require.GreaterOrEqual(t, len(sups), 2)
	supA, supB := sups[0], sups[1]
	brandA := bySup[supA][0].brand
	var brandB, vertB string
	verticalsOf := func(sup, brand string) map[string]bool {
		out := map[string]bool{}
		for _, x := range bySup[sup] {
			if x.brand == brand {
				out[x.vertical] = true
			}
		}
		return out
	}
	allVerticals := func(sup string) []string {
		seen := map[string]bool{}
		var out []string
		for _, x := range bySup[sup] {
			if !seen[x.vertical] {
				seen[x.vertical] = true
				out = append(out, x.vertical)
			}
		}
		sort.Strings(out)
		return out
	}
	for _, x := range bySup[supB] {
		if len(verticalsOf(supB, x.brand)) >= 2 {
			brandB, vertB = x.brand, x.vertical
			break
		}
	}
	require.NotEmpty(t, brandB, "a brand of %s sells in two verticals", supB)
	ids := map[string]int64{}
	for _, s := range sups {
		ids[s] = p.e.superCategory(p.acc1, s)
	}
	ref := func(names ...string) []obj {
		out := []obj{}
		for _, n := range names {
			out = append(out, obj{"id": ids[n], "name": n})
		}
		return out
	}
	list := func(c *client) []obj {
		t.Helper()
		st, body := c.call("GET", "/api/repricing/getMandatedBrands", nil)
		require.Equal(t, 200, st, "%v", body)
		var out []obj
		for _, b := range body["brands"].([]any) {
			out = append(out, b.(obj))
		}
		return out
	}

	t.Run("save: the specification's messages, verbatim", func(t *testing.T) {
		for _, tc := range []struct {
			body  obj
			field string
			msg   string
		}{
			{obj{"brand": []string{brandA}}, "topCategory", "Please choose at least one super category"},
			{obj{"topCategory": []obj{}, "brand": []string{brandA}}, "topCategory", "Please choose at least one super category"},
			{obj{"topCategory": ref(supA)}, "brand", "Please choose at least one brand"},
			{obj{"topCategory": ref(supA), "brand": []string{"  "}}, "brand", "Please choose at least one brand"},
			{obj{"topCategory": ref(supA), "brand": []string{brandA}, "comment": strings.Repeat("é", 201)}, "comment", "The comment can have at most 200 characters"},
			{obj{"topCategory": ref(supA, supB), "brand": []string{brandA}, "category": []obj{{"name": vertB}}}, "category", "Verticals can be chosen only with exactly one super category"},
			{obj{"topCategory": ref(supB), "brand": []string{brandB}, "category": []obj{{"name": "No such vertical"}}}, "category", `"No such vertical" is not a vertical of ` + supB},
			{obj{"topCategory": []obj{{"id": 987654, "name": "x"}}, "brand": []string{brandA}}, "topCategory", "Unknown category"},
		} {
			st, body := p.admin.call("POST", "/api/repricing/saveMandatedBrands", tc.body)
			assert.Equal(t, 400, st, "%v", tc.body)
			assert.Equal(t, tc.msg, errMsg(body), "%v", tc.body)
			assert.Equal(t, tc.field, body["error"].(obj)["field"], "%v", tc.body)
		}
		assert.Empty(t, list(p.admin), "nothing saved")
		// 200 characters is fine.
		st, body := p.admin.call("POST", "/api/repricing/saveMandatedBrands", obj{"topCategory": ref(supA), "brand": []string{brandA},
			"comment": strings.Repeat("é", 200)})
		require.Equal(t, 200, st, "%v", body)
	})

	t.Run("save, list, all verticals mean all, delete", func(t *testing.T) {
		// Every vertical of supB chosen: stored as all (an empty list).
		var all []obj
		for _, v := range allVerticals(supB) {
			all = append(all, obj{"name": v})
		}
		st, body := p.admin.call("POST", "/api/repricing/saveMandatedBrands", obj{"topCategory": ref(supB), "brand": []string{"Temp brand"}, "category": all})
		require.Equal(t, 200, st, "%v", body)
		st, body = p.admin.call("POST", "/api/repricing/saveMandatedBrands", obj{"topCategory": ref(supB), "brand": []string{brandB},
			"category": []obj{{"id": "x", "name": vertB, "topCategory": ids[supB]}}, "comment": "contract"})
		require.Equal(t, 200, st, "%v", body)
		got := list(p.admin)
		require.Len(t, got, 3)
		var tempID float64
		for _, b := range got {
			switch b["brand"] {
			case "Temp brand":
				assert.Empty(t, b["verticals"], "all verticals selected means all")
				tempID = b["id"].(float64)
			case brandB:
				assert.Equal(t, []any{vertB}, b["verticals"])
				assert.Equal(t, "contract", b["comment"])
				assert.Equal(t, "admin@pricer.test", b["created_by"])
			}
		}
		st, body = p.admin.call("POST", "/api/repricing/deleteMandatedBrands", obj{"items": []int64{}})
		assert.Equal(t, 400, st)
		assert.Equal(t, "Please choose at least one mandated brand to delete", errMsg(body))
		st, body = p.admin.call("POST", "/api/repricing/deleteMandatedBrands", obj{"items": []any{tempID, 99999999}})
		assert.Equal(t, 404, st, "one unknown id: nothing deleted")
		assert.Len(t, list(p.admin), 3)
		st, body = p.admin.call("POST", "/api/repricing/deleteMandatedBrands", obj{"items": []any{tempID}})
		require.Equal(t, 200, st, "%v", body)
		assert.Len(t, list(p.admin), 2)
		assert.Equal(t, 4, p.e.count(`SELECT count(*) FROM audit_log WHERE account_id = $1 AND entity = 'mandated_brand'`, p.acc1),
			"an audit row per save and delete")
	})

	t.Run("403 without the permission, on every call", func(t *testing.T) {
		for _, c := range []*client{p.viewer, p.analyst} {
			st, _ := c.call("GET", "/api/repricing/getMandatedBrands", nil)
			assert.Equal(t, 403, st)
			st, _ = c.call("POST", "/api/repricing/saveMandatedBrands", obj{"topCategory": ref(supA), "brand": []string{"X"}})
			assert.Equal(t, 403, st)
			st, _ = c.call("POST", "/api/repricing/deleteMandatedBrands", obj{"items": []int64{1}})
			assert.Equal(t, 403, st)
			st, _ = c.upload("/api/upload/uploadMandatedFSNs", "m.csv", "fsn,comment\n"+prods[0].id+",x\n", map[string]string{"uploadFileType": "add_fsns"})
			assert.Equal(t, 403, st)
			st, _ = c.call("GET", "/api/upload/mandatedFSNsExample", nil)
			assert.Equal(t, 403, st)
		}
		assert.Len(t, list(p.admin), 2, "nothing changed")
	})

	t.Run("category access limits the super categories, on the server", func(t *testing.T) {
		p.e.user("restricted@pricer.test", "admin", p.acc1)
		p.e.exec(`UPDATE memberships SET categories = $1 WHERE user_id = (SELECT id FROM users WHERE email = 'restricted@pricer.test')`, []string{supB})
		r := p.e.login("restricted@pricer.test", p.acc1)
		st, body := r.call("POST", "/api/repricing/saveMandatedBrands", obj{"topCategory": ref(supA), "brand": []string{"X"}})
		assert.Equal(t, 403, st)
		assert.Equal(t, "You may not choose the super category "+supA+": it is outside your categories", errMsg(body))
		got := list(r)
		require.Len(t, got, 1, "only the brands of the user's super categories")
		assert.Equal(t, supB, got[0]["super_category"])
		var aID float64
		for _, b := range list(p.admin) {
			if b["super_category"] == supA {
				aID = b["id"].(float64)
			}
		}
		st, _ = r.call("POST", "/api/repricing/deleteMandatedBrands", obj{"items": []any{aID}})
		assert.Equal(t, 404, st, "a brand outside the user's categories cannot be deleted")
		assert.Len(t, list(p.admin), 2)
	})

	t.Run("tenancy", func(t *testing.T) {
		assert.Empty(t, list(p.admin2), "account 2 sees none of account 1's mandated brands")
		st, _ := p.admin2.call("POST", "/api/repricing/deleteMandatedBrands", obj{"items": []any{list(p.admin)[0]["id"]}})
		assert.Equal(t, 404, st)
		st, body := p.admin2.call("POST", "/api/repricing/saveMandatedBrands", obj{"topCategory": ref(supA), "brand": []string{"X"}})
		assert.Equal(t, 400, st, "account 1's super category ids are unknown in account 2")
		assert.Equal(t, "Unknown category", errMsg(body))
		assert.Len(t, list(p.admin), 2)
		// Account 1's FSNs are unknown in account 2's catalogue.
		st, body = p.admin2.upload("/api/upload/uploadMandatedFSNs", "m.csv", "fsn,comment\n"+prods[0].id+",x\n", map[string]string{"uploadFileType": "add_fsns"})
		if st == 200 {
			t.Fatalf("account 2 mandated account 1's product: %v", body)
		}
	})

	// The FSN mandated below: one outside both mandated brands.
	var fsn mandProduct
	for _, x := range prods[1:] {
		if x.sup != supA && x.brand != brandB {
			fsn = x
			break
		}
	}
	require.NotEmpty(t, fsn.id)

	t.Run("mandated FSNs by CSV: messages, all or nothing, per-row report", func(t *testing.T) {
		up := func(name, content, action string) (int, obj) {
			fields := map[string]string{}
			if action != "" {
				fields["uploadFileType"] = action
			}
			return p.admin.upload("/api/upload/uploadMandatedFSNs", name, content, fields)
		}
		good := "fsn,comment\n" + fsn.id + ",brand owner's price\n"
		for _, tc := range []struct {
			name, content, action string
			status                int
			msg                   string
		}{
			{"m.csv", good, "", 400, "Please choose an action"},
			{"m.csv", good, "replace", 400, "uploadFileType must be add_fsns or remove_fsns"},
			{"m.txt", good, "add_fsns", 400, "File type is incorrect. Please upload csv file."},
			{strings.Repeat("n", 97) + ".csv", good, "add_fsns", 400, "File name is too long. Please enter a max of 100 characters"},
			{"m.csv", "FSN,Comment\n" + fsn.id + ",x\n", "add_fsns", 400, "The file does not contain the required columns (lowercase): fsn, comment"},
			{"m.csv", "fsn\n" + fsn.id + "\n", "add_fsns", 400, "The file does not contain the required columns (lowercase): fsn, comment"},
			{"m.csv", "fsn,comment\n", "add_fsns", 400, "The file has no rows after its header"},
			{"", "", "add_fsns", 400, "Please choose a file to upload (multipart field UploadCsv)"},
		} {
			st, body := up(tc.name, tc.content, tc.action)
			assert.Equal(t, tc.status, st, "%s %q", tc.name, tc.content)
			assert.Equal(t, tc.msg, errMsg(body), "%s %q", tc.name, tc.content)
		}
		// A file with a good row and bad ones changes nothing and names each bad row.
		bad := "\ufefffsn,comment\n" + fsn.id + ",ok\n" + prods[2].id + ",\nNOPE-1,unknown\n" + fsn.id + ",twice\n,empty\n" + prods[3].id + "," +
			strings.Repeat("x", 201) + "\n"
		st, body := up("m.csv", bad, "add_fsns")
		assert.Equal(t, 400, st)
		assert.Equal(t, "Nothing was changed: 5 of 6 rows were refused. Line 3 ("+prods[2].id+"): a comment is required when adding. "+
			"Line 4 (NOPE-1): this FSN is not in the catalogue. Line 5 ("+fsn.id+"): the FSN is already on line 2. Line 6 (no FSN): the FSN is empty. "+
			"Line 7 ("+prods[3].id+"): the comment is longer than 200 characters.", errMsg(body))
		assert.Zero(t, p.e.count(`SELECT count(*) FROM mandated_fsns`))
		// Removing an FSN that is not mandated: refused.
		st, body = up("m.csv", good, "remove_fsns")
		assert.Equal(t, 400, st)
		assert.Equal(t, "Nothing was changed: 1 of 1 rows were refused. Line 2 ("+fsn.id+"): this FSN is not mandated.", errMsg(body))
		// Added, then another added and removed again: one left.
		st, body = up("m.csv", good, "add_fsns")
		require.Equal(t, 200, st, "%v", body)
		assert.Equal(t, obj{"action": "add_fsns", "applied": float64(1), "message": "1 FSNs are mandated"}, body)
		st, body = up("m.csv", "fsn,comment\n"+prods[2].id+",temporary\n", "add_fsns")
		require.Equal(t, 200, st, "%v", body)
		st, body = up("m.csv", "fsn,comment\n"+prods[2].id+"\n"+fsn.id+"-not,\n", "remove_fsns")
		assert.Equal(t, 400, st, "one unknown row: nothing removed")
		assert.Equal(t, 2, p.e.count(`SELECT count(*) FROM mandated_fsns WHERE account_id = $1`, p.acc1))
		st, body = up("m.csv", "fsn,comment\n"+prods[2].id+",\n", "remove_fsns")
		require.Equal(t, 200, st, "the comment is optional when removing: %v", body)
		assert.Equal(t, "1 FSNs are no longer mandated", body["message"])
		st, lb := p.admin.call("GET", "/api/repricing/getMandatedBrands", nil)
		require.Equal(t, 200, st)
		assert.Equal(t, float64(1), lb["fsns"])
		// The example file.
		req, _ := http.NewRequest("GET", p.e.srv.URL+"/api/upload/mandatedFSNsExample", nil)
		resp, err := p.admin.http.Do(req)
		require.NoError(t, err)
		ex, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		assert.Equal(t, 200, resp.StatusCode)
		assert.True(t, strings.HasPrefix(string(ex), "fsn,comment\n"), string(ex))
		assert.Contains(t, resp.Header.Get("Content-Disposition"), "mandated_fsns_example.csv")
	})

	mandated := func(x mandProduct) bool {
		return x.id == fsn.id || (x.sup == supA && x.brand == brandA) || (x.sup == supB && x.brand == brandB && x.vertical == vertB)
	}

	t.Run("a real run sends mandated products to approval, Pending, reason mandated; a simulation marks them", func(t *testing.T) {
		// Every product +10 %, auto-approved within 50 %: only mandated ones wait.
		p.addRule(t, p.admin, obj{"name": "Up ten", "section": "middle", "rule_type": "target", "source": obj{"kind": "my_price"},
			"adjust": obj{"percent": 10}})
		p.e.exec(`INSERT INTO pricer_guardrails (account_id, auto_approve_pct) VALUES ($1, 50)
			ON CONFLICT (account_id) DO UPDATE SET auto_approve_pct = 50`, p.acc1)
		for _, sim := range []bool{false, true} {
			run := p.start(t, p.admin, sim)
			got := p.results(t, p.acc1, run)
			want, other := 0, 0
			for _, x := range prods {
				r := got[x.id]
				if r.status == engine.StatusNoChange {
					continue
				}
				if mandated(x) {
					want++
					assert.Equal(t, engine.StatusMandated, r.status, "%+v", x)
				} else {
					other++
					assert.Equal(t, engine.StatusAutoApproved, r.status, "%+v", x)
				}
			}
			require.Positive(t, want, "some mandated product changed")
			require.Positive(t, other)
			// A vertical of brandB's outside vertB is not mandated.
			for _, x := range prods {
				if x.sup == supB && x.brand == brandB && x.vertical != vertB && got[x.id].status != engine.StatusNoChange {
					assert.Equal(t, engine.StatusAutoApproved, got[x.id].status)
				}
			}
			recs := p.e.count(`SELECT count(*) FROM approval_records WHERE run_id = $1`, run)
			if sim {
				assert.Zero(t, recs, "a simulation writes no approval records")
				continue
			}
			assert.Equal(t, want, p.e.count(`SELECT count(*) FROM approval_records WHERE run_id = $1 AND status = 'Pending' AND reason = 'mandated'`, run))
			assert.Equal(t, other, p.e.count(`SELECT count(*) FROM approval_records WHERE run_id = $1 AND status = 'approved' AND reason = 'auto_approved'`, run))
			assert.Equal(t, want+other, recs)
			assert.Equal(t, 1, p.e.count(`SELECT count(*) FROM approval_records WHERE run_id = $1 AND product_id = $2 AND reason = 'mandated'`, run, fsn.id),
				"the mandated FSN")
			// The results grid explains it.
			st, body := p.admin.call("POST", "/api/repricing/getConditionsData", obj{"data": obj{"run": "latest", "limit": 5,
				"filters": obj{"status": obj{"filterType": "radio", "value": "mandated"}}}})
			require.Equal(t, 200, st, "%v", body)
			rowsAny, _ := body["rows"].([]any)
			require.NotEmpty(t, rowsAny, "%v", body)
			js, _ := json.Marshal(rowsAny[0])
			assert.Contains(t, string(js), "mandated: waits for manual approval")
		}
		// Account 2 (the same product ids, brands and categories in the S data set)
		// is untouched by account 1's mandated set.
		p.addRule(t, p.admin2, obj{"name": "Up ten", "section": "middle", "rule_type": "target", "source": obj{"kind": "my_price"},
			"adjust": obj{"percent": 10}})
		run2 := p.start(t, p.admin2, false)
		assert.Positive(t, p.e.count(`SELECT count(*) FROM approval_records WHERE run_id = $1`, run2))
		assert.Zero(t, p.e.count(`SELECT count(*) FROM approval_records WHERE run_id = $1 AND reason = 'mandated'`, run2))
	})
}
