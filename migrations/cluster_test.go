package migrations

import (
	"io/fs"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// The cluster rewrite, statement by statement, in exact text: what the cluster runs
// for each kind of single-node statement the migrations contain.
func TestClusterRewrite(t *testing.T) {
	c := clusterTarget{Cluster: "pl", Database: "db1"}
	s := schema{}
	cases := []struct {
		name, in string
		want     []string
	}{
		{"sharded table (has product_id)",
			"CREATE TABLE products (\n    account_id UInt32,\n    product_id String,\n    updated_at DateTime\n) ENGINE = ReplacingMergeTree(updated_at)\nORDER BY (account_id, product_id)",
			[]string{
				"CREATE TABLE db1.products_local ON CLUSTER pl (\n    account_id UInt32,\n    product_id String,\n    updated_at DateTime\n) ENGINE = ReplicatedReplacingMergeTree('/clickhouse/tables/{shard}/db1/products_local', '{replica}', updated_at) ORDER BY (account_id, product_id)",
				"CREATE TABLE db1.products ON CLUSTER pl AS db1.products_local ENGINE = Distributed(pl, db1, products_local, cityHash64(account_id, product_id))",
			}},
		{"engine without parentheses, partition and settings",
			"CREATE TABLE offers (\n    account_id UInt32,\n    product_id String,\n    scanned_at DateTime\n) ENGINE = ReplacingMergeTree\nPARTITION BY toYYYYMM(scanned_at)\nORDER BY (account_id, product_id, scanned_at)\nSETTINGS index_granularity = 256",
			[]string{
				"CREATE TABLE db1.offers_local ON CLUSTER pl (\n    account_id UInt32,\n    product_id String,\n    scanned_at DateTime\n) ENGINE = ReplicatedReplacingMergeTree('/clickhouse/tables/{shard}/db1/offers_local', '{replica}') PARTITION BY toYYYYMM(scanned_at)\nORDER BY (account_id, product_id, scanned_at)\nSETTINGS index_granularity = 256",
				"CREATE TABLE db1.offers ON CLUSTER pl AS db1.offers_local ENGINE = Distributed(pl, db1, offers_local, cityHash64(account_id, product_id))",
			}},
		{"table without product_id is replicated to every node",
			"CREATE TABLE snapshot_builds (\n    account_id UInt32,\n    build_id UInt64\n) ENGINE = MergeTree\nORDER BY (account_id, build_id)",
			[]string{
				"CREATE TABLE db1.snapshot_builds ON CLUSTER pl (\n    account_id UInt32,\n    build_id UInt64\n) ENGINE = ReplicatedMergeTree('/clickhouse/tables/all/db1/snapshot_builds', '{replica}') ORDER BY (account_id, build_id)",
			}},
		{"copy of a sharded table",
			"CREATE TABLE products_build AS products",
			[]string{
				"CREATE TABLE db1.products_build_local ON CLUSTER pl AS db1.products_local ENGINE = ReplicatedReplacingMergeTree('/clickhouse/tables/{shard}/db1/products_build_local', '{replica}', updated_at) ORDER BY (account_id, product_id)",
				"CREATE TABLE db1.products_build ON CLUSTER pl AS db1.products_build_local ENGINE = Distributed(pl, db1, products_build_local, cityHash64(account_id, product_id))",
			}},
		{"copy of a replicated-everywhere table",
			"CREATE TABLE snapshot_builds_copy AS snapshot_builds",
			[]string{
				"CREATE TABLE db1.snapshot_builds_copy ON CLUSTER pl AS db1.snapshot_builds ENGINE = ReplicatedMergeTree('/clickhouse/tables/all/db1/snapshot_builds_copy', '{replica}') ORDER BY (account_id, build_id)",
			}},
		{"materialized view works on the local tables",
			"CREATE MATERIALIZED VIEW offers_mv TO products AS\nSELECT account_id, product_id, scanned_at AS updated_at\nFROM offers",
			[]string{
				"CREATE MATERIALIZED VIEW db1.offers_mv ON CLUSTER pl TO db1.products_local AS SELECT account_id, product_id, scanned_at AS updated_at\nFROM db1.offers_local",
			}},
		{"column change on the local table, the Distributed one made again over it",
			"ALTER TABLE products ADD COLUMN mrp Float64 DEFAULT 0",
			[]string{
				"ALTER TABLE db1.products_local ON CLUSTER pl_shards ADD COLUMN mrp Float64 DEFAULT 0",
				"DROP TABLE db1.products ON CLUSTER pl",
				"CREATE TABLE db1.products ON CLUSTER pl AS db1.products_local ENGINE = Distributed(pl, db1, products_local, cityHash64(account_id, product_id))",
			}},
		{"mutation on the local table only",
			"ALTER TABLE products UPDATE mrp = 1 WHERE 1",
			[]string{"ALTER TABLE db1.products_local ON CLUSTER pl_shards UPDATE mrp = 1 WHERE 1"}},
		{"alter of a replicated-everywhere table: once, replication does the rest",
			"ALTER TABLE snapshot_builds ADD COLUMN x UInt8",
			[]string{"ALTER TABLE db1.snapshot_builds ADD COLUMN x UInt8"}},
		{"drop of a sharded table drops both",
			"DROP TABLE IF EXISTS products",
			[]string{"DROP TABLE IF EXISTS db1.products ON CLUSTER pl", "DROP TABLE IF EXISTS db1.products_local ON CLUSTER pl"}},
		{"IF NOT EXISTS, and a sort key that does not start with the product",
			"CREATE TABLE IF NOT EXISTS price_changes (\n    account_id UInt32,\n    changed_at DateTime,\n    product_id String\n) ENGINE = ReplacingMergeTree\nPARTITION BY toYYYYMM(changed_at)\nORDER BY (account_id, changed_at, product_id)",
			[]string{
				"CREATE TABLE IF NOT EXISTS db1.price_changes_local ON CLUSTER pl (\n    account_id UInt32,\n    changed_at DateTime,\n    product_id String\n) ENGINE = ReplicatedReplacingMergeTree('/clickhouse/tables/{shard}/db1/price_changes_local', '{replica}') PARTITION BY toYYYYMM(changed_at)\nORDER BY (account_id, changed_at, product_id)",
				"CREATE TABLE IF NOT EXISTS db1.price_changes ON CLUSTER pl AS db1.price_changes_local ENGINE = Distributed(pl, db1, price_changes_local, cityHash64(account_id, product_id))",
			}},
		{"a data migration runs once, through the Distributed tables",
			"INSERT INTO products (account_id, product_id) SELECT account_id, product_id FROM offers",
			[]string{"INSERT INTO products (account_id, product_id) SELECT account_id, product_id FROM offers"}},
		{"drop of a view",
			"DROP TABLE IF EXISTS offers_mv",
			[]string{"DROP TABLE IF EXISTS db1.offers_mv ON CLUSTER pl"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := c.rewrite(s, tc.in)
			require.NoError(t, err)
			require.Equal(t, tc.want, got)
		})
	}
}

// A statement the rewrite does not know fails the migration instead of creating
// something on one node only.
func TestClusterRewriteRefusesUnknown(t *testing.T) {
	c := clusterTarget{Cluster: "pl", Database: "db1"}
	_, err := c.rewrite(schema{}, "RENAME TABLE products TO products_old")
	require.ErrorContains(t, err, "no cluster form")
	_, err = c.rewrite(schema{}, "CREATE TABLE x AS unknown")
	require.ErrorContains(t, err, "unknown is not a table of the migrations before it")
	_, err = c.rewrite(schema{}, "ALTER TABLE unknown ADD COLUMN x UInt8")
	require.ErrorContains(t, err, "unknown is not a table of the migrations before it")
	_, err = c.rewrite(schema{}, "CREATE TABLE x (a UInt8) ENGINE = Log")
	require.ErrorContains(t, err, "no cluster form")
}

// A goose file keeps its annotations and comments; each statement becomes its
// cluster statements.
func TestClusterRewriteFile(t *testing.T) {
	c := clusterTarget{Cluster: "pl", Database: "db1"}
	in := "-- a comment\n\n-- +goose NO TRANSACTION\n-- +goose Up\nCREATE TABLE t (\n    account_id UInt32,\n    product_id String\n) ENGINE = MergeTree\nORDER BY (account_id, product_id);\n\n-- +goose Down\nDROP TABLE IF EXISTS t;\n"
	got, err := c.rewriteFile(schema{}, in)
	require.NoError(t, err)
	require.Equal(t, "-- a comment\n\n-- +goose NO TRANSACTION\n-- +goose Up\n"+
		"CREATE TABLE db1.t_local ON CLUSTER pl (\n    account_id UInt32,\n    product_id String\n) ENGINE = ReplicatedMergeTree('/clickhouse/tables/{shard}/db1/t_local', '{replica}') ORDER BY (account_id, product_id);\n"+
		"CREATE TABLE db1.t ON CLUSTER pl AS db1.t_local ENGINE = Distributed(pl, db1, t_local, cityHash64(account_id, product_id));\n"+
		"\n-- +goose Down\n"+
		"DROP TABLE IF EXISTS db1.t ON CLUSTER pl;\nDROP TABLE IF EXISTS db1.t_local ON CLUSTER pl;\n", got)
}

// Every migration of the project has a cluster form, and every table of the facts
// is sharded by product or replicated everywhere as docs/operations.md#cluster-scale-out says. A new
// migration that the rewrite cannot place fails here.
func TestClusterRewriteAllMigrations(t *testing.T) {
	sub, err := fs.Sub(clickhouseFS, "clickhouse")
	require.NoError(t, err)
	out, err := clusterFS(sub, clusterTarget{Cluster: "pl", Database: "db1"}, schema{})
	require.NoError(t, err)
	all := ""
	names, _ := fs.Glob(out, "*.sql")
	for _, n := range names {
		b, err := fs.ReadFile(out, n)
		require.NoError(t, err)
		all += string(b)
	}
	for _, want := range []string{
		"CREATE TABLE db1.offers ON CLUSTER pl AS db1.offers_local ENGINE = Distributed(pl, db1, offers_local, cityHash64(account_id, product_id))",
		"CREATE TABLE db1.product_snapshot_build_local ON CLUSTER pl AS db1.product_snapshot_local ENGINE = ReplicatedMergeTree('/clickhouse/tables/{shard}/db1/product_snapshot_build_local', '{replica}') PARTITION BY account_id",
		"CREATE MATERIALIZED VIEW db1.latest_offers_mv ON CLUSTER pl TO db1.latest_offers_local AS SELECT",
		"ENGINE = ReplicatedMergeTree('/clickhouse/tables/all/db1/trend_rollup', '{replica}')",
		"ALTER TABLE db1.product_snapshot_local ON CLUSTER pl_shards UPDATE pno = cityHash64(product_id) WHERE 1;",
	} {
		require.Contains(t, all, want)
	}
	require.True(t, Sharded("offers"))
	require.True(t, Sharded("product_snapshot_delta"))
	require.False(t, Sharded("trend_rollup"))
	require.True(t, Sharded("trend_runs"), "a product's runs live on its shard")
	for _, line := range strings.Split(all, "\n") {
		if strings.HasPrefix(line, "CREATE") || strings.HasPrefix(line, "DROP") {
			require.Regexp(t, ` ON CLUSTER pl( |;|$)`, line, "every CREATE and DROP runs on every node")
		}
		if strings.HasPrefix(line, "ALTER TABLE db1.") && strings.Contains(line, "_local ") {
			require.Contains(t, line, " ON CLUSTER pl_shards ", "a replicated table's ALTER runs on one replica per shard")
		}
	}
}
