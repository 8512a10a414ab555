package jobs_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pricelens/deploy/config"
	"pricelens/deploy/testenv"
	"pricelens/jobs"
	"pricelens/jobs/kinds"
	"pricelens/store"
)

type mailFixture struct {
	db      *pgxpool.Pool
	st      *store.Store
	account int64
	mailpit testenv.Mailpit
}

func newMailFixture(t *testing.T) mailFixture {
	db, _ := testenv.Postgres(t)
	f := mailFixture{db: db, st: store.New(db), mailpit: testenv.MailpitServer(t)}
	require.NoError(t, db.QueryRow(context.Background(), `INSERT INTO accounts (name) VALUES ('Acme') RETURNING id`).Scan(&f.account))
	return f
}

// startMail runs the workers with smtp as the mail server (no ClickHouse: these
// tests write no labels).
func (f mailFixture) startMail(t *testing.T, smtp config.SMTP) {
	noClickHouse := func(context.Context) (driver.Conn, error) { return nil, errors.New("no ClickHouse in this test") }
	workers, err := jobs.Start(context.Background(), jobs.Deps{DB: f.db, Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
		ClickHouse: noClickHouse, SMTP: smtp})
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, workers.Stop()) })
}

// queue records a mail the way the handlers do (store.QueueMail) and returns its id.
func (f mailFixture) queue(t *testing.T, m store.Mail) int64 {
	require.NoError(t, f.st.QueueMail(context.Background(), store.Actor{AccountID: f.account}, m))
	var id int64
	require.NoError(t, f.db.QueryRow(context.Background(), `SELECT max(id) FROM mail_messages`).Scan(&id))
	return id
}

type mailRow struct {
	Sent      bool
	Attempts  int
	LastError string
}

func (f mailFixture) row(t *testing.T, id int64) mailRow {
	var r mailRow
	require.NoError(t, f.db.QueryRow(context.Background(), `SELECT sent_at IS NOT NULL, attempts, coalesce(last_error, '')
		FROM mail_messages WHERE id = $1`, id).Scan(&r.Sent, &r.Attempts, &r.LastError))
	return r
}

// mailJob is the send_mail job of a mail: its id, state and attempt.
func (f mailFixture) mailJob(t *testing.T, mailID int64) (id int64, state string, attempt int) {
	require.NoError(t, f.db.QueryRow(context.Background(), `SELECT id, state::text, attempt FROM river_job
		WHERE kind = 'send_mail' AND (args->>'mail_id')::bigint = $1`, mailID).Scan(&id, &state, &attempt))
	return id, state, attempt
}

// TestMailArrivesWithTextAndEscapedHTML: a queued mail (a password reset, with
// text that looks like markup) waits for a worker, then arrives in Mailpit once,
// from the configured sender, with a text part holding the stored body and an
// HTML part where the text is escaped and the link is a link; the row is marked
// sent after one attempt.
func TestMailArrivesWithTextAndEscapedHTML(t *testing.T) {
	f := newMailFixture(t)
	to := testenv.Recipient(t, "ana")
	link := "https://pricelens.example/login/reset?token=abc&x=<1>"
	id := f.queue(t, store.Mail{Kind: "password_reset", Recipients: []string{to}, Subject: "Reset your Pricelens password — <b>now</b>",
		Body:   "Hello <script>alert(1)</script> & welcome.\n\nOpen this link within one hour to choose a new password: " + link,
		Detail: map[string]any{"link": link}})
	_, state, _ := f.mailJob(t, id)
	assert.Equal(t, "available", state, "the job is queued with the mail")
	assert.Empty(t, f.mailpit.Messages(t, to), "nothing is sent without a worker")

	f.startMail(t, f.mailpit.SMTP)
	require.Eventually(t, func() bool { return f.row(t, id).Sent }, 20*time.Second, 20*time.Millisecond)
	assert.Equal(t, mailRow{Sent: true, Attempts: 1}, f.row(t, id))

	msgs := f.mailpit.Messages(t, to)
	require.Len(t, msgs, 1)
	m := msgs[0]
	assert.Equal(t, "Reset your Pricelens password — <b>now</b>", m.Subject)
	assert.Equal(t, "no-reply@pricelens.local", m.From.Address)
	assert.Equal(t, "Pricelens", m.From.Name)
	require.Len(t, m.To, 1)
	assert.Equal(t, to, m.To[0].Address)
	assert.Equal(t, "Hello <script>alert(1)</script> & welcome.\r\n\r\nOpen this link within one hour to choose a new password: "+link,
		strings.TrimRight(m.Text, "\r\n"))
	assert.Contains(t, m.HTML, "<p>Hello &lt;script&gt;alert(1)&lt;/script&gt; &amp; welcome.</p>")
	assert.NotContains(t, m.HTML, "<script>")
	assert.Contains(t, m.HTML, `<a href="https://pricelens.example/login/reset?token=abc&amp;x=%3c1%3e"`)
	assert.Contains(t, m.HTML, ">Choose a new password</a>")
}

