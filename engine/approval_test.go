package engine

import (
	"testing"

	"github.com/ClickHouse/clickhouse-go/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The approval grid's SQL: the status is the decided products' external sets (sent
// only when a person decided some), the records are the changed results, and
// select-all lists the Pending ones of the condition.
func TestApprovalSQL(t *testing.T) {
	c, err := ParseCondition([]byte(`{"filters":{"status":{"filterType":"radio","value":"pending"},"reason":{"filterType":"radio","value":"mandated"}},` +
		`"search":"tv","sort":[{"colId":"status","sort":"asc"}],"limit":10}`))
	require.NoError(t, err)
	a := testAccount()
	a.Categories = []string{"Toys"}
	status := "multiIf(product_id IN (SELECT v FROM _approval_rejected), 'rejected', product_id IN (SELECT v FROM _approval_approved) " +
		"OR status = 'auto_approved', 'approved', 'Pending')"
	where := "account_id = ? AND super_category IN ? AND result_id = ? AND ifNull(multiIf(status = 'mandated', 'mandated', status = 'auto_approved', " +
		"'auto_approved', 'above_threshold') = ?, 0) AND ifNull(" + status + " = ?, 0) AND position(search_text, lowerUTF8(?)) > 0 AND status != ?"
	d := ApprovalDecided{Approved: []string{"A1", "A2"}, Rejected: []string{"R1"}}

	st, err := CompileApprovalSelection(a, c, 42, d)
	require.NoError(t, err)
	assert.Equal(t, "SELECT product_id FROM pricer_results WHERE "+where+" AND "+status+" = 'Pending'", st.SQL)
	assert.Equal(t, []any{uint32(7), clickhouse.GroupSet{Value: []any{"Toys"}}, uint64(42), "mandated", "Pending", "tv", "no_change"}, st.Args)
	assert.Equal(t, []Set{{Name: "_approval_approved", Type: "String", Values: []any{"A1", "A2"}}, {Name: "_approval_rejected", Type: "String", Values: []any{"R1"}}}, st.Sets)

	st, err = CompileApprovalCount(a, c, 42, d)
	require.NoError(t, err)
	assert.Equal(t, "SELECT count(), countIf("+status+" = 'Pending') FROM pricer_results WHERE "+where, st.SQL)

	p, err := CompileApprovalRows(a, c, 42, d)
	require.NoError(t, err)
	assert.Contains(t, p.SQL, status+" AS `r_status`")
	assert.Contains(t, p.SQL, "WHERE "+where+" ORDER BY "+status+" ASC NULLS LAST, product_id ASC LIMIT 11 OFFSET 0)")
	assert.Contains(t, p.SQL, "AND result_id = ? AND product_id IN (SELECT product_id FROM pricer_results WHERE ")
	// On a cluster the page's ids are a GLOBAL IN, as the results grid's (they share
	// resultPage): a plain IN read each shard's part of the page.
	a.Cluster = true
	p, err = CompileApprovalRows(a, c, 42, d)
	require.NoError(t, err)
	assert.Contains(t, p.SQL, "AND result_id = ? AND product_id GLOBAL IN (SELECT product_id FROM pricer_results WHERE ")
	a.Cluster = false

	// Nothing decided yet: no sets, and the status reads the run's own.
	st, err = CompileApprovalSelection(a, Condition{}, 42, ApprovalDecided{})
	require.NoError(t, err)
	assert.Empty(t, st.Sets)
	assert.Contains(t, st.SQL, "multiIf(0, 'rejected', 0 OR status = 'auto_approved', 'approved', 'Pending') = 'Pending'")

	for _, bad := range []string{`{"filters":{"status":{"filterType":"radio","value":"maybe"}}}`, `{"filters":{"bizfin_comment":{"filterType":"text","type":"contains","filter":"x"}}}`,
		`{"sort":[{"colId":"decided_at","sort":"asc"}]}`, `{"group":[{"id":"brand"}]}`} {
		c, err := ParseCondition([]byte(bad))
		require.NoError(t, err)
		_, err = CompileApprovalRows(a, c, 42, d)
		var e *Error
		assert.ErrorAs(t, err, &e, bad)
	}
	// Hostile product ids are data in the sets, never SQL: the text is the same for all.
	want := ""
	for _, v := range hostileStrings {
		st, err := CompileApprovalSelection(a, Condition{}, 42, ApprovalDecided{Rejected: []string{v}})
		require.NoError(t, err)
		assert.Equal(t, []Set{{Name: "_approval_rejected", Type: "String", Values: []any{v}}}, st.Sets)
		if want == "" {
			want = st.SQL
		}
		assert.Equal(t, want, st.SQL)
	}
}

// The approval grid's group and graph modes: one block of group rows with the
// records per status and their changes; the status key is the decided sets'. A
// metric sorts NULLS LAST, as the results grid's (one compiler, runGrid): none of
// these metrics is ever NULL, so the order is the same.
func TestApprovalGroupSQL(t *testing.T) {
	a := testAccount()
	d := ApprovalDecided{Approved: []string{"A1"}}
	status := "multiIf(0, 'rejected', product_id IN (SELECT v FROM _approval_approved) OR status = 'auto_approved', 'approved', 'Pending')"
	metrics := "count() AS `records`, countIf(" + status + " = 'Pending') AS `pending`, countIf(" + status + " = 'approved') AS `approved`, countIf(" +
		status + " = 'rejected') AS `rejected`, avg(change_pct) AS `avg_change_pct`, min(change_pct) AS `min_change_pct`, max(change_pct) AS `max_change_pct`"
	for _, tc := range []struct {
		name, cond, sql string
		args            []any
	}{
		{"by status, the largest first", `{"group":[{"id":"status"}],"sort":[{"colId":"records","sort":"desc"}],"limit":200}`,
			"SELECT ifNull(toString(" + status + "), '') AS group_key, " + metrics + " FROM pricer_results WHERE account_id = ? AND result_id = ? AND status != ?" +
				" GROUP BY group_key ORDER BY `records` DESC NULLS LAST, group_key ASC LIMIT 201 OFFSET 0",
			[]any{uint32(7), uint64(42), "no_change"}},
		{"by brand within a category, filtered by reason", `{"group":[{"id":"category"},{"id":"canonical_mfgr_display"}],"groupIds":["TV"],` +
			`"filters":{"reason":{"filterType":"radio","value":"mandated"}},"limit":10}`,
			"SELECT ifNull(toString(brand), '') AS group_key, " + metrics + " FROM pricer_results WHERE account_id = ? AND result_id = ? AND ifNull(toString(category), '') = ?" +
				" AND ifNull(multiIf(status = 'mandated', 'mandated', status = 'auto_approved', 'auto_approved', 'above_threshold') = ?, 0) AND status != ?" +
				" GROUP BY group_key ORDER BY group_key ASC LIMIT 11 OFFSET 0",
			[]any{uint32(7), uint64(42), "TV", "mandated", "no_change"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := ParseCondition([]byte(tc.cond))
			require.NoError(t, err)
			p, err := CompileApprovalRows(a, c, 42, d)
			require.NoError(t, err)
			assert.Equal(t, tc.sql, p.SQL)
			assert.Equal(t, tc.args, p.Args)
			assert.Equal(t, ShapeGroups, p.Shape)
		})
	}
	// Only the grid's group columns; the group key of a hostile open group is bound.
	for _, bad := range []string{`{"group":[{"id":"price"}]}`, `{"group":[{"id":"labels"}]}`, `{"group":[{"id":"status"}],"sort":[{"colId":"changed","sort":"asc"}]}`} {
		c, err := ParseCondition([]byte(bad))
		require.NoError(t, err)
		_, err = CompileApprovalRows(a, c, 42, d)
		var e *Error
		assert.ErrorAs(t, err, &e, bad)
	}
	want := ""
	for _, v := range hostileStrings {
		c := Condition{Group: []GroupCol{{ID: "category"}, {ID: "status"}}, GroupIDs: []string{v}, Limit: 10}
		p, err := CompileApprovalRows(a, c, 42, d)
		require.NoError(t, err)
		assert.Contains(t, p.Args, v)
		if want == "" {
			want = p.SQL
		}
		assert.Equal(t, want, p.SQL, "the text is the same whatever the key")
	}
}
