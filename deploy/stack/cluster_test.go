package stack

import (
	"os"
	"strings"
	"testing"
)

// TestClusterNodeConfig: each node of the loopback cluster gets its own ports,
// shard and replica macros, the same remote_servers (two shards of two replicas
// in order) and ZooKeeper, and the cluster's profile; the single node gets none of it.
func TestClusterNodeConfig(t *testing.T) {
	o, err := Options{DataDir: t.TempDir(), ClickHouseTCPPort: 29000, ClickHouseHTTPPort: 28123, PostgresPort: 25432,
		MailpitSMTPPort: 21025, MailpitHTTPPort: 28025}.check()
	noErr(t, err)
	nodes := ClusterNodes()
	equal(t, len(nodes), 4)
	equal(t, nodes[2].Name(), "s2r1")
	equal(t, ClusterAddrs(), "127.0.0.1:19101,127.0.0.1:19102,127.0.0.1:19103,127.0.0.1:19104")

	n := clusterNodeOf(o, "pricelens", nodes[2])
	noErr(t, writeClickHouseConfig(n))
	cfg, err := os.ReadFile(n.F.Config)
	noErr(t, err)
	for _, want := range []string{
		"<tcp_port>19103</tcp_port>", "<http_port>18203</http_port>", "<interserver_http_port>19203</interserver_http_port>",
		"<shard>2</shard>", "<replica>s2r1</replica>",
		"<shard>\n                <internal_replication>true</internal_replication>\n" +
			"                <replica><host>127.0.0.1</host><port>19101</port></replica>\n" +
			"                <replica><host>127.0.0.1</host><port>19102</port></replica>\n            </shard>",
		"<pricelens_shards>\n            <shard>\n                <internal_replication>true</internal_replication>\n" +
			"                <replica><host>127.0.0.1</host><port>19101</port></replica>\n            </shard>\n",
		"<replica><host>127.0.0.1</host><port>19103</port></replica>\n            </shard>\n        </pricelens_shards>",
		"<node><host>127.0.0.1</host><port>12181</port></node>",
		"<mark_cache_size>67108864</mark_cache_size>",
	} {
		contains(t, string(cfg), want)
	}
	users, err := os.ReadFile(n.F.Users)
	noErr(t, err)
	for _, want := range []string{"<load_balancing>in_order</load_balancing>", "<skip_unavailable_shards>0</skip_unavailable_shards>",
		"<distributed_product_mode>local</distributed_product_mode>", "<insert_distributed_sync>1</insert_distributed_sync>",
		"<max_memory_usage>2000000000</max_memory_usage>"} {
		contains(t, string(users), want)
	}

	single := singleNode(o)
	noErr(t, writeClickHouseConfig(single))
	cfg, err = os.ReadFile(single.F.Config)
	noErr(t, err)
	users, err = os.ReadFile(single.F.Users)
	noErr(t, err)
	for _, s := range []string{string(cfg), string(users)} {
		for _, absent := range []string{"remote_servers", "macros", "zookeeper", "distributed_product_mode"} {
			isTrue(t, !strings.Contains(s, absent), "the single node's config has no %s", absent)
		}
	}
}
