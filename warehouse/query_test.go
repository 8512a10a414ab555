package warehouse_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"pricelens/deploy/testenv"
	"pricelens/engine"
	"pricelens/warehouse"
)

// A client that goes away must stop the server-side query (cancel, not deadline:
// with a deadline 18.16 keeps running the query for seconds).
func TestCancelledRequestStopsTheServerQuery(t *testing.T) {
	w, _ := testenv.ClickHouse(t)
	marker := fmt.Sprintf("cancel_marker_%d", rand.Int63())
	ctx, cancel := context.WithTimeout(context.Background(), 400*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := w.Query(ctx, warehouse.SQL("SELECT count() FROM numbers(100000000000) WHERE sipHash64(number) % 7 = 3 AND '"+marker+"' != ''"))
	require.Error(t, err)
	require.True(t, errors.Is(err, context.DeadlineExceeded), "the caller sees its own context error, got %v", err)
	require.Less(t, time.Since(start), 3*time.Second)
	deadline := time.Now().Add(2 * time.Second)
	for {
		n, err := w.Count(context.Background(), warehouse.SQL("SELECT count() FROM system.processes WHERE query LIKE ? AND query NOT LIKE '%system.processes%'", "%"+marker+"%"))
		require.NoError(t, err)
		if n == 0 {
			return
		}
		require.True(t, time.Now().Before(deadline), "the server still runs the cancelled query")
		time.Sleep(50 * time.Millisecond)
	}
}

func TestQueryScansTypes(t *testing.T) {
	w, _ := testenv.ClickHouse(t)
	res, err := w.Query(context.Background(), warehouse.SQL("SELECT toUInt8(1) AS a, CAST(NULL AS Nullable(Float64)) AS b, nan AS c, 'x' AS d, [toUInt32(1), 2] AS e, toDateTime('2026-01-02 03:04:05', 'UTC') AS f"))
	require.NoError(t, err)
	require.Equal(t, []string{"a", "b", "c", "d", "e", "f"}, res.Columns)
	require.Equal(t, []any{uint64(1), nil, nil, "x", []uint32{1, 2}, "2026-01-02T03:04:05Z"}, res.Rows[0])
}

// Bound values are written into the query text by the driver; a statement whose
// text would pass the server's default max_query_size (256 KiB) still runs.
func TestLongQueryTextRuns(t *testing.T) {
	w, _ := testenv.ClickHouse(t)
	long := strings.Repeat(`'\`, 200_000)
	n, err := w.Count(context.Background(), warehouse.SQL("SELECT toUInt64(length(?))", long))
	require.NoError(t, err)
	require.Equal(t, uint64(len(long)), n)
}

// Sets of an engine statement travel as external tables read by name.
func TestExternalSets(t *testing.T) {
	w, _ := testenv.ClickHouse(t)
	st := engine.Statement{SQL: "SELECT toString(number) FROM numbers(10) WHERE toString(number) IN (SELECT v FROM _set_1) AND number IN (SELECT v FROM _set_2) ORDER BY number",
		Sets: []engine.Set{{Name: "_set_1", Type: "String", Values: []any{"2", "3", "x'"}}, {Name: "_set_2", Type: "UInt64", Values: []any{uint64(3), uint64(4)}}}}
	got, err := w.Strings(context.Background(), st)
	require.NoError(t, err)
	require.Equal(t, []string{"3"}, got)
}
