package stack

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"pricelens/deploy/config"
)

// The loopback cluster (docs/operations.md#cluster-scale-out, issue 18): ZooKeeper and four ClickHouse
// 18.16 servers, two shards of two replicas, for the cluster tests
// (`make test-cluster`). Everything lives under DataDir/cluster; the ports are
// the config.DefaultCluster* ones, apart from the single node's, so a cluster
// and the single-node stack run side by side.

// Cluster layout.
const (
	clusterShards   = 2
	clusterReplicas = 2
	// Each node is capped well below the single node: four of them share the
	// machine with everything else (memory per query, and small caches).
	clusterNodeMaxMemory = 2_000_000_000
	clusterNodeCache     = 64 << 20
	// zooKeeperHeap caps the JVM; the cluster's coordination data is a few MB.
	zooKeeperHeap = "-Xmx256m"
	zooKeeperJar  = "/usr/share/java/zookeeper.jar"
	// zooKeeperMain runs a standalone server (no quorum) from a zoo.cfg.
	zooKeeperMain = "org.apache.zookeeper.server.ZooKeeperServerMain"
	javaBin       = "/usr/bin/java"
)

// ClusterNode is one ClickHouse server of the loopback cluster.
type ClusterNode struct {
	Shard, Replica    int // from 1
	TCPPort, HTTPPort int
}

// Name is the node's folder, process label and replica macro: s1r2 is shard 1's second replica.
func (n ClusterNode) Name() string { return fmt.Sprintf("s%dr%d", n.Shard, n.Replica) }

// Addr is the node's native protocol address.
func (n ClusterNode) Addr() string { return addr(n.TCPPort) }

// ClusterNodes lists the loopback cluster's nodes, shard by shard.
func ClusterNodes() []ClusterNode {
	var nodes []ClusterNode
	for s := 1; s <= clusterShards; s++ {
		for r := 1; r <= clusterReplicas; r++ {
			i := len(nodes)
			nodes = append(nodes, ClusterNode{Shard: s, Replica: r,
				TCPPort: config.DefaultClusterTCPPort + i, HTTPPort: config.DefaultClusterHTTPPort + i})
		}
	}
	return nodes
}

// ClusterAddrs is the value of PRICELENS_CLICKHOUSE_ADDR for the loopback
// cluster: every node, so the app reaches the cluster while any node is up.
func ClusterAddrs() string {
	var a []string
	for _, n := range ClusterNodes() {
		a = append(a, n.Addr())
	}
	return strings.Join(a, ",")
}

// nodeCluster is the cluster part of one node's config.xml.
type nodeCluster struct {
	Name          string
	Shard         int
	Replica       string
	Shards        [][]ClusterNode
	ZooKeeperPort int
}

func clusterDir(o Options) string { return filepath.Join(o.DataDir, "cluster") }

func clusterNodeOf(o Options, name string, n ClusterNode) clickhouseNode {
	shards := make([][]ClusterNode, clusterShards)
	for _, m := range ClusterNodes() {
		shards[m.Shard-1] = append(shards[m.Shard-1], m)
	}
	return clickhouseNode{
		F:       clickhouseFilesIn(filepath.Join(clusterDir(o), n.Name())),
		TCPPort: n.TCPPort, HTTPPort: n.HTTPPort, InterserverPort: n.TCPPort + 100,
		CacheSize: clusterNodeCache, MaxMemory: clusterNodeMaxMemory,
		// in_order: every shard is read from (and written to) its first live
		// replica, so a read follows the write before it; a stopped replica is
		// skipped and its partner answers (issue 18 "Faults", docs/operations.md#cluster-scale-out).
		LoadBalancing: "in_order",
		Cluster: &nodeCluster{Name: name, Shard: n.Shard, Replica: n.Name(), Shards: shards,
			ZooKeeperPort: config.DefaultClusterZooKeeperPort},
	}
}

// zooKeeperFiles are ZooKeeper's config, data and pid file.
type zooKeeperFiles struct{ Dir, Config, Data, PID, Log string }

func zooKeeperFilesOf(o Options) zooKeeperFiles {
	dir := filepath.Join(clusterDir(o), "zookeeper")
	return zooKeeperFiles{Dir: dir, Config: filepath.Join(dir, "zoo.cfg"), Data: filepath.Join(dir, "data"),
		PID: filepath.Join(dir, "zookeeper.pid"), Log: filepath.Join(dir, "zookeeper.log")}
}

// zooKeeperReady asks ZooKeeper for its "stat" (a four-letter command): once it
// serves sessions it answers with its mode. "ruok" is not enough: ZooKeeper
// answers "imok" while it still loads its database, and a ClickHouse node started
// then fails its handshake ("Cannot read all data ... while receiving handshake
// from ZooKeeper") and exits, twice in a row on 2026-11-27 after a restart over a
// data directory that many test runs had filled.
func zooKeeperReady(port int) bool {
	c, err := net.DialTimeout("tcp", addr(port), time.Second)
	if err != nil {
		return false
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(2 * time.Second))
	if _, err := c.Write([]byte("stat")); err != nil {
		return false
	}
	b, _ := io.ReadAll(c)
	return bytes.Contains(b, []byte("Mode: "))
}