// TestMailTableIsAnHTMLTable: a mail whose detail carries a table (price alerts)
// shows the text part's table paragraph as an HTML table, its cells escaped; the
// other paragraphs stay paragraphs and the text part is the stored body.
func TestMailTableIsAnHTMLTable(t *testing.T) {
	f := newMailFixture(t)
	to := testenv.Recipient(t, "tab")
	body := "Two prices changed.\n\nProduct | New price\nP<1> | $9.00\n\nOpen the report: https://pricelens.example/pricing"
	id := f.queue(t, store.Mail{Kind: "price_alert", Recipients: []string{to}, Subject: "Price alert", Body: body,
		Detail: map[string]any{"link": "https://pricelens.example/pricing",
			"table": jobs.MailTable{Paragraph: 1, Header: []string{"Product", "New price"}, Rows: [][]string{{"P<1>", "$9.00"}}}}})
	f.startMail(t, f.mailpit.SMTP)
	require.Eventually(t, func() bool { return f.row(t, id).Sent }, 20*time.Second, 20*time.Millisecond)
	msgs := f.mailpit.Messages(t, to)
	require.Len(t, msgs, 1)
	m := msgs[0]
	assert.Equal(t, strings.ReplaceAll(body, "\n", "\r\n"), strings.TrimRight(m.Text, "\r\n"))
	assert.Contains(t, m.HTML, "<p>Two prices changed.</p>")
	assert.Contains(t, m.HTML, ">Product</th>")
	assert.Contains(t, m.HTML, ">P&lt;1&gt;</td>")
	assert.NotContains(t, m.HTML, "Product | New price", "the table paragraph is a table, not text")
	assert.Contains(t, m.HTML, ">Open the report</a>")
}

