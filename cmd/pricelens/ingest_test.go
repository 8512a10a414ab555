package main

import (
	"context"
	"encoding/csv"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"pricelens/deploy/testenv"
	"pricelens/ingest"
)

// TestIngestCommand drives `pricelens ingest` as the data team does: the sample files
// of every kind and format, a file with a bad row (rejects file, exit code, resume),
// the same file again, a file missing a column, and a bad command line.
func TestIngestCommand(t *testing.T) {
	w, cw := testenv.ClickHouse(t)
	db, cp := testenv.Postgres(t)
	ctx := context.Background()
	_, err := db.Exec(ctx, "INSERT INTO accounts (id, name) VALUES (1, 'Demo')")
	require.NoError(t, err)
	_, err = db.Exec(ctx, "INSERT INTO competitors (id, account_id, name) VALUES (1, 1, 'A'), (2, 1, 'B')")
	require.NoError(t, err)
	bin := buildBinary(t)
	env := []string{"PRICELENS_CLICKHOUSE_DB=" + cw.ClickHouseDB, "PRICELENS_POSTGRES_URL=" + cp.PostgresURL}
	dir := t.TempDir()
	count := func(q string) uint64 {
		var n uint64
		require.NoError(t, w.Conn.QueryRow(ctx, q).Scan(&n))
		return n
	}

	// The samples (`pricelens seed --samples DIR`) load as they are.
	require.NoError(t, ingest.WriteSamples(filepath.Join(dir, "samples")))
	for _, k := range ingest.Kinds {
		files, _ := filepath.Glob(filepath.Join(dir, "samples", string(k)+".*"))
		require.Len(t, files, 3)
		code, out := run(t, bin, env, append([]string{"ingest", string(k)}, files...)...)
		require.Equal(t, 0, code, out)
		require.Contains(t, out, "0 rejected")
	}
	require.EqualValues(t, 20, count("SELECT count() FROM offers FINAL"))
	require.EqualValues(t, 5, count("SELECT count() FROM products FINAL"))
	require.EqualValues(t, 15, count("SELECT count() FROM product_daily FINAL"))

	// One bad row of three: loaded rows, a rejects file, exit 1 above the 1% default.
	ts := time.Now().UTC().Add(-time.Hour).Format(time.RFC3339)
	bad := filepath.Join(dir, "bad.csv")
	require.NoError(t, os.WriteFile(bad, []byte(fmt.Sprintf(
		"account_id,product_id,competitor_id,scanned_at,price\n1,X1,1,%[1]s,5\n1,X2,1,%[1]s,-5\n1,X3,2,%[1]s,\n", ts)), 0o644))
	code, out := run(t, bin, env, "ingest", "scans", "--rejects-dir", dir, bad)
	require.Equal(t, 1, code, out)
	require.Contains(t, out, "3 rows: 2 loaded, 1 rejected")
	require.Contains(t, out, "1 of 3 rows rejected (33.33%), more than the allowed 1.00%; first: row 2 price")
	rf, err := os.Open(filepath.Join(dir, "bad.csv.rejects.csv"))
	require.NoError(t, err)
	recs, err := csv.NewReader(rf).ReadAll()
	rf.Close()
	require.NoError(t, err)
	require.Equal(t, [][]string{{"row", "column", "reason"}, {"2", "price", "a price must be ≥ 0 (leave it empty for not found), got -5"}}, recs)

	// A higher threshold: the failed load is resumed; then the file is done.
	code, out = run(t, bin, env, "ingest", "scans", "--max-reject-ratio", "0.5", "--rejects-dir", dir, bad)
	require.Equal(t, 0, code, out)
	require.Contains(t, out, "resumed an interrupted load")
	code, out = run(t, bin, env, "ingest", "scans", bad)
	require.Equal(t, 0, code, out)
	require.Contains(t, out, "this file was already loaded on ")
	require.Contains(t, out, "(2 rows loaded, 1 rejected); nothing changed")
	require.EqualValues(t, 22, count("SELECT count() FROM offers"))

	// A missing column: one line naming it, exit 1, nothing written.
	missing := filepath.Join(dir, "missing.csv")
	require.NoError(t, os.WriteFile(missing, []byte("account_id,product_id,scanned_at,price\n1,Y,"+ts+",3\n"), 0o644))
	code, out = run(t, bin, env, "ingest", "scans", missing)
	require.Equal(t, 1, code, out)
	require.Contains(t, out, "the file has no competitor_id column")
	require.EqualValues(t, 22, count("SELECT count() FROM offers"))

	// A bad command line: exit 2.
	code, out = run(t, bin, env, "ingest", "prices", bad)
	require.Equal(t, 2, code, out)
	require.Contains(t, out, "kind must be scans, products or metrics")
}
