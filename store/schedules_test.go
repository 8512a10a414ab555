package store_test

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pricelens/deploy/testenv"
	"pricelens/store"
)

// TestAccountTimezoneMustBeAZone: an account's "timezone" setting (the zone of its
// scheduled reports) is an IANA name; anything else is refused with a message
// naming the setting, and the account is not written.
func TestAccountTimezoneMustBeAZone(t *testing.T) {
	pool, _ := testenv.Postgres(t)
	ctx := context.Background()
	st := store.New(pool)
	put := func(settings string) error {
		return st.InTx(ctx, func(tx *store.Tx) error {
			return tx.PutAccount(ctx, store.Actor{}, 41, "Acme", []byte(settings), []byte("[]"))
		})
	}
	for _, bad := range []string{`{"timezone": "Mars/Olympus"}`, `{"timezone": ""}`, `{"timezone": "Local"}`, `{"timezone": 3}`} {
		err := put(bad)
		var se *store.Error
		require.True(t, errors.As(err, &se), "%s: %v", bad, err)
		assert.Equal(t, store.KindInvalid, se.Kind, bad)
	}
	err := put(`{"timezone": "Mars/Olympus"}`)
	assert.Equal(t, `"Mars/Olympus" is not a time zone: use an IANA name such as Europe/Berlin or UTC.`, err.Error())
	var n int
	require.NoError(t, pool.QueryRow(ctx, `SELECT count(*) FROM accounts WHERE id = 41`).Scan(&n))
	assert.Zero(t, n)
	require.NoError(t, put(`{"timezone": "Europe/Berlin"}`))
	require.NoError(t, put(`{"currency_symbol": "€"}`), "no zone is UTC")
}
