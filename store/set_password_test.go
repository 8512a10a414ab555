package store_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pricelens/deploy/testenv"
	"pricelens/store"
)

// TestSetPassword: the operator's set-password (pricelens user set-password) finds
// the user by e-mail whatever its case, replaces the hash, ends the user's sessions
// (not another user's) and leaves an audit row; an unknown address changes nothing.
func TestSetPassword(t *testing.T) {
	pool, _ := testenv.Postgres(t)
	ctx := context.Background()
	st := store.New(pool)
	var ann, bob int64
	require.NoError(t, st.InTx(ctx, func(tx *store.Tx) (err error) {
		if ann, err = tx.CreateUser(ctx, store.Actor{}, "ann@example.com", "old-hash"); err != nil {
			return err
		}
		bob, err = tx.CreateUser(ctx, store.Actor{}, "bob@example.com", "bob-hash")
		return err
	}))
	require.NoError(t, st.CreateSession(ctx, "s-ann", ann, "c1", time.Now().Add(time.Hour)))
	require.NoError(t, st.CreateSession(ctx, "s-bob", bob, "c2", time.Now().Add(time.Hour)))

	require.NoError(t, st.SetPassword(ctx, " Ann@Example.com", "new-hash"))
	u, err := st.UserByEmail(ctx, "ann@example.com")
	require.NoError(t, err)
	require.NotNil(t, u.PasswordHash)
	assert.Equal(t, "new-hash", *u.PasswordHash)
	var sessions []string
	rows, err := pool.Query(ctx, `SELECT id FROM sessions ORDER BY id`)
	require.NoError(t, err)
	for rows.Next() {
		var id string
		require.NoError(t, rows.Scan(&id))
		sessions = append(sessions, id)
	}
	require.NoError(t, rows.Err())
	assert.Equal(t, []string{"s-bob"}, sessions, "ann's session ended, bob's kept")
	var audited int
	require.NoError(t, pool.QueryRow(ctx, `SELECT count(*) FROM audit_log WHERE action = 'set_password' AND entity_id = $1`, fmt.Sprint(ann)).Scan(&audited))
	assert.Equal(t, 1, audited)

	err = st.SetPassword(ctx, "nobody@example.com", "x")
	var se *store.Error
	require.True(t, errors.As(err, &se), "%v", err)
	assert.Equal(t, store.KindNotFound, se.Kind)
	u, err = st.UserByEmail(ctx, "bob@example.com")
	require.NoError(t, err)
	require.NotNil(t, u.PasswordHash)
	assert.Equal(t, "bob-hash", *u.PasswordHash)
}
