package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"pricelens/deploy/testenv"
	"pricelens/feed"
)

// TestPriceFeedCommand drives `pricelens export --price-feed`: the approved prices
// into the account's drop folder once, nothing the second time, and a bad command
// line in one line.
func TestPriceFeedCommand(t *testing.T) {
	_, cw := testenv.ClickHouse(t)
	db, cp := testenv.Postgres(t)
	ctx := context.Background()
	var acc, runID int64
	require.NoError(t, db.QueryRow(ctx, `INSERT INTO accounts (name) VALUES ('Shop') RETURNING id`).Scan(&acc))
	require.NoError(t, db.QueryRow(ctx, `INSERT INTO pricer_runs (account_id, is_simulation, status) VALUES ($1, false, 'complete') RETURNING id`, acc).Scan(&runID))
	_, err := db.Exec(ctx, `INSERT INTO approval_records (account_id, run_id, product_id, current_price, recommended_price, change_pct, status, reason, decided_at)
		VALUES ($1, $2, 'P1', 10, 9.5, -5, 'approved', 'auto_approved', now()), ($1, $2, 'P2', 10, 12, 20, 'Pending', 'mandated', NULL)`, acc, runID)
	require.NoError(t, err)
	root := t.TempDir()
	bin := buildBinary(t)
	env := []string{"PRICELENS_CLICKHOUSE_DB=" + cw.ClickHouseDB, "PRICELENS_POSTGRES_URL=" + cp.PostgresURL, "PRICELENS_DROP_ROOT=" + root}

	code, out := run(t, bin, env, "export", "--price-feed")
	require.Equal(t, 0, code, out)
	dir := feed.Dir(root, acc)
	csvPath := filepath.Join(dir, feed.BaseName(1)+".csv")
	require.Equal(t, fmt.Sprintf("account %d: price feed batch 1, 1 approved prices: %s, %s, %s\n", acc, csvPath,
		filepath.Join(dir, feed.BaseName(1)+".parquet"), filepath.Join(dir, feed.BaseName(1)+".manifest.json")), out)
	data, err := os.ReadFile(csvPath)
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	require.Len(t, lines, 2, "the approved price only")
	require.Equal(t, strings.Join(feed.Columns, ","), lines[0])
	var p1 int64
	require.NoError(t, db.QueryRow(ctx, `SELECT id FROM approval_records WHERE product_id = 'P1'`).Scan(&p1))
	require.True(t, strings.HasPrefix(lines[1], fmt.Sprintf("1,%d,P1,10,9.5,-5.0000,%d,auto-approved,", p1, runID)), lines[1])

	code, out = run(t, bin, env, "export", "--price-feed", "--account", fmt.Sprint(acc))
	require.Equal(t, 0, code, out)
	require.Equal(t, "no approved prices to feed\n", out)

	code, out = run(t, bin, env, "export", "--price-feed", "--report", "1")
	require.Equal(t, 2, code, out)
	require.Contains(t, out, "--price-feed takes only --account")
	require.Len(t, strings.Split(strings.TrimSpace(out), "\n"), 1)
}
