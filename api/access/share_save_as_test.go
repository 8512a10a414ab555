package access_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Save As on a removed shared report: a member with the create permission gets
// the removed report's saved state as a report of their own (until its expiry);
// a live report's link, another account, a viewer and a report past its expiry
// are refused with the reason.
func TestSaveAsRemovedShare(t *testing.T) {
	e := newEnv(t, nil)
	acc, other := e.account("Acme"), e.account("Other")
	e.user("ana@acme.test", "analyst", acc)
	e.user("bob@acme.test", "analyst", acc)
	e.user("vic@acme.test", "viewer", acc)
	e.user("eve@other.test", "admin", other)
	ana, bob, vic, eve := e.login("ana@acme.test", acc), e.login("bob@acme.test", acc), e.login("vic@acme.test", acc), e.login("eve@other.test", other)

	st, res := ana.call("POST", "/api/saveReport/insertSaveReport", obj{"report_name": "Laptops", "report_type": "all_my_products",
		"filters": obj{"brand": obj{"filterType": "set", "values": []string{"Acer"}}}, "visible_columns": []string{"name", "price"},
		"condition": obj{"report_type": "all_my_products", "search": "lap"}})
	require.Equal(t, 200, st, "%v", res)
	id := num(res["id"])
	st, res = ana.call("POST", "/api/saveReport/insertSaveReportForCopyLink", obj{"reportId": id})
	require.Equal(t, 200, st, "%v", res)
	share := res["id"].(string)

	saveAs := func(c *client, name string) (int, obj) {
		return c.call("POST", "/api/saveReport/saveRemovedShareAs", obj{"shareId": share, "report_name": name})
	}
	st, res = saveAs(bob, "Mine")
	assert.Equal(t, 404, st, "the report is still live: the usual Save As applies")
	assert.Equal(t, "Save As is no longer available for this share report", errMsg(res))

	st, _ = ana.call("POST", "/api/saveReport/removeSaveReport", obj{"reportId": id})
	require.Equal(t, 200, st)
	st, res = bob.call("POST", "/api/saveReport/getSaveReport", obj{"id": share, "isShareLink": true})
	assert.Equal(t, 404, st)
	assert.Equal(t, "This share report is no longer available", errMsg(res))

	st, res = saveAs(bob, "")
	assert.Equal(t, 400, st)
	assert.Equal(t, "Report name can't be empty.", errMsg(res))
	st, res = saveAs(vic, "Mine")
	assert.Equal(t, 403, st, "Save As needs the create report permission")
	assert.Equal(t, "Feature is locked for this user", errMsg(res))
	st, _ = saveAs(eve, "Mine")
	assert.Equal(t, 404, st, "another account's link")

	st, res = saveAs(bob, " Bob's laptops ")
	require.Equal(t, 200, st, "%v", res)
	r := res["report"].(obj)
	assert.Equal(t, "Bob's laptops", r["report_name"])
	assert.Equal(t, "all_my_products", r["report_type"])
	assert.Equal(t, obj{"brand": obj{"filterType": "set", "values": []any{"Acer"}}}, r["filters"])
	assert.Equal(t, []any{"name", "price"}, r["visible_columns"])
	assert.Equal(t, "lap", r["condition"].(obj)["search"])
	st, res = bob.call("POST", "/api/saveReport/getSaveReport", obj{"id": res["id"]})
	require.Equal(t, 200, st, "the copy is bob's own report")
	assert.Equal(t, "Bob's laptops", res["report"].(obj)["report_name"])

	// Past the expiry (two months after the report is 30 days old): no more Save As.
	e.exec(`UPDATE saved_reports SET when_added = now() - interval '30 days' - interval '2 months' - interval '1 day' WHERE id = $1`, id)
	st, res = saveAs(bob, "Late")
	assert.Equal(t, 404, st)
	assert.Equal(t, "Save As is no longer available for this share report", errMsg(res))
}
