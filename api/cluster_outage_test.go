//go:build cluster

package api_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"pricelens/deploy/stack"
	"pricelens/deploy/testenv"
	"pricelens/store"
	"pricelens/warehouse"
)

// TestClusterShardDownAnswers503 (issue 18): on the loopback cluster, with both
// replicas of shard 2 stopped, a report is a 503 that names the shard, never a
// partial answer from shard 1; it answers again once a replica is back.
func TestClusterShardDownAnswers503(t *testing.T) {
	_, c := testenv.ClickHouse(t)
	direct, pc := testenv.Postgres(t)
	ctx := t.Context()
	w, err := warehouse.Open(ctx, c)
	require.NoError(t, err)
	t.Cleanup(func() { _ = w.Close() })
	db, err := store.Open(ctx, pc.PostgresURL)
	require.NoError(t, err)
	t.Cleanup(db.Close)
	o := serveEnv(t, c, w, direct, db)

	so, err := stack.OptionsFrom(c)
	require.NoError(t, err)
	shard2 := stack.ClusterNodes()[2:]
	t.Cleanup(func() {
		for _, n := range shard2 {
			if err := stack.StartClusterNode(context.Background(), so, c.ClickHouseCluster, n); err != nil {
				t.Errorf("start %s again: %v", n.Name(), err)
			}
		}
	})

	require.Equal(t, 200, o.signIn())
	search := map[string]any{"search": "laptop", "mode": "table"}
	st, body := o.call("POST", "/api/tabular/searchInReport", search)
	require.Equal(t, 200, st, "%v", body)

	for _, n := range shard2 {
		require.Equal(t, 2, n.Shard)
		require.NoError(t, stack.StopClusterNode(so, n))
	}
	st, body = o.call("POST", "/api/tabular/searchInReport", search)
	require.Equal(t, 503, st, "%v", body)
	code, msg := errorOf(body)
	require.Equal(t, "unavailable", code)
	require.Equal(t, "ClickHouse is not available right now: shard 2 of the cluster has no replica that answers. Please try again in a few minutes.", msg)

	require.NoError(t, stack.StartClusterNode(ctx, so, c.ClickHouseCluster, shard2[1]))
	st, body = o.call("POST", "/api/tabular/searchInReport", search)
	require.Equal(t, 200, st, "one replica of shard 2 is enough: %v", body)
}
