package warehouse

import (
	"context"
	"errors"
	"fmt"
	"net"
	"strconv"
	"strings"
	"sync"

	"github.com/ClickHouse/clickhouse-go/v2"
	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"

	"pricelens/engine"
	"pricelens/migrations"
)

// On a cluster (PRICELENS_CLICKHOUSE_CLUSTER, docs/operations.md#cluster-scale-out) the schema is the one
// migrations/cluster.go makes: each table keyed by product is a Distributed table
// in front of <table>_local, a replicated table on every shard; the other tables
// are replicated to every node. Queries and inserts use the Distributed names,
// unchanged. Statements on stored parts (partition swaps and drops, OPTIMIZE,
// TRUNCATE, mutations) must name the local table and run on every shard, and
// ClickHouse 18.16 cannot send most of them ON CLUSTER (REPLACE/ATTACH PARTITION:
// "Unsupported type of ALTER query"; OPTIMIZE fails on a replica that is not the
// leader: "Unknown log entry type: 0"). ExecParts runs them on one live replica of
// each shard instead: replication carries the change to the other replica.

// onCluster is the ON CLUSTER clause of DDL on cluster ("" on one server).
func onCluster(cluster string) string {
	if cluster == "" {
		return ""
	}
	return " ON CLUSTER " + cluster
}

// OnCluster is the ON CLUSTER clause of this warehouse's DDL ("" on one server).
func (w *Warehouse) OnCluster() string { return onCluster(w.Cluster) }

// ExecParts runs a statement on the stored parts of tables: format names them with
// %[1]s, %[2]s, ... (e.g. "ALTER TABLE %[1]s REPLACE PARTITION 7 FROM %[2]s"). On one
// server it runs once with the tables' names. On a cluster, when the first table is
// sharded, it runs with the local tables on a live replica of every shard, shard by
// shard; a table replicated everywhere is changed once, on the connected node.
// ctx may carry settings (clickhouse.Context).
func (w *Warehouse) ExecParts(ctx context.Context, format string, tables ...engine.Table) error {
	return w.onParts(ctx, format, tables, func(c driver.Conn, stmt string) error { return c.Exec(ctx, stmt) })
}

// onParts is ExecParts with what runs the statement given: run gets the node that
// holds the parts (w.Conn on one server) and the statement with the stored names.
func (w *Warehouse) onParts(ctx context.Context, format string, tables []engine.Table, run func(c driver.Conn, stmt string) error) error {
	names := make([]any, len(tables))
	sharded := w.Cluster != "" && len(tables) > 0 && migrations.Sharded(tables[0].String())
	for i, t := range tables {
		names[i] = t.String()
		if sharded {
			names[i] = t.String() + migrations.LocalSuffix
		}
	}
	stmt := fmt.Sprintf(format, names...)
	if !sharded {
		return run(w.Conn, stmt)
	}
	shards, err := w.shards(ctx)
	if err != nil {
		return err
	}
	// Every replica of the shard first fetches every part the shard has of the
	// tables (an insert may have gone to another replica: load balancing avoids a
	// replica that failed before), not only the one that runs the statement: 18.16
	// forwards an OPTIMIZE on a replica that is not the leader to the leader, which
	// merges only the parts it has itself (a resumed load kept rows it had written
	// twice). Afterwards the other replicas fetch the result, so a read that follows
	// sees it whichever replica answers.
	sync := func(c driver.Conn) error {
		for _, n := range names {
			if err := c.Exec(ctx, "SYSTEM SYNC REPLICA "+w.Database+"."+n.(string)); err != nil {
				return err
			}
		}
		return nil
	}
	// syncOthers syncs the replicas of s but skip; one that cannot be reached
	// catches up when it starts again.
	syncOthers := func(s shard, skip string) error {
		for _, addr := range s.replicas {
			if addr == skip {
				continue
			}
			if c, err := w.node(ctx, addr); err == nil {
				var ex *clickhouse.Exception
				if err := sync(c); errors.As(err, &ex) {
					return err
				}
			}
		}
		return nil
	}
	for _, s := range shards {
		if err := syncOthers(s, ""); err != nil {
			return err
		}
		// The replica that runs the statement syncs once more right before it: it may
		// be one the pass above could not reach.
		ran, err := w.onShard(ctx, s, func(c driver.Conn) error {
			if err := sync(c); err != nil {
				return err
			}
			return run(c, stmt)
		})
		if err != nil {
			return err
		}
		if err := syncOthers(s, ran); err != nil {
			return err
		}
	}
	return nil
}

// partsSource is where a query reads the stored parts of the schema's tables
// (system.parts' columns): on one server its own system.parts; on a cluster every
// shard's, read from one live replica of each as any query reads a shard
// (cluster()), since the connected node holds only its own shard's parts of a
// sharded table. Filter by database = w.Database, not currentDatabase(): that is
// the remote session's default database on the shards. A table replicated to every
// node then shows once per shard.
func (w *Warehouse) partsSource() string {
	if w.Cluster == "" {
		return "system.parts"
	}
	return "cluster(" + w.Cluster + ", system, parts)" // a plain name (config.Load)
}