// TestFailedSendIsRetriedAndNeverMarkedSent: with the SMTP server unreachable, the
// job fails and is retried; the row stays unsent and says why; once the server is
// back the same job delivers the mail, once.
func TestFailedSendIsRetriedAndNeverMarkedSent(t *testing.T) {
	f := newMailFixture(t)
	proxy := testenv.NewProxy(t, f.mailpit.SMTP.Addr())
	proxy.Stop()
	smtp := f.mailpit.SMTP
	host, port, err := net.SplitHostPort(proxy.Addr())
	require.NoError(t, err)
	smtp.Host = host
	smtp.Port, err = strconv.Atoi(port)
	require.NoError(t, err)

	to := testenv.Recipient(t, "bob")
	id := f.queue(t, store.Mail{Kind: "share_link", Recipients: []string{to}, Subject: "A report for you",
		Body: "Open the report: https://pricelens.example/login/OneLogin?navigationPage=/pricing/share/x&account_id=1"})
	f.startMail(t, smtp)

	require.Eventually(t, func() bool { return f.row(t, id).Attempts >= 2 }, 20*time.Second, 20*time.Millisecond)
	r := f.row(t, id)
	assert.False(t, r.Sent, "a failed send is never marked sent")
	assert.NotEmpty(t, r.LastError, "the row says why the mail is not sent")
	job, state, _ := f.mailJob(t, id)
	assert.Contains(t, []string{"retryable", "running", "available"}, state, "River retries the job")
	assert.Empty(t, f.mailpit.Messages(t, to))

	proxy.Resume()
	require.Eventually(t, func() bool { return f.row(t, id).Sent }, 30*time.Second, 50*time.Millisecond)
	r = f.row(t, id)
	assert.Empty(t, r.LastError)
	job2, state, attempt := f.mailJob(t, id)
	assert.Equal(t, job, job2, "the same job delivered it")
	require.Eventually(t, func() bool { _, s, _ := f.mailJob(t, id); return s == "completed" }, 10*time.Second, 20*time.Millisecond)
	_, state, attempt = f.mailJob(t, id)
	assert.Equal(t, "completed", state)
	assert.Equal(t, r.Attempts, attempt, "every attempt of the job is counted on the row")
	assert.Len(t, f.mailpit.Messages(t, to), 1)
}

// TestMailNeverSentTwice: a mail gets one job (queueing the same id again is a
// duplicate), and when its completed job is run again (a retry by hand, or a
// worker that lost track of it), the row's sent_at stops a second delivery.
func TestMailNeverSentTwice(t *testing.T) {
	f := newMailFixture(t)
	to := testenv.Recipient(t, "cy")
	id := f.queue(t, store.Mail{Kind: "invitation", Recipients: []string{to}, Subject: "You have been invited to Pricelens",
		Body: "Sign in as usual."})
	f.startMail(t, f.mailpit.SMTP)
	require.Eventually(t, func() bool { _, s, _ := f.mailJob(t, id); return s == "completed" }, 20*time.Second, 20*time.Millisecond)
	require.Len(t, f.mailpit.Messages(t, to), 1)

	client, err := river.NewClient(riverpgxv5.New(f.db), &river.Config{})
	require.NoError(t, err)
	res, err := client.Insert(context.Background(), kinds.SendMail{MailID: id}, nil)
	require.NoError(t, err)
	assert.True(t, res.UniqueSkippedAsDuplicate, "one job per mail")

	job, _, _ := f.mailJob(t, id)
	_, err = client.JobRetry(context.Background(), job)
	require.NoError(t, err)
	require.Eventually(t, func() bool { _, s, a := f.mailJob(t, id); return s == "completed" && a == 2 }, 20*time.Second, 20*time.Millisecond)
	assert.Len(t, f.mailpit.Messages(t, to), 1, "the second run sent nothing")
	assert.Equal(t, mailRow{Sent: true, Attempts: 1}, f.row(t, id))
}

// TestStartTLSRequiredSendsNothingInClear: with PRICELENS_SMTP_STARTTLS=required, a
// server that does not offer STARTTLS (the local Mailpit) gets nothing; the row
// stays unsent and says why.
func TestStartTLSRequiredSendsNothingInClear(t *testing.T) {
	f := newMailFixture(t)
	smtp := f.mailpit.SMTP
	smtp.StartTLS = config.StartTLSRequired
	to := testenv.Recipient(t, "dee")
	id := f.queue(t, store.Mail{Kind: "invitation", Recipients: []string{to}, Subject: "You have been invited to Pricelens",
		Body: "Sign in as usual."})
	f.startMail(t, smtp)
	require.Eventually(t, func() bool { return f.row(t, id).Attempts >= 1 }, 20*time.Second, 20*time.Millisecond)
	r := f.row(t, id)
	assert.False(t, r.Sent)
	assert.Equal(t, "the SMTP server does not offer STARTTLS, which PRICELENS_SMTP_STARTTLS=required asks for", r.LastError)
	assert.Empty(t, f.mailpit.Messages(t, to))
}
