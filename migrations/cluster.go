package migrations

import (
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing/fstest"
)

// The cluster schema (docs/operations.md#cluster-scale-out, issue 18). With PRICELENS_CLICKHOUSE_CLUSTER set,
// every ClickHouse migration is rewritten statement by statement before goose runs
// it, so a migration is written once, for one server, and new tables need nothing
// special. Two kinds of table:
//
//   - sharded: a table with a product_id column (facts, snapshots, labels, pricer
//     results). It becomes <table>_local, a Replicated*MergeTree on every node
//     (ZooKeeper path /clickhouse/tables/{shard}/<database>/<table>_local, replica
//     {replica}), and <table>, a Distributed table over it sharded by
//     cityHash64(account_id, product_id): a product's rows of every table live on
//     one shard, so joins and IN subqueries by product stay shard-local
//     (distributed_product_mode = 'local' in the cluster's profile).
//   - replicated everywhere: a table without product_id (per-account summaries and
//     build records: trend rollups, snapshot builds, goose's version table). It keeps
//     its name and becomes a Replicated*MergeTree with one ZooKeeper path for all
//     nodes (/clickhouse/tables/all/<database>/<table>), so every node holds all of
//     it and a subquery on it reads the local copy on any shard.
//
// Every CREATE and DROP runs ON CLUSTER and names its database (DDL ON CLUSTER runs
// in each node's default database). Materialized views are created on the local
// tables (they fire on the replica that receives an insert; the target replicates
// its own rows). An ALTER goes to one replica of each shard (ShardsSuffix), or once
// for a table replicated everywhere; an ALTER of columns then makes the Distributed
// table again over the local one; a mutation (UPDATE/DELETE) goes to the local table only.

// shardingKey spreads an account's products over the shards (docs/operations.md#cluster-scale-out).
const shardingKey = "cityHash64(account_id, product_id)"

// LocalSuffix names the shard-local table behind a Distributed one.
const LocalSuffix = "_local"

// clusterTarget is a cluster and the database the schema is created in.
type clusterTarget struct{ Cluster, Database string }

func (c clusterTarget) on() string { return " ON CLUSTER " + c.Cluster }

// ShardsSuffix names the cluster of one replica per shard beside the cluster
// (remote_servers <cluster>_shards). 18.16 runs an ALTER ON CLUSTER of a replicated
// table on one replica per shard with a ZooKeeper lock that races: the other
// replica, which already has the change through replication, runs it too, fails,
// and its DDL worker stops for good ("Node exists: .../shards/.../executed"). So
// the ALTER goes to one replica per shard, and replication does the rest.
const ShardsSuffix = "_shards"

func (c clusterTarget) onShards() string { return " ON CLUSTER " + c.Cluster + ShardsSuffix }

// q qualifies a table with the database: DDL ON CLUSTER runs on each node in the
// node's default database, not the session's.
func (c clusterTarget) q(table string) string { return c.Database + "." + table }

// tableDef is what the rewrite knows of a table from the migrations before it.
type tableDef struct {
	sharded bool
	engine  string // MergeTree, ReplacingMergeTree, ...
	args    string // the engine's own arguments, e.g. "updated_at"
	rest    string // PARTITION BY / ORDER BY / SETTINGS after the engine
}

var (
	reCreateTable = regexp.MustCompile(`(?is)^CREATE TABLE (IF NOT EXISTS )?(\w+)\s*(\(.*\))\s*ENGINE\s*=\s*(\w*MergeTree)\s*(?:\(([^)]*)\))?\s*(.*)$`)
	reCreateAs    = regexp.MustCompile(`(?is)^CREATE TABLE (IF NOT EXISTS )?(\w+)\s+AS\s+(\w+)\s*$`)
	reCreateMV    = regexp.MustCompile(`(?is)^CREATE MATERIALIZED VIEW (IF NOT EXISTS )?(\w+)\s+TO\s+(\w+)\s+AS\s+(.*)$`)
	reDropTable   = regexp.MustCompile(`(?is)^DROP TABLE (IF EXISTS )?(\w+)\s*$`)
	reAlter       = regexp.MustCompile(`(?is)^ALTER TABLE (\w+)\s+(.*)$`)
	reFrom        = regexp.MustCompile(`(?i)\b(FROM|JOIN)\s+(\w+)`)
	reProductCol  = regexp.MustCompile(`(?im)^\s*product_id\s`)
	reMutation    = regexp.MustCompile(`(?is)^(UPDATE|DELETE)\b`)
	reInsert      = regexp.MustCompile(`(?is)^INSERT INTO \w+`)
)

