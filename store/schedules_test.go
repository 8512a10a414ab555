package store_test

import (
	"context"
	"errors"
	"testing"
	"time"

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

// TestDisablingDropsTheDaysUnsentMail: a scheduled report's mail of the day goes
// to its user recipients who are still members and to its other addresses; when
// the schedule is disabled before the mail left (no worker ran), the mail is
// deleted, so the send_mail job finds nothing to send.
func TestDisablingDropsTheDaysUnsentMail(t *testing.T) {
	pool, _ := testenv.Postgres(t)
	ctx := context.Background()
	for _, q := range []string{
		`INSERT INTO accounts (id, name) VALUES (1, 'Acme')`,
		`INSERT INTO users (id, email) VALUES (1, 'owner@acme.test'), (2, 'member@acme.test'), (3, 'left@acme.test')`,
		`INSERT INTO memberships (user_id, account_id, role, blocked) VALUES (1, 1, 'analyst', false), (2, 1, 'viewer', false), (3, 1, 'viewer', false)`,
	} {
		_, err := pool.Exec(ctx, q)
		require.NoError(t, err)
	}
	st := store.New(pool)
	owner := store.Actor{AccountID: 1, UserID: 1}
	r, err := st.CreateReport(ctx, owner, store.ReportFields{ReportName: "Weekly", ReportType: "all_my_products"})
	require.NoError(t, err)
	_, err = st.SetSchedule(ctx, owner, r.ID, store.Schedule{Days: "1", UserIDs: []int64{2, 3}, EmailIDs: []string{"boss@elsewhere.test"}})
	require.NoError(t, err)
	_, err = pool.Exec(ctx, `UPDATE memberships SET blocked = true WHERE user_id = 3`)
	require.NoError(t, err)

	monday := time.Date(2026, 11, 23, 0, 0, 0, 0, time.UTC)
	var got []string
	require.NoError(t, st.QueueScheduledReport(ctx, r.ID, monday, "", func(_ store.ScheduledReport, to []string) store.Mail {
		got = to
		return store.Mail{Kind: "scheduled_report", Recipients: to, Subject: "Weekly", Body: "attached"}
	}))
	assert.ElementsMatch(t, []string{"member@acme.test", "boss@elsewhere.test"}, got)
	count := func(q string) (n int) {
		require.NoError(t, pool.QueryRow(ctx, q).Scan(&n))
		return n
	}
	require.Equal(t, 1, count(`SELECT count(*) FROM mail_messages WHERE kind = 'scheduled_report' AND sent_at IS NULL`))

	_, err = st.SetSchedule(ctx, owner, r.ID, store.Schedule{})
	require.NoError(t, err)
	assert.Zero(t, count(`SELECT count(*) FROM mail_messages WHERE kind = 'scheduled_report'`))
	assert.Equal(t, 1, count(`SELECT count(*) FROM scheduled_report_runs`), "the day stays recorded")
}
