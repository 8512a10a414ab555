package access_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"regexp"
	"testing"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pricelens/deploy/testenv"
	"pricelens/jobs"
)

// startMailWorkers runs the background workers with the stack's Mailpit as the
// SMTP server, as `pricelens serve` does.
func startMailWorkers(t *testing.T, e *env) testenv.Mailpit {
	mp := testenv.MailpitServer(t)
	noClickHouse := func(context.Context) (driver.Conn, error) { return nil, errors.New("no ClickHouse in this test") }
	w, err := jobs.Start(context.Background(), jobs.Deps{DB: e.db, Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
		ClickHouse: noClickHouse, SMTP: mp.SMTP})
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, w.Stop()) })
	return mp
}

// onlyMail waits for the one mail Mailpit gets for a recipient.
func onlyMail(t *testing.T, mp testenv.Mailpit, to string) testenv.MailpitMessage {
	t.Helper()
	var got []testenv.MailpitMessage
	require.Eventually(t, func() bool { got = mp.Messages(t, to); return len(got) > 0 }, 20*time.Second, 50*time.Millisecond,
		"no mail for %s", to)
	require.Len(t, got, 1)
	return got[0]
}

// A password reset requested through the API arrives in Mailpit with text and
// HTML parts carrying the absolute link on the configured public address, and
// the token of that link sets the password.
func TestPasswordResetMailArrives(t *testing.T) {
	t.Setenv("PRICELENS_PUBLIC_URL", "https://pricelens.example")
	e := newEnv(t, nil)
	mp := startMailWorkers(t, e)
	acc := e.account("Acme")
	to := testenv.Recipient(t, "ana")
	e.user(to, "analyst", acc)

	st, body := e.client().call("POST", "/api/login/resetPassword", obj{"email": to})
	require.Equal(t, 200, st, "%v", body)
	m := onlyMail(t, mp, to)
	assert.Equal(t, "Reset your Pricelens password", m.Subject)
	link := regexp.MustCompile(`https://pricelens\.example/login/reset\?token=[A-Za-z0-9_-]{43}`).FindString(m.Text)
	require.NotEmpty(t, link, "the text part carries the absolute link: %s", m.Text)
	assert.Contains(t, m.HTML, `<a href="`+link+`"`, "the HTML part links to it")

	st, body = e.client().call("POST", "/api/login/resetPassword/confirm",
		obj{"token": link[len("https://pricelens.example/login/reset?token="):], "password": "a brand new secret"})
	assert.Equal(t, 200, st, "%v", body)
}

// A share mail arrives with the sign-in link the server built (account and
// share path), in both parts.
func TestShareMailArrives(t *testing.T) {
	t.Setenv("PRICELENS_PUBLIC_URL", "https://pricelens.example")
	e := newEnv(t, nil)
	mp := startMailWorkers(t, e)
	acc := e.account("Acme")
	e.user("ana@acme.test", "analyst", acc)
	ana := e.login("ana@acme.test", acc)
	st, res := ana.call("POST", "/api/saveReport/insertSaveReportForCopyLink", obj{"condition": obj{"report_path": "/pricing/type/x"}})
	require.Equal(t, 200, st, "%v", res)
	id := res["id"].(string)

	to := testenv.Recipient(t, "boss")
	st, res = ana.call("POST", "/api/system/sendShareLinkByMail", obj{"url": "/pricing/share/" + id, "emails": []string{to}, "condition": obj{}})
	require.Equal(t, 200, st, "%v", res)
	m := onlyMail(t, mp, to)
	assert.Equal(t, "ana@acme.test shared a Pricelens report with you", m.Subject)
	want := fmt.Sprintf("https://pricelens.example/login/OneLogin?navigationPage=/pricing/share/%s&account_id=%d", id, acc)
	assert.Contains(t, m.Text, "Open the report: "+want)
	assert.Contains(t, m.HTML, fmt.Sprintf(`<a href="https://pricelens.example/login/OneLogin?navigationPage=/pricing/share/%s&amp;account_id=%d"`, id, acc))
	assert.Contains(t, m.HTML, ">Open the report</a>")
}
