package grid

import (
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pricelens/api/session"
	"pricelens/report/reporttest"
)

// The real-time view lists every latest offer of the chosen competitors, newest
// first, in blocks of 100; its counts and the scan summary equal Go counts over
// the fixture; another account's competitors are refused and its scans unseen.
func TestRealTimeView(t *testing.T) {
	e := server(t, &session.Principal{UserID: 1, AccountID: 1})
	f := reporttest.Build()
	r := reporttest.Ref{F: f, A: f.Acc1, CS: []int64{11, 12, 13}}
	offers, lastDay, lastScan := map[int64]int{}, map[int64]int{}, map[int64]time.Time{}
	for _, p := range r.Products() {
		for c, o := range p.Offers {
			offers[c]++
			if o.Seen.After(lastScan[c]) {
				lastScan[c] = o.Seen
			}
			if !o.Seen.Before(reporttest.Now.Add(-24 * time.Hour)) {
				lastDay[c]++
			}
		}
	}

	code, out := call(e, "POST", "/api/tabular/getRealTimeTabularCount", `{"competitorsId":[]}`)
	require.Equal(t, 200, code, out)
	assert.Equal(t, float64(offers[11]+offers[12]+offers[13]), out["count"])
	code, out = call(e, "POST", "/api/tabular/getRealTimeTabularCount", `{"competitorsId":["12"]}`)
	require.Equal(t, 200, code, out)
	assert.Equal(t, float64(offers[12]), out["count"])

	// Blocks of 100, newest first, every pair once.
	seen := map[string]bool{}
	var prev time.Time
	for offset := 0; ; offset += 100 {
		code, out = call(e, "POST", "/api/tabular/getConditionsDataForRealTime", fmt.Sprintf(`{"competitorsId":[11,13],"offset":%d}`, offset))
		require.Equal(t, 200, code, out)
		rows := out["rows"].([]any)
		for _, x := range rows {
			row := x.(map[string]any)
			assert.Contains(t, []any{float64(11), float64(13)}, row["competitor_id"])
			at, err := time.Parse(time.RFC3339, row["seen_at"].(string))
			require.NoError(t, err)
			if !prev.IsZero() {
				assert.False(t, at.After(prev), "newest first")
			}
			prev = at
			assert.False(t, seen[row["id"].(string)], "once")
			seen[row["id"].(string)] = true
		}
		if out["lastRow"].(float64) >= 0 {
			assert.Equal(t, float64(len(seen)), out["lastRow"])
			break
		}
		require.Len(t, rows, 100)
	}
	assert.Len(t, seen, offers[11]+offers[13])

	code, out = call(e, "GET", "/api/tabular/pricing", ``)
	require.Equal(t, 200, code, out)
	comps := out["competitors"].([]any)
	require.Len(t, comps, 3)
	for _, x := range comps {
		c := x.(map[string]any)
		id := int64(c["id"].(float64))
		assert.Equal(t, float64(offers[id]), c["offers"], "offers @%d", id)
		assert.Equal(t, float64(lastDay[id]), c["scans_last_day"], "last day @%d", id)
		assert.Equal(t, lastScan[id].UTC().Format(time.RFC3339), c["last_scan"], "last scan @%d", id)
	}
	code, out = call(e, "POST", "/api/tabular/getColumnDefRealTime", `{"competitorsId":[11]}`)
	require.Equal(t, 200, code, out)
	assert.Equal(t, "seen_at", out["columns"].([]any)[0].(map[string]any)["colId"])

	for _, body := range []string{`{"competitorsId":[21]}`, `{"competitorsId":[11],"offset":-1}`, `{"competitorsId":"x"}`} {
		for _, path := range []string{"getConditionsDataForRealTime", "getRealTimeTabularCount", "getColumnDefRealTime"} {
			code, out = call(e, "POST", "/api/tabular/"+path, body)
			assert.Equal(t, 400, code, "%s %s: %v", path, body, out)
		}
	}

	other := server(t, &session.Principal{UserID: 2, AccountID: 2})
	code, out = call(other, "POST", "/api/tabular/getRealTimeTabularCount", `{}`)
	require.Equal(t, 200, code, out)
	assert.Equal(t, float64(30), out["count"])
}