// schema is the tables the migrations created so far, by name.
type schema map[string]tableDef

// rewrite turns one single-node statement (without its ';') into the cluster's
// statements. Statements it does not know are an error: a migration that the
// rewrite cannot place would otherwise create a table on one node only.
func (c clusterTarget) rewrite(s schema, stmt string) ([]string, error) {
	stmt = strings.TrimSpace(stmt)
	if m := reCreateTable.FindStringSubmatch(stmt); m != nil {
		name, cols := m[2], m[3]
		d := tableDef{sharded: reProductCol.MatchString(cols), engine: m[4], args: strings.TrimSpace(m[5]), rest: strings.TrimSpace(m[6])}
		s[name] = d
		return c.create(m[1], name, cols, "", d), nil
	}
	if m := reCreateAs.FindStringSubmatch(stmt); m != nil {
		name, like := m[2], m[3]
		d, ok := s[like]
		if !ok {
			return nil, fmt.Errorf("cluster schema: CREATE TABLE %s AS %s: %s is not a table of the migrations before it", name, like, like)
		}
		s[name] = d
		return c.create(m[1], name, "", like, d), nil
	}
	if m := reCreateMV.FindStringSubmatch(stmt); m != nil {
		sel := reFrom.ReplaceAllStringFunc(m[4], func(f string) string {
			sm := reFrom.FindStringSubmatch(f)
			return sm[1] + " " + c.q(s.local(sm[2]))
		})
		return []string{"CREATE MATERIALIZED VIEW " + m[1] + c.q(m[2]) + c.on() + " TO " + c.q(s.local(m[3])) + " AS " + sel}, nil
	}
	if m := reDropTable.FindStringSubmatch(stmt); m != nil {
		name := m[2]
		out := []string{"DROP TABLE " + m[1] + c.q(name) + c.on()}
		if d, ok := s[name]; ok && d.sharded {
			out = append(out, "DROP TABLE "+m[1]+c.q(name+LocalSuffix)+c.on())
		}
		return out, nil
	}
	if m := reAlter.FindStringSubmatch(stmt); m != nil {
		name, action := m[1], m[2]
		d, ok := s[name]
		if !ok {
			return nil, fmt.Errorf("cluster schema: ALTER TABLE %s: %s is not a table of the migrations before it", name, name)
		}
		if !d.sharded {
			// One table replicated to every node: changed once, on the node the
			// migration runs on; replication carries it to the others.
			return []string{"ALTER TABLE " + c.q(name) + " " + action}, nil
		}
		out := []string{"ALTER TABLE " + c.q(name+LocalSuffix) + c.onShards() + " " + action}
		if !reMutation.MatchString(action) {
			// 18.16 runs ALTER ON CLUSTER only on replicated tables when the shards
			// replicate internally; the Distributed table holds no rows (inserts are
			// synchronous), so it is made again over the altered local table.
			out = append(out, "DROP TABLE "+c.q(name)+c.on(), c.distributed("", name))
		}
		return out, nil
	}
	if reInsert.MatchString(stmt) {
		// A data migration: once, through the Distributed tables, which send each
		// row to its shard.
		return []string{stmt}, nil
	}
	return nil, fmt.Errorf("cluster schema: no cluster form for the statement %q (extend migrations/cluster.go)", firstLine(stmt))
}

