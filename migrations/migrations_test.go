package migrations_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"pricelens/deploy/testenv"
	"pricelens/migrations"
	"pricelens/store"
)

// Up, down to empty, and up again must work on both databases: the schema can be
// rebuilt, and the ClickHouse 18.16 version store stays consistent through it.
func TestClickHouseUpDownUp(t *testing.T) {
	ctx := context.Background()
	w, c := testenv.ClickHouse(t) // migrated up
	db := w.DB()
	defer db.Close()
	on := migrations.OnCluster(c.ClickHouseCluster)

	tables := func() []string {
		rows, err := w.Conn.Query(ctx, "SELECT name FROM system.tables WHERE database = ? AND name != 'goose_db_version' ORDER BY name", w.Database)
		require.NoError(t, err)
		defer rows.Close()
		var out []string
		for rows.Next() {
			var n string
			require.NoError(t, rows.Scan(&n))
			out = append(out, n)
		}
		require.NoError(t, rows.Err())
		return out
	}
	up := tables()
	require.Contains(t, up, "products")
	require.Contains(t, up, "offers")
	require.Contains(t, up, "latest_offers")
	require.NotContains(t, up, "offer_daily", "history is read from offers (migration 00030)")
	require.Contains(t, up, "product_daily")
	require.Contains(t, up, "product_labels")
	v, err := migrations.Version(ctx, migrations.ClickHouse, db, on)
	require.NoError(t, err)
	require.Positive(t, v)

	require.NoError(t, migrations.DownTo(ctx, migrations.ClickHouse, db, 0, on))
	require.Empty(t, tables())
	v0, err := migrations.Version(ctx, migrations.ClickHouse, db, on)
	require.NoError(t, err)
	require.Zero(t, v0)

	require.NoError(t, migrations.Up(ctx, migrations.ClickHouse, db, on))
	require.Equal(t, up, tables())
	v2, err := migrations.Version(ctx, migrations.ClickHouse, db, on)
	require.NoError(t, err)
	require.Equal(t, v, v2)
}

// The materialized view must carry a scan from offers into the latest-offer table, and
// offers keeps every scan as the history (the ingest and the reports rely on both).
func TestClickHouseOfferViews(t *testing.T) {
	ctx := context.Background()
	w, _ := testenv.ClickHouse(t)
	require.NoError(t, w.Conn.Exec(ctx, `INSERT INTO offers (account_id, product_id, competitor_id, scanned_at, price, in_stock, on_sale)
		SELECT 1, 'P1', 7, toDateTime('2026-11-20 10:00:00'), 12.5, 1, 0`))
	require.NoError(t, w.Conn.Exec(ctx, `INSERT INTO offers (account_id, product_id, competitor_id, scanned_at, price, in_stock, on_sale)
		SELECT 1, 'P1', 7, toDateTime('2026-11-21 09:00:00'), 11.0, 1, 1`))
	var price float64
	require.NoError(t, w.Conn.QueryRow(ctx, `SELECT assumeNotNull(price) FROM latest_offers FINAL WHERE account_id = 1 AND product_id = 'P1' AND competitor_id = 7`).Scan(&price))
	require.Equal(t, 11.0, price)
	var days uint64
	require.NoError(t, w.Conn.QueryRow(ctx, `SELECT uniqExact(toDate(scanned_at)) FROM offers FINAL WHERE account_id = 1 AND product_id = 'P1'`).Scan(&days))
	require.EqualValues(t, 2, days)
}

func TestPostgresUpDownUp(t *testing.T) {
	ctx := context.Background()
	pool, _ := testenv.Postgres(t) // migrated up
	db := store.SQLDB(pool)
	defer db.Close()

	tables := func() []string {
		rows, err := pool.Query(ctx, `SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename != 'goose_db_version' ORDER BY 1`)
		require.NoError(t, err)
		defer rows.Close()
		var out []string
		for rows.Next() {
			var n string
			require.NoError(t, rows.Scan(&n))
			out = append(out, n)
		}
		require.NoError(t, rows.Err())
		return out
	}
	up := tables()
	for _, want := range []string{"accounts", "competitors", "users", "memberships", "sessions", "saved_reports",
		"scenarios", "labels", "label_assignments", "alerts", "share_links", "custom_reports", "export_jobs", "audit_log", "outbox", "river_job", "river_leader"} {
		require.Contains(t, up, want)
	}
	v, err := migrations.Version(ctx, migrations.Postgres, db)
	require.NoError(t, err)

	require.NoError(t, migrations.DownTo(ctx, migrations.Postgres, db, 0))
	require.Empty(t, tables())
	require.NoError(t, migrations.Up(ctx, migrations.Postgres, db))
	require.Equal(t, up, tables())
	v2, err := migrations.Version(ctx, migrations.Postgres, db)
	require.NoError(t, err)
	require.Equal(t, v, v2)
}

// TestPostgresDownRemovesRiverFirst: River's schema was applied last, so the first
// step down removes it (and only it); up brings it back at the library's version.
func TestPostgresDownRemovesRiverFirst(t *testing.T) {
	ctx := context.Background()
	pool, _ := testenv.Postgres(t)
	db := store.SQLDB(pool)
	defer db.Close()
	riverTables := func() int {
		var n int
		require.NoError(t, pool.QueryRow(ctx, `SELECT count(*) FROM pg_tables WHERE schemaname = 'public' AND tablename LIKE 'river%'`).Scan(&n))
		return n
	}
	v, err := migrations.Version(ctx, migrations.Postgres, db)
	require.NoError(t, err)
	rv, err := migrations.RiverVersion(ctx, db)
	require.NoError(t, err)
	require.Positive(t, rv)
	require.Positive(t, riverTables())

	require.NoError(t, migrations.Down(ctx, migrations.Postgres, db))
	require.Zero(t, riverTables())
	afterRiver, err := migrations.Version(ctx, migrations.Postgres, db)
	require.NoError(t, err)
	require.Equal(t, v, afterRiver, "the first step removes River's schema only")

	require.NoError(t, migrations.Down(ctx, migrations.Postgres, db))
	stepped, err := migrations.Version(ctx, migrations.Postgres, db)
	require.NoError(t, err)
	require.Less(t, stepped, v, "the next step rolls back our last migration")

	require.NoError(t, migrations.Up(ctx, migrations.Postgres, db))
	rv2, err := migrations.RiverVersion(ctx, db)
	require.NoError(t, err)
	require.Equal(t, rv, rv2)
}