// UpCluster installs ZooKeeper when missing (Debian's package, like the other
// servers), then starts ZooKeeper and the four ClickHouse nodes of the cluster
// named name (each only if it is not already running) and returns once all
// answer. PostgreSQL and Mailpit are `stack up`'s.
func UpCluster(ctx context.Context, o Options, name string) error {
	o, err := o.check()
	if err != nil {
		return err
	}
	if err := ensureInstalled(ctx, o.Out); err != nil {
		return err
	}
	if err := ensurePackage(ctx, o.Out, zooKeeperJar, "zookeeper"); err != nil {
		return err
	}
	if err := upZooKeeper(ctx, o); err != nil {
		return err
	}
	for _, n := range ClusterNodes() {
		if err := upClusterNode(ctx, o, name, n); err != nil {
			return err
		}
	}
	return nil
}

// upClusterNode starts a node, a second time when the first does not come up: a
// node started right after ZooKeeper restarted waits for its previous ZooKeeper
// session to expire (30 s, as long as upNode waits), and 18.16 now and then aborts
// at start-up ("__pthread_mutex_lock_full: Assertion ... failed") and starts the
// next time.
func upClusterNode(ctx context.Context, o Options, name string, n ClusterNode) error {
	err := upNode(ctx, o, clusterNodeOf(o, name, n), "clickhouse "+n.Name())
	if err != nil && ctx.Err() == nil {
		fmt.Fprintf(o.Out, "%v; starting it again\n", err)
		err = upNode(ctx, o, clusterNodeOf(o, name, n), "clickhouse "+n.Name())
	}
	return err
}

// DownCluster stops the cluster's ClickHouse nodes, then ZooKeeper.
func DownCluster(o Options) error {
	o, err := o.check()
	if err != nil {
		return err
	}
	var first error
	for _, n := range ClusterNodes() {
		if err := StopClusterNode(o, n); err != nil && first == nil {
			first = err
		}
	}
	if err := downPIDFile(o, "zookeeper", zooKeeperFilesOf(o).PID); err != nil && first == nil {
		first = err
	}
	return first
}

// StopClusterNode stops one node (the fault tests stop a replica or a shard).
func StopClusterNode(o Options, n ClusterNode) error {
	o, err := o.check()
	if err != nil {
		return err
	}
	return downPIDFile(o, "clickhouse", clickhouseFilesIn(filepath.Join(clusterDir(o), n.Name())).PID)
}

// StartClusterNode starts one stopped node again.
func StartClusterNode(ctx context.Context, o Options, name string, n ClusterNode) error {
	o, err := o.check()
	if err != nil {
		return err
	}
	return upClusterNode(ctx, o, name, n)
}

// StatusCluster reports ZooKeeper and each node.
func StatusCluster(o Options) ([]Server, error) {
	o, err := o.check()
	if err != nil {
		return nil, err
	}
	zk := Server{Name: "zookeeper", Addr: addr(config.DefaultClusterZooKeeperPort)}
	if pid := readPID(zooKeeperFilesOf(o).PID); alive(pid, "zookeeper") {
		zk.Running, zk.PID, zk.Version = true, pid, "standalone"
	}
	out := []Server{zk}
	for _, n := range ClusterNodes() {
		s := Server{Name: "ch-" + n.Name(), Addr: n.Addr()}
		if pid := readPID(clickhouseFilesIn(filepath.Join(clusterDir(o), n.Name())).PID); alive(pid, "clickhouse") {
			s.Running, s.PID = true, pid
			s.Version, _ = clickhouseVersionAt(n.HTTPPort)
		}
		out = append(out, s)
	}
	return out, nil
}

// upZooKeeper starts a standalone ZooKeeper on loopback unless ours runs.
func upZooKeeper(ctx context.Context, o Options) error {
	f := zooKeeperFilesOf(o)
	port := config.DefaultClusterZooKeeperPort
	ready := func() bool { return zooKeeperReady(port) }
	if pid := readPID(f.PID); alive(pid, "zookeeper") {
		if err := waitUntil(ctx, startTimeout, ready, func() bool { return !alive(pid, "zookeeper") }); err != nil {
			return startFailure("zookeeper (pid "+strconv.Itoa(pid)+")", err.Error(), f.Log)
		}
		fmt.Fprintf(o.Out, "zookeeper: already running on %s (pid %d)\n", addr(port), pid)
		return nil
	}
	if !portFree(port) {
		return errPortTaken(port, "ZooKeeper")
	}
	if err := os.MkdirAll(f.Data, 0o755); err != nil {
		return fmt.Errorf("zookeeper: %v", err)
	}
	// The four-letter "ruok" is the readiness check; the admin web server and
	// everything else stay off.
	cfg := fmt.Sprintf("tickTime=2000\ndataDir=%s\nclientPort=%d\nclientPortAddress=%s\nadmin.enableServer=false\n"+
		"4lw.commands.whitelist=ruok,stat\nautopurge.purgeInterval=1\n", f.Data, port, loopback)
	if err := os.WriteFile(f.Config, []byte(cfg), 0o644); err != nil {
		return fmt.Errorf("zookeeper: %v", err)
	}
	// zookeeper.jar's manifest names its dependencies in /usr/share/java.
	pid, err := launch(ctx, server{name: "zookeeper", dir: f.Dir, out: f.Log, pidFile: f.PID, ready: ready, logs: []string{f.Log}},
		javaBin, zooKeeperHeap, "-Dzookeeper.root.logger=WARN", "-cp", zooKeeperJar, zooKeeperMain, f.Config)
	if err != nil {
		return err
	}
	fmt.Fprintf(o.Out, "zookeeper: started on %s (pid %d)\n", addr(port), pid)
	return nil
}
