package warehouse_test

import (
	"bufio"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
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
// files beside the query; the rows come back as Native blocks.
func TestNativeBindsValuesAndSets(t *testing.T) {
	w, _ := testenv.ClickHouse(t)
	hostile := `it's \' a "test"; DROP TABLE x -- ?` + "\n\t\\"
	st := engine.Statement{
		SQL: "SELECT arrayJoin([?, toString(?), toString(?), toString(has(?, 'x?y')), arrayStringConcat(?, '|'), 'lit?', " +
			"toString(? IN ?), arrayStringConcat((SELECT groupArray(v) FROM (SELECT v FROM _set_1 ORDER BY v)), '|')]) AS __c0",
		Args: []any{hostile, int64(-7), 2.5, []string{"x?y"}, []string{"a'", `b\`}, uint64(3), clickhouse.GroupSet{Value: []any{uint64(1), uint64(3)}}},
		Sets: []engine.Set{{Name: "_set_1", Type: "String", Values: []any{"tab\there", "new\nline", `back\slash`}}},
	}
	var got []string
	require.NoError(t, w.Native(context.Background(), "native-test-"+fmt.Sprint(rand.Int63()), st, func(body io.Reader) error {
		got = readStrings(t, body)
		return nil
	}))
	require.Equal(t, []string{hostile, "-7", "2.5", "1", `a'|b\`, "lit?", "1", "back\\slash|new\nline|tab\there"}, got)
}

// readStrings reads Native blocks of one String column.
func readStrings(t *testing.T, body io.Reader) []string {
	br := bufio.NewReader(body)
	str := func() string {
		l, err := binary.ReadUvarint(br)
		require.NoError(t, err)
		b := make([]byte, l)
		_, err = io.ReadFull(br, b)
		require.NoError(t, err)
		return string(b)
	}
	var out []string
	for {
		cols, err := binary.ReadUvarint(br)
		if err == io.EOF {
			return out
		}
		require.NoError(t, err)
		require.Equal(t, uint64(1), cols)
		rows, err := binary.ReadUvarint(br)
		require.NoError(t, err)
		require.Equal(t, "__c0", str())
		require.Equal(t, "String", str())
		for i := uint64(0); i < rows; i++ {
			out = append(out, str())
		}
	}
}

// A query the server refuses is an error with the server's message.
func TestNativeServerError(t *testing.T) {
	w, _ := testenv.ClickHouse(t)
	err := w.Native(context.Background(), "native-err-"+fmt.Sprint(rand.Int63()), warehouse.SQL("SELECT nope FROM numbers(1)"),
		func(io.Reader) error { return nil })
	require.ErrorIs(t, err, warehouse.ErrRefused)
	// The server's own words, which differ between releases (18.16: "Unknown
	// identifier: nope"; 26.x: "Unknown expression identifier `nope`"); the code does not.
	assert.Contains(t, err.Error(), "Code: 47")
	assert.Contains(t, err.Error(), "nope")
	_, err = warehouse.Render(warehouse.SQL("SELECT ?", struct{}{}))
	assert.ErrorContains(t, err, "cannot bind a struct {}")
	_, err = warehouse.Render(warehouse.SQL("SELECT ?, ?", 1))
	assert.Error(t, err)
}

// A caller that stops (its context, or its reader) stops the server's query,
// even while the server has not written a byte yet (a sort).
func TestNativeStopsTheServerQuery(t *testing.T) {
	w, _ := testenv.ClickHouse(t)
	for _, stop := range []string{"context", "reader"} {
		id := "native-stop-" + fmt.Sprint(rand.Int63())
		ctx, cancel := context.WithCancel(context.Background())
		slow := warehouse.SQL("SELECT number FROM numbers(100000000000) WHERE sipHash64(number) % 7 = 3 ORDER BY sipHash64(number)")
		seen := make(chan struct{})
		read := func(body io.Reader) error { _, err := io.Copy(io.Discard, body); return err }
		if stop == "reader" {
			slow = warehouse.SQL("SELECT number FROM numbers(100000000000) WHERE sipHash64(number) % 7 = 3")
			read = func(io.Reader) error { <-seen; return errors.New("disk full") }
		}
		done := make(chan error, 1)
		go func() { done <- w.Native(ctx, id, slow, read) }()
		waitProcess(t, w, id, true)
		close(seen)
		if stop == "context" {
			cancel()
		}
		err := <-done
		cancel()
		require.Error(t, err, stop)
		waitProcess(t, w, id, false)
	}
}

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
