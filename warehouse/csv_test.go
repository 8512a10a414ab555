package warehouse_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"math/rand"
	"testing"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pricelens/deploy/testenv"
	"pricelens/engine"
	"pricelens/warehouse"
)

// Over HTTP the arguments are written into the text by Render: hostile strings
// stay data, sets and arrays keep their values, and external sets travel as
// files beside the query; the rows come back as ClickHouse's CSV.
func TestCSVBindsValuesAndSets(t *testing.T) {
	w, _ := testenv.ClickHouse(t)
	hostile := `it's \' a "test"; DROP TABLE x -- ?` + "\n\t\\"
	st := engine.Statement{
		SQL: "SELECT ? AS a, ? AS b, ? AS c, has(?, 'x?y') AS d, arrayStringConcat(?, '|') AS e, 'lit?' AS f, " +
			"toString(? IN ?) AS g, (SELECT groupArray(v) FROM (SELECT v FROM _set_1 ORDER BY v)) AS h",
		Args: []any{hostile, int64(-7), 2.5, []string{"x?y"}, []string{"a'", `b\`}, uint64(3), clickhouse.GroupSet{Value: []any{uint64(1), uint64(3)}}},
		Sets: []engine.Set{{Name: "_set_1", Type: "String", Values: []any{"tab\there", "new\nline", `back\slash`}}},
	}
	var out bytes.Buffer
	require.NoError(t, w.CSV(context.Background(), "csv-test-"+fmt.Sprint(rand.Int63()), st, &out))
	recs, err := csv.NewReader(&out).ReadAll()
	require.NoError(t, err, out.String())
	require.Equal(t, [][]string{{hostile, "-7", "2.5", "1", `a'|b\`, "lit?", "1", "['back\\\\slash','new\\nline','tab\\there']"}}, recs)
}

// A query the server refuses is an error with the server's message.
func TestCSVServerError(t *testing.T) {
	w, _ := testenv.ClickHouse(t)
	err := w.CSV(context.Background(), "csv-err-"+fmt.Sprint(rand.Int63()), warehouse.SQL("SELECT nope FROM numbers(1)"), &bytes.Buffer{})
	require.ErrorIs(t, err, warehouse.ErrServerCSV)
	assert.Contains(t, err.Error(), "Unknown identifier: nope")
	_, err = warehouse.Render(warehouse.SQL("SELECT ?", struct{}{}))
	assert.ErrorContains(t, err, "cannot bind a struct {}")
	_, err = warehouse.Render(warehouse.SQL("SELECT ?, ?", 1))
	assert.Error(t, err)
}

// A caller that stops (its context, or its writer) stops the server's query,
// even while the server has not written a byte yet (a sort).
func TestCSVStopsTheServerQuery(t *testing.T) {
	w, _ := testenv.ClickHouse(t)
	slow := warehouse.SQL("SELECT number FROM numbers(100000000000) WHERE sipHash64(number) % 7 = 3 ORDER BY sipHash64(number)")
	for _, stop := range []string{"context", "writer"} {
		id := "csv-stop-" + fmt.Sprint(rand.Int63())
		ctx, cancel := context.WithCancel(context.Background())
		var out writerFunc = func(p []byte) (int, error) { return len(p), nil }
		if stop == "writer" {
			slow = warehouse.SQL("SELECT number FROM numbers(100000000000) WHERE sipHash64(number) % 7 = 3")
			out = func([]byte) (int, error) { return 0, errors.New("disk full") }
		}
		done := make(chan error, 1)
		go func() { done <- w.CSV(ctx, id, slow, out) }()
		waitProcess(t, w, id, true)
		if stop == "context" {
			cancel()
		}
		err := <-done
		cancel()
		require.Error(t, err, stop)
		waitProcess(t, w, id, false)
	}
}

type writerFunc func(p []byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }

// waitProcess waits until query id is (or is no longer) in system.processes.
func waitProcess(t *testing.T, w *warehouse.Warehouse, id string, running bool) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		n, err := w.Count(context.Background(), warehouse.SQL("SELECT count() FROM system.processes WHERE query_id = ?", id))
		require.NoError(t, err)
		if (n > 0) == running {
			return
		}
		require.True(t, time.Now().Before(deadline), "query %s running=%v never seen", id, running)
		time.Sleep(20 * time.Millisecond)
	}
}
