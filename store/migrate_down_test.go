package store_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"pricelens/deploy/testenv"
	"pricelens/migrations"
	"pricelens/store"
)

// TestAccessMigrationDownAndUp: 00020 rolls back cleanly and applies again.
func TestAccessMigrationDownAndUp(t *testing.T) {
	pool, _ := testenv.Postgres(t)
	ctx := context.Background()
	db := store.SQLDB(pool)
	defer db.Close()
	require.NoError(t, migrations.DownTo(ctx, migrations.Postgres, db, 19))
	var n int
	require.NoError(t, pool.QueryRow(ctx, `SELECT count(*) FROM information_schema.tables WHERE table_name IN ('role_grants', 'mail_messages', 'login_failures')`).Scan(&n))
	require.Zero(t, n)
	require.NoError(t, migrations.Up(ctx, migrations.Postgres, db))
	require.NoError(t, pool.QueryRow(ctx, `SELECT count(*) FROM information_schema.tables WHERE table_name IN ('role_grants', 'mail_messages', 'login_failures')`).Scan(&n))
	require.Equal(t, 3, n)
}
