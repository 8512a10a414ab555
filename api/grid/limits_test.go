package grid

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pricelens/api/session"
	"pricelens/engine"
	"pricelens/report/reporttest"
)

// limitSet is a brand set filter of exactly MaxSetValues values and MaxSetChars
// characters (over 2 MB of query text if written inline, far past ClickHouse's
// max_query_size), with quotes and backslashes in the filler, that matches the
// fixture's "Acme" and "O'Brien" brands; extra adds characters past the limit.
func limitSet(t *testing.T, extra int) string {
	t.Helper()
	vals := []string{"ACME", "o'brien"}
	left := engine.MaxSetChars - len("ACME") - len("o'brien") + extra
	for n := engine.MaxSetValues - len(vals); n > 0; n-- {
		size := left / n // spread the rest; the last values take the remainder
		v := fmt.Sprintf("%05d'\\", n)
		vals = append(vals, v+strings.Repeat("z", size-len(v)))
		left -= size
	}
	require.Len(t, vals, engine.MaxSetValues)
	js, err := json.Marshal(vals)
	require.NoError(t, err)
	return `{"condition":{"limit":1000,"filters":{"canonical_mfgr_display":{"filterType":"set","values":` + string(js) + `}}}}`
}

// Finding 4 of issue 11: a set filter or a search past ClickHouse's max_query_size
// answered 500 "Max query size exceeded". At the limit it answers the right rows;
// past it, a 400 naming the field.
func TestLargeSetsAndSearchesAreBounded(t *testing.T) {
	e := server(t, &session.Principal{UserID: 1, AccountID: 1})
	var want []string
	for _, p := range reporttest.Build().Products {
		if p.Account == 1 && (p.Brand == "Acme" || p.Brand == "O'Brien") {
			want = append(want, p.ID)
		}
	}
	sort.Strings(want)
	require.NotEmpty(t, want)

	body := limitSet(t, 0)
	code, out := call(e, "POST", "/api/tabular/getConditionsData", body)
	require.Equal(t, 200, code, out["error"])
	var got []string
	for _, r := range out["rows"].([]any) {
		got = append(got, r.(map[string]any)["id"].(string))
	}
	sort.Strings(got)
	assert.Equal(t, want, got)
	code, out = call(e, "POST", "/api/tabular/getCountOfRow", body)
	require.Equal(t, 200, code, out["error"])
	assert.Equal(t, float64(len(want)), out["count"])

	for _, path := range []string{"/api/tabular/getConditionsData", "/api/tabular/getCountOfRow"} {
		code, out = call(e, "POST", path, limitSet(t, 1))
		require.Equal(t, 400, code, out)
		assert.Equal(t, "filters.canonical_mfgr_display.values", out["error"].(map[string]any)["field"])
	}

	code, out = call(e, "POST", "/api/tabular/searchInReport", `{"search":"`+strings.Repeat("é", engine.MaxSearchLen)+`","mode":"table"}`)
	require.Equal(t, 200, code, out)
	for _, n := range []int{engine.MaxSearchLen + 1, 300_000} {
		code, out = call(e, "POST", "/api/tabular/searchInReport", `{"search":"`+strings.Repeat("x", n)+`","mode":"table"}`)
		require.Equal(t, 400, code, out)
		assert.Equal(t, "search", out["error"].(map[string]any)["field"])
	}
}

// The other large lists go the same way: a user's category access (a LowCardinality
// column) and the rows toggled in a select-all selection.
func TestLargeCategoryAccessAndSelection(t *testing.T) {
	s, f := setup(t)
	ctx := context.Background()
	filler := func(n int) []string {
		out := make([]string, n)
		for i := range out {
			out[i] = fmt.Sprintf("%05d'\\", i) + strings.Repeat("z", 150)
		}
		return out
	}
	a := f.Acc1
	a.Categories = append(filler(3000), "Home")
	var home []string
	for _, p := range f.Products {
		if p.Account == 1 && p.Sup == "Home" {
			home = append(home, p.ID)
		}
	}
	sort.Strings(home)
	require.NotEmpty(t, home)
	n, err := s.Count(ctx, a, engine.Condition{Limit: 10})
	require.NoError(t, err)
	assert.Equal(t, uint64(len(home)), n)

	got, err := s.Selection(ctx, a, engine.Condition{}, true, append(filler(3000), home[0]))
	require.NoError(t, err)
	assert.Equal(t, home[1:], got)
}
