package warehouse

import (
	"pricelens/engine"
	"pricelens/migrations"
)

// On a cluster (PRICELENS_CLICKHOUSE_CLUSTER, DESIGN §11) the schema is the one
// migrations/cluster.go makes: each table keyed by product is a Distributed table
// in front of <table>_local, a replicated table on every shard. Queries and
// inserts use the Distributed name, unchanged; DDL that works on the stored parts
// (partition swaps and drops, OPTIMIZE, mutations) must name the local table and
// run on every shard. These helpers give that DDL its cluster form, and are the
// identity on one server.

// onCluster is the ON CLUSTER clause of DDL on cluster ("" on one server).
func onCluster(cluster string) string {
	if cluster == "" {
		return ""
	}
	return " ON CLUSTER " + cluster
}

// OnCluster is the ON CLUSTER clause of this warehouse's DDL ("" on one server).
func (w *Warehouse) OnCluster() string { return onCluster(w.Cluster) }

// Parts is the table that holds t's parts on this node, followed by the ON CLUSTER
// clause: "ALTER TABLE " + w.Parts(t) + " DROP PARTITION 7" drops partition 7 of t
// on one server and of every shard's replicas on a cluster.
func (w *Warehouse) Parts(t engine.Table) string {
	if w.Cluster == "" {
		return t.String()
	}
	if migrations.Sharded(t.String()) {
		return t.String() + migrations.LocalSuffix + w.OnCluster()
	}
	return t.String() + w.OnCluster()
}
