package access_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"testing"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"
	"github.com/stretchr/testify/require"

	"pricelens/deploy/testenv"
	"pricelens/jobs"
	"pricelens/store"
)

// BenchmarkAuthorizedRequest measures one signed-in, authorized call end to end
// (session lookup, CSRF-free GET, account membership, casbin check, handler).
func BenchmarkAuthorizedRequest(b *testing.B) {
	e := newBenchEnv(b)
	acc := e.account("Acme")
	e.user("ana@acme.test", "analyst", acc)
	c := e.login("ana@acme.test", acc)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		req, _ := http.NewRequest("GET", e.srv.URL+"/api/labels/getAllLabels", nil)
		resp, err := c.http.Do(req)
		if err != nil || resp.StatusCode != 200 {
			b.Fatalf("status %v %v", resp, err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}
}

// BenchmarkLabelMirror measures mirroring label assignments into ClickHouse: b.N
// outbox rows of 100 products each, queued while no worker runs, delivered by the
// mirror_product_labels job once the workers start.
func BenchmarkLabelMirror(b *testing.B) {
	w, _ := testenv.ClickHouse(b)
	db, _ := testenv.Postgres(b)
	st := store.New(db)
	ctx := context.Background()
	var acc int64
	require.NoError(b, db.QueryRow(ctx, `INSERT INTO accounts (name) VALUES ('Acme') RETURNING id`).Scan(&acc))
	l, _, err := st.CreateLabel(ctx, store.Actor{AccountID: acc}, "L", "ff0000", false, nil)
	require.NoError(b, err)
	for i := 0; i < b.N; i++ {
		prods := make([]string, 100)
		for j := range prods {
			prods[j] = fmt.Sprintf("P%d-%d", i, j)
		}
		_, err := st.AssignLabel(ctx, store.Actor{AccountID: acc}, l.ID, prods)
		require.NoError(b, err)
	}
	b.ResetTimer()
	workers, err := jobs.Start(ctx, jobs.Deps{DB: db, Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
		ClickHouse: func(context.Context) (driver.Conn, error) { return w.Conn, nil }})
	require.NoError(b, err)
	defer func() { require.NoError(b, workers.Stop()) }()
	for {
		n, err := st.PendingOutbox(ctx, store.TopicProductLabels)
		require.NoError(b, err)
		if n == 0 {
			break
		}
		time.Sleep(5 * time.Millisecond)
	}
	b.StopTimer()
	b.ReportMetric(float64(b.N*100)/b.Elapsed().Seconds(), "assignments/s")
}
