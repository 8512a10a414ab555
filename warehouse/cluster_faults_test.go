//go:build cluster

// Faults on the loopback cluster (`make test-cluster`, issue 18): these tests stop
// and start its nodes, so they run only there (build tag cluster).
package warehouse_test

import (
	"context"
	"testing"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2"
	"github.com/stretchr/testify/require"

	"pricelens/deploy/config"
	"pricelens/deploy/stack"
	"pricelens/engine"
	"pricelens/warehouse"
)

// clusterNodes are the loopback cluster's stack options, its nodes by name, and a
// cleanup that starts every node again (registered after the test's database, so it
// runs before the database is dropped ON CLUSTER, which needs every node).
func clusterNodes(t *testing.T, c config.Config) (stack.Options, map[string]stack.ClusterNode) {
	t.Helper()
	require.NotEmpty(t, c.ClickHouseCluster, "make test-cluster sets PRICELENS_CLICKHOUSE_CLUSTER")
	o, err := stack.OptionsFrom(c)
	require.NoError(t, err)
	nodes := map[string]stack.ClusterNode{}
	for _, n := range stack.ClusterNodes() {
		nodes[n.Name()] = n
	}
	t.Cleanup(func() {
		for _, n := range stack.ClusterNodes() {
			if err := stack.StartClusterNode(context.Background(), o, c.ClickHouseCluster, n); err != nil {
				t.Errorf("start %s again: %v", n.Name(), err)
			}
		}
	})
	return o, nodes
}

// syncReplica waits until the node has every part its shard's log names for table
// (SYSTEM SYNC REPLICA), then returns the table's row count on that node alone.
func syncReplica(t *testing.T, n stack.ClusterNode, database, table string) uint64 {
	t.Helper()
	ctx := context.Background()
	conn, err := clickhouse.Open(&clickhouse.Options{Addr: []string{n.Addr()}, Auth: clickhouse.Auth{Database: database}})
	require.NoError(t, err)
	defer conn.Close()
	require.NoError(t, conn.Exec(ctx, "SYSTEM SYNC REPLICA "+database+"."+table))
	var rows uint64
	require.NoError(t, conn.QueryRow(ctx, "SELECT count() FROM "+database+"."+table).Scan(&rows))
	return rows
}

// TestClusterReplicaDown: with one replica of a shard stopped, reports answer the
// same from the other (load_balancing in_order skips it); a load during the outage
// lands on the live replica; the stopped one catches up when it comes back and then
// answers the same on its own.
func TestClusterReplicaDown(t *testing.T) {
	w, at, c := deltaFixtureConfig(t)
	o, nodes := clusterNodes(t, c)
	ctx := context.Background()
	before := visible(t, w, 7)
	require.Equal(t, prices(100, nil), before)
	// The partner has everything before its first replica goes.
	syncReplica(t, nodes["s2r2"], w.Database, "latest_offers_local")

	require.NoError(t, stack.StopClusterNode(o, nodes["s2r1"]))
	require.Equal(t, before, visible(t, w, 7), "shard 2 answers from s2r2")

	// A load during the outage, and its refresh.
	scans(t, w, 7, at.Add(time.Minute), 200, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19)
	require.NoError(t, w.RefreshSnapshots(ctx, map[uint32]engine.Settings{7: engine.DefaultSettings()}))
	after := visible(t, w, 7)
	require.Equal(t, prices(200, nil), after)

	require.NoError(t, stack.StartClusterNode(ctx, o, c.ClickHouseCluster, nodes["s2r1"]))
	for _, table := range []string{"latest_offers_local", "product_snapshot_local"} {
		require.Equal(t, syncReplica(t, nodes["s2r2"], w.Database, table), syncReplica(t, nodes["s2r1"], w.Database, table),
			"s2r1 caught up with %s", table)
	}
	require.NoError(t, stack.StopClusterNode(o, nodes["s2r2"]))
	require.Equal(t, after, visible(t, w, 7), "the caught-up s2r1 answers alone for shard 2")
}

// TestClusterShardDown: with both replicas of a shard stopped, a report fails (no
// partial answer: skip_unavailable_shards is off) with an error that names the shard,
// which the API answers with a 503 (api/availability.go).
func TestClusterShardDown(t *testing.T) {
	w, _, c := deltaFixtureConfig(t)
	o, nodes := clusterNodes(t, c)
	ctx := context.Background()
	require.Equal(t, prices(100, nil), visible(t, w, 7))

	require.NoError(t, stack.StopClusterNode(o, nodes["s2r1"]))
	require.NoError(t, stack.StopClusterNode(o, nodes["s2r2"]))
	a := engine.Account{AccountID: 7, Settings: engine.DefaultSettings(), Now: time.Now(),
		Competitors: []engine.Competitor{{ID: 5, Name: "five"}, {ID: 12, Name: "twelve"}}}
	plan, err := engine.CompileCount(a, engine.Condition{})
	require.NoError(t, err)
	_, err = w.Count(ctx, plan.Statement)
	require.Error(t, err)
	down := w.DownShard(ctx, err)
	require.NotNil(t, down, "%v", err)
	require.EqualValues(t, 2, down.Shard)

	var sd *warehouse.ShardDownError
	require.ErrorAs(t, w.ExecParts(ctx, "OPTIMIZE TABLE %s FINAL", engine.TableProducts), &sd, "a change of parts needs every shard too")
	require.EqualValues(t, 2, sd.Shard)
}
