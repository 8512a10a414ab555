package engine

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSnapshotDeltaSQL: with a delta, every read of the snapshot names base and delta
// together and keeps one row per product (both phases of a block, counts, groups);
// without one, the SQL names product_snapshot alone, as before.
func TestSnapshotDeltaSQL(t *testing.T) {
	const visible = " AND (_table = 'product_snapshot_delta' AND (pno, build_id) IN (SELECT pno, max(build_id) FROM product_snapshot_delta " +
		"WHERE account_id = 7 AND build_id <= 42 GROUP BY pno) OR _table = 'product_snapshot' AND pno NOT IN " +
		"(SELECT pno FROM product_snapshot_delta WHERE account_id = 7 AND build_id <= 42))"
	const live = "merge(currentDatabase(), '^product_snapshot(_delta)?$')"
	a := testAccount()
	a.SnapshotDelta = 42

	c := Condition{Limit: 100, VisibleColumns: []string{"id", "name"}}
	rows, err := CompileRows(a, c)
	require.NoError(t, err)
	assert.Equal(t, "SELECT product_id AS `id`, name AS `name`, img_url AS `img_url`, brand AS `canonical_mfgr_display`, my_price AS `price` FROM "+live+" WHERE account_id = ?"+visible+
		" AND product_id IN (SELECT product_id FROM "+live+" WHERE account_id = ?"+visible+
		" ORDER BY product_id ASC LIMIT 101 OFFSET 0) ORDER BY product_id ASC", rows.SQL)

	count, err := CompileCount(a, c)
	require.NoError(t, err)
	assert.Equal(t, "SELECT count() FROM "+live+" WHERE account_id = ?"+visible, count.SQL)

	g, err := CompileRows(a, Condition{Limit: 100, Group: []GroupCol{{ID: "category"}}})
	require.NoError(t, err)
	assert.Equal(t, 1, strings.Count(g.SQL, " FROM "+live+" WHERE account_id = ?"+visible), g.SQL)
	assert.NotContains(t, g.SQL, "FROM product_snapshot ")

	a.SnapshotDelta = 0
	count, err = CompileCount(a, c)
	require.NoError(t, err)
	assert.Equal(t, "SELECT count() FROM product_snapshot WHERE account_id = ?", count.SQL)
}