// create is the cluster form of a table: local + Distributed, or replicated
// everywhere. cols is its column list, or like the table it copies them from.
func (c clusterTarget) create(ifNotExists, name, cols, like string, d tableDef) []string {
	replicated := func(table, zkPath string) string {
		args := "'" + zkPath + "', '{replica}'"
		if d.args != "" {
			args += ", " + d.args
		}
		q := "CREATE TABLE " + ifNotExists + c.q(table) + c.on() + " " + cols
		if cols == "" {
			// CREATE ... AS copies the columns; the engine is spelled out, because the
			// source's engine names the source's ZooKeeper path.
			src := like
			if d.sharded {
				src += LocalSuffix
			}
			q = "CREATE TABLE " + ifNotExists + c.q(table) + c.on() + " AS " + c.q(src)
		}
		q += " ENGINE = Replicated" + d.engine + "(" + args + ")"
		if d.rest != "" {
			q += " " + d.rest
		}
		return q
	}
	if !d.sharded {
		return []string{replicated(name, "/clickhouse/tables/all/"+c.Database+"/"+name)}
	}
	local := name + LocalSuffix
	return []string{
		replicated(local, "/clickhouse/tables/{shard}/"+c.Database+"/"+local),
		c.distributed(ifNotExists, name),
	}
}

// distributed creates the Distributed table name over name_local.
func (c clusterTarget) distributed(ifNotExists, name string) string {
	local := name + LocalSuffix
	return "CREATE TABLE " + ifNotExists + c.q(name) + c.on() + " AS " + c.q(local) +
		" ENGINE = Distributed(" + c.Cluster + ", " + c.Database + ", " + local + ", " + shardingKey + ")"
}

// local is the name a statement on one shard uses for table t.
func (s schema) local(t string) string {
	if d, ok := s[t]; ok && d.sharded {
		return t + LocalSuffix
	}
	return t
}

// firstLine is a statement's first line, for errors.
func firstLine(s string) string {
	l, _, _ := strings.Cut(s, "\n")
	return l
}

// clusterFS rewrites every migration of fsys (in version order, so a table's
// definition is known to the migrations after it) for the cluster.
func clusterFS(fsys fs.FS, c clusterTarget, s schema) (fs.FS, error) {
	names, err := fs.Glob(fsys, "*.sql")
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	out := fstest.MapFS{}
	for _, n := range names {
		b, err := fs.ReadFile(fsys, n)
		if err != nil {
			return nil, err
		}
		text, err := c.rewriteFile(s, string(b))
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path.Base(n), err)
		}
		out[n] = &fstest.MapFile{Data: []byte(text), Mode: 0o444}
	}
	return out, nil
}

// rewriteFile rewrites the statements of one goose file and keeps its comments and
// annotations. A statement ends with ';' at the end of a line (how every migration
// here is written, and how goose splits them).
func (c clusterTarget) rewriteFile(s schema, text string) (string, error) {
	var out, stmt strings.Builder
	for _, line := range strings.SplitAfter(text, "\n") {
		trimmed := strings.TrimSpace(line)
		if stmt.Len() == 0 && (trimmed == "" || strings.HasPrefix(trimmed, "--")) {
			out.WriteString(line)
			continue
		}
		stmt.WriteString(line)
		if !strings.HasSuffix(trimmed, ";") {
			continue
		}
		body := strings.TrimSuffix(strings.TrimSpace(stmt.String()), ";")
		stmt.Reset()
		stmts, err := c.rewrite(s, body)
		if err != nil {
			return "", err
		}
		for _, q := range stmts {
			out.WriteString(q + ";\n")
		}
	}
	if strings.TrimSpace(stmt.String()) != "" {
		return "", fmt.Errorf("cluster schema: statement without a closing ';': %q", firstLine(strings.TrimSpace(stmt.String())))
	}
	return out.String(), nil
}

var (
	shardedOnce   sync.Once
	shardedTables map[string]bool
)

// Sharded reports whether table t is sharded on a cluster (it has a product_id
// column), i.e. whether its parts live in t + LocalSuffix behind a Distributed t.
// It reads the same migrations the rewrite does, so it cannot disagree with it.
func Sharded(t string) bool {
	shardedOnce.Do(func() {
		shardedTables = map[string]bool{}
		sub, _ := fs.Sub(clickhouseFS, "clickhouse")
		s := schema{}
		if _, err := clusterFS(sub, clusterTarget{Cluster: "c", Database: "d"}, s); err != nil {
			return // TestClusterRewriteAllMigrations fails on this
		}
		for name, d := range s {
			shardedTables[name] = d.sharded
		}
	})
	return shardedTables[t]
}