// storedName is the name under which table t's parts are stored (system.parts'
// table): <table>_local for a sharded table on a cluster, else t's own.
func (w *Warehouse) storedName(t engine.Table) string {
	if w.Cluster != "" && migrations.Sharded(t.String()) {
		return t.String() + migrations.LocalSuffix
	}
	return t.String()
}

// shard is one shard's replicas' native addresses, in the cluster's order.
type shard struct {
	num      uint32
	replicas []string
}

// nodes holds the connections to single nodes that ExecParts uses, by address.
type nodes struct {
	mu     sync.Mutex
	shards []shard
	conns  map[string]driver.Conn
}

// shards reads the cluster's shards from remote_servers (system.clusters), once.
func (w *Warehouse) shards(ctx context.Context) ([]shard, error) {
	w.nodes.mu.Lock()
	defer w.nodes.mu.Unlock()
	if w.nodes.shards != nil {
		return w.nodes.shards, nil
	}
	rows, err := w.Conn.Query(ctx, `SELECT shard_num, host_address, port FROM system.clusters WHERE cluster = ? ORDER BY shard_num, replica_num`, w.Cluster)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []shard
	for rows.Next() {
		var num uint32
		var host string
		var port uint16
		if err := rows.Scan(&num, &host, &port); err != nil {
			return nil, err
		}
		if len(out) == 0 || out[len(out)-1].num != num {
			out = append(out, shard{num: num})
		}
		out[len(out)-1].replicas = append(out[len(out)-1].replicas, net.JoinHostPort(host, strconv.Itoa(int(port))))
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("clickhouse: cluster %q is not in the server's remote_servers", w.Cluster)
	}
	w.nodes.shards = out
	return out, nil
}

// onShard runs f on the first replica of s that can be reached and returns its
// address; a replica that refuses the connection is skipped, an error of the
// statement is returned.
func (w *Warehouse) onShard(ctx context.Context, s shard, f func(driver.Conn) error) (string, error) {
	var last error
	for _, addr := range s.replicas {
		c, err := w.node(ctx, addr)
		if err == nil {
			err = f(c)
			var ex *clickhouse.Exception
			if err == nil || errors.As(err, &ex) {
				return addr, err
			}
		}
		last = err
	}
	return "", &ShardDownError{Shard: s.num, Err: last}
}

// node is a connection to one node (opened once).
func (w *Warehouse) node(ctx context.Context, addr string) (driver.Conn, error) {
	w.nodes.mu.Lock()
	defer w.nodes.mu.Unlock()
	if c, ok := w.nodes.conns[addr]; ok {
		return c, nil
	}
	o := *w.opts
	o.Addr = []string{addr}
	o.MaxOpenConns, o.MaxIdleConns = 4, 1
	c, err := clickhouse.Open(&o)
	if err != nil {
		return nil, err
	}
	if err := c.Ping(ctx); err != nil {
		c.Close()
		return nil, err
	}
	if w.nodes.conns == nil {
		w.nodes.conns = map[string]driver.Conn{}
	}
	w.nodes.conns[addr] = c
	return c, nil
}

// closeNodes closes the single-node connections.
func (w *Warehouse) closeNodes() {
	w.nodes.mu.Lock()
	defer w.nodes.mu.Unlock()
	for _, c := range w.nodes.conns {
		c.Close()
	}
	w.nodes.conns = nil
}

// ShardDownError: no replica of a shard answers, so nothing that needs the whole
// data can be answered (the API says 503 and names the shard).
type ShardDownError struct {
	Shard uint32
	Err   error
}

func (e *ShardDownError) Error() string {
	return fmt.Sprintf("clickhouse: no replica of shard %d answers: %v", e.Shard, e.Err)
}

func (e *ShardDownError) Unwrap() error { return e.Err }

// codeAllConnectionTriesFailed is ClickHouse's error when a Distributed query finds
// no live replica of a shard (skip_unavailable_shards is off: no partial answers).
const codeAllConnectionTriesFailed = 279

// DownShard tells whether err is a cluster query that lost a whole shard, and which:
// ClickHouse names the replicas it tried, which remote_servers maps to a shard
// (Shard 0: none of them is known). nil when err is anything else.
func (w *Warehouse) DownShard(ctx context.Context, err error) *ShardDownError {
	var ex *clickhouse.Exception
	if w == nil || w.Cluster == "" || !errors.As(err, &ex) || ex.Code != codeAllConnectionTriesFailed {
		return nil
	}
	shards, serr := w.shards(ctx)
	if serr == nil {
		for _, s := range shards {
			for _, r := range s.replicas {
				if strings.Contains(ex.Message, r) {
					return &ShardDownError{Shard: s.num, Err: err}
				}
			}
		}
	}
	return &ShardDownError{Err: err}
}
