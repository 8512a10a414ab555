package jobs_test

import (
	"context"
	"log/slog"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pricelens/deploy/testenv"
	"pricelens/engine"
	"pricelens/jobs"
	"pricelens/jobs/kinds"
	"pricelens/warehouse"
)

// alertFixture is two accounts on real PostgreSQL and ClickHouse: Acme (watched,
// in time zone tz) and Other, whose offers carry the same product and competitor
// ids. The workers' clock is t0, half an hour after midnight in Acme's zone.
type alertFixture struct {
	db                 *pgxpool.Pool
	w                  *warehouse.Warehouse
	acme, other        int64
	alpha, beta, delta int64 // Acme's competitors
	report             int64 // Acme's saved report: the products matching "lego"
	summer, quiet      int64 // Acme's labels: Summer on P3 and P4, Quiet on P3
	t0                 time.Time
	deps               jobs.Deps
	mailpit            testenv.Mailpit
}

func newAlertFixture(t *testing.T, tz string) alertFixture {
	ctx := context.Background()
	w, _ := testenv.ClickHouse(t)
	db, _ := testenv.Postgres(t)
	loc, err := time.LoadLocation(tz)
	require.NoError(t, err)
	f := alertFixture{db: db, w: w, mailpit: testenv.MailpitServer(t), t0: time.Date(2026, 11, 20, 0, 30, 0, 0, loc)}
	q := func(sql string, args ...any) int64 {
		var id int64
		require.NoError(t, db.QueryRow(ctx, sql, args...).Scan(&id))
		return id
	}
	f.acme = q(`INSERT INTO accounts (name, settings) VALUES ('Acme', jsonb_build_object('timezone', $1::text)) RETURNING id`, tz)
	f.other = q(`INSERT INTO accounts (name) VALUES ('Other') RETURNING id`)
	f.alpha = q(`INSERT INTO competitors (account_id, name) VALUES ($1, 'Alpha') RETURNING id`, f.acme)
	f.beta = q(`INSERT INTO competitors (account_id, name) VALUES ($1, 'Beta') RETURNING id`, f.acme)
	f.delta = q(`INSERT INTO competitors (account_id, name) VALUES ($1, 'Delta') RETURNING id`, f.acme)
	q(`INSERT INTO competitors (account_id, name) VALUES ($1, 'Gamma') RETURNING id`, f.other)
	f.report = q(`INSERT INTO saved_reports (account_id, report_name, report_type, condition)
		VALUES ($1, 'Lego', 'all_my_products', '{"search": "lego"}') RETURNING id`, f.acme)
	f.summer = q(`INSERT INTO labels (account_id, name, color) VALUES ($1, 'Summer', 'ff0000') RETURNING id`, f.acme)
	f.quiet = q(`INSERT INTO labels (account_id, name, color) VALUES ($1, 'Quiet', '00ff00') RETURNING id`, f.acme)
	lb, err := w.Conn.PrepareBatch(ctx, "INSERT INTO product_labels (account_id, product_id, label_id, assigned, version)")
	require.NoError(t, err)
	for _, l := range []struct {
		product string
		label   int64
	}{{"P3", f.summer}, {"P4", f.summer}, {"P3", f.quiet}} {
		require.NoError(t, lb.Append(uint32(f.acme), l.product, uint64(l.label), uint8(1), uint64(1)))
	}
	require.NoError(t, lb.Send())

	pb, err := w.Conn.PrepareBatch(ctx, "INSERT INTO products (account_id, product_id, name, brand, super_category, category, my_price, currency, in_stock, updated_at)")
	require.NoError(t, err)
	for _, p := range []struct {
		acc      int64
		id, name string
	}{
		{f.acme, "P1", "Lego Castle"}, {f.acme, "P2", "Lego Ship"}, {f.acme, "P3", "Lego Train"}, {f.acme, "P4", "Duplo Farm"},
		{f.other, "P1", "Other One"}, {f.other, "P2", "Other Two"},
	} {
		require.NoError(t, pb.Append(uint32(p.acc), p.id, p.name, "Toys", "Toys", "Bricks", 50.0, "USD", uint8(1), f.t0))
	}
	require.NoError(t, pb.Send())
	day := 24 * time.Hour
	// Acme, watched through Alpha in the report "lego": P1 and P2 changed late on
	// the local day before t0 (22:30, 23:30); P3 did not then, but changed 20
	// minutes after midnight, on t0's local day; P4 changed but is not in the
	// report. Beta changed P2 (not watched by the alert on Alpha); Delta changed
	// nothing. Other's P1 moved 100 → 50 under Alpha's id: another tenant's data.
	f.offers(t, []offer{
		{f.acme, "P1", f.alpha, f.t0.Add(-10 * day), 10}, {f.acme, "P1", f.alpha, f.t0.Add(-2 * time.Hour), 9},
		{f.acme, "P2", f.alpha, f.t0.Add(-10 * day), 20}, {f.acme, "P2", f.alpha, f.t0.Add(-time.Hour), 22},
		{f.acme, "P3", f.alpha, f.t0.Add(-10 * day), 30}, {f.acme, "P3", f.alpha, f.t0.Add(-2 * time.Hour), 30},
		{f.acme, "P3", f.alpha, f.t0.Add(-10 * time.Minute), 28},
		{f.acme, "P4", f.alpha, f.t0.Add(-10 * day), 40}, {f.acme, "P4", f.alpha, f.t0.Add(-2 * time.Hour), 35},
		{f.acme, "P2", f.beta, f.t0.Add(-10 * day), 20}, {f.acme, "P2", f.beta, f.t0.Add(-time.Hour), 25},
		{f.acme, "P1", f.delta, f.t0.Add(-10 * day), 11}, {f.acme, "P1", f.delta, f.t0.Add(-time.Hour), 11},
		{f.other, "P1", f.alpha, f.t0.Add(-10 * day), 100}, {f.other, "P1", f.alpha, f.t0.Add(-90 * time.Minute), 50},
	})
	require.NoError(t, w.RefreshSnapshots(ctx, map[uint32]engine.Settings{
		uint32(f.acme): engine.DefaultSettings(), uint32(f.other): engine.DefaultSettings()}))
	f.deps = jobs.Deps{DB: db, Log: slog.New(slog.NewTextHandler(os.Stderr, nil)), SMTP: f.mailpit.SMTP,
		ClickHouse: func(context.Context) (driver.Conn, error) { return w.Conn, nil },
		Warehouse:  w, PublicURL: "https://pricelens.example", Now: func() time.Time { return f.t0 }}
	return f
}

type offer struct {
	acc     int64
	product string
	comp    int64
	at      time.Time
	price   float64
}

func (f alertFixture) offers(t *testing.T, os []offer) {
	ob, err := f.w.Conn.PrepareBatch(context.Background(), "INSERT INTO offers (account_id, product_id, competitor_id, scanned_at, price, in_stock, on_sale)")
	require.NoError(t, err)
	for _, o := range os {
		require.NoError(t, ob.Append(uint32(o.acc), o.product, uint32(o.comp), o.at, &o.price, uint8(1), uint8(0)))
	}
	require.NoError(t, ob.Send())
}

// alert inserts a daily alert of Acme on a report or a label (or neither: nil,
// nil) over the last days days, and returns its id.
func (f alertFixture) alert(t *testing.T, name string, report, label any, days int, comps []int64, sinceLast bool, to string) int64 {
	var id int64
	require.NoError(t, f.db.QueryRow(context.Background(), `INSERT INTO alerts (account_id, saved_report_id, label_id, label_name,
		frequency, date_filter, since_last_notice, competitor_ids, email_ids) VALUES ($1, $2, $3, $4, 0, $5, $6, $7, $8) RETURNING id`,
		f.acme, report, label, name, days, sinceLast, comps, []string{to}).Scan(&id))
	return id
}

func (f alertFixture) evaluatedPeriod(t *testing.T, id int64) string {
	var p string
	require.NoError(t, f.db.QueryRow(context.Background(), `SELECT evaluated_period FROM alerts WHERE id = $1`, id).Scan(&p))
	return p
}

// mailTable is the table paragraph of an alert mail's text part.
func mailTable(t *testing.T, m testenv.MailpitMessage) []string {
	paras := strings.Split(strings.ReplaceAll(m.Text, "\r\n", "\n"), "\n\n")
	require.GreaterOrEqual(t, len(paras), 2, m.Text)
	return strings.Split(paras[1], "\n")
}

// TestPriceAlerts: the workers' periodic enqueue evaluates every alert for its
// period, the local day of t0 (00:30 in the account's zone), over whole local
// days. The alert on the report "lego" and Alpha mails once, listing exactly the
// two changes of the day before (old and new price, product name, competitor) —
// not the change 10 minutes after midnight, not the unchanged product, not the
// product outside the report, not another competitor's change, not another
// account's offers; the alert on Delta, where nothing changed, sends nothing. The
// next day's evaluation mails the change after midnight alone for the alert that
// lists only changes since its last notification, while the same alert without
// that option lists all three; a period is never evaluated twice. Run in UTC and
// in Tokyo (UTC+9): there the changes are at 13:30–15:20 UTC, on the UTC day
// before, so an evaluation in UTC days would find none of them.
func TestPriceAlerts(t *testing.T) {
	for _, tz := range []string{"UTC", "Asia/Tokyo"} {
		t.Run(tz, func(t *testing.T) { testPriceAlerts(t, tz) })
	}
}

func testPriceAlerts(t *testing.T, tz string) {
	f := newAlertFixture(t, tz)
	ctx := context.Background()
	toWatch, toQuiet, toAll := testenv.Recipient(t, "watch"), testenv.Recipient(t, "quiet"), testenv.Recipient(t, "all")
	watch := f.alert(t, "Lego at Alpha", f.report, nil, 7, []int64{f.alpha}, true, toWatch)
	quiet := f.alert(t, "Delta", nil, nil, 7, []int64{f.delta}, false, toQuiet)
	all := f.alert(t, "Lego at Alpha, every change", f.report, nil, 7, []int64{f.alpha}, false, toAll)

	workers, err := jobs.Start(ctx, f.deps)
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, workers.Stop()) })
	today := "2026-11-20"
	require.Eventually(t, func() bool {
		return f.evaluatedPeriod(t, watch) != "" && f.evaluatedPeriod(t, quiet) != "" && f.evaluatedPeriod(t, all) != ""
	}, 60*time.Second, 50*time.Millisecond, "the periodic job evaluates every alert")
	assert.Equal(t, today, f.evaluatedPeriod(t, watch), "the account's local day")
	require.Eventually(t, func() bool { return len(f.mailpit.Messages(t, toWatch)) == 1 && len(f.mailpit.Messages(t, toAll)) == 1 },
		30*time.Second, 50*time.Millisecond)
	m := f.mailpit.Messages(t, toWatch)[0]
	assert.Equal(t, "Price alert “Lego at Alpha”: 2 price changes", m.Subject)
	assert.Equal(t, []string{
		"Product | Name | Competitor | Old price | New price",
		"P1 | Lego Castle | Alpha | $10.00 | $9.00",
		"P2 | Lego Ship | Alpha | $20.00 | $22.00",
	}, mailTable(t, m))
	assert.Contains(t, m.Text, "2 competitor prices changed in the report “Lego” between 2026-11-13 00:00 and 2026-11-20 00:00 ("+tz+")")
	assert.Contains(t, m.HTML, "<td style=\"border-bottom: 1px solid #eee; padding: 4px 8px;\">Lego Castle</td>")
	assert.Contains(t, m.HTML, `<a href="https://pricelens.example/pricing/type/`)
	assert.NotContains(t, m.Text, "Other", "another account's products never appear")
	assert.NotContains(t, m.Text, "$50.00")
	assert.Empty(t, f.mailpit.Messages(t, toQuiet), "nothing changed, nothing sent")
	var notified *time.Time
	require.NoError(t, f.db.QueryRow(ctx, `SELECT last_notified_at FROM alerts WHERE id = $1`, quiet).Scan(&notified))
	assert.Nil(t, notified)
	require.NoError(t, f.db.QueryRow(ctx, `SELECT last_notified_at FROM alerts WHERE id = $1`, watch).Scan(&notified))
	require.NotNil(t, notified)
	assert.True(t, notified.Equal(f.t0.Add(-30*time.Minute)), "the mail covers up to local midnight: %s", notified)

	// The period is evaluated once: its job is unique, and a second run sends nothing.
	client, err := river.NewClient(riverpgxv5.New(f.db), &river.Config{})
	require.NoError(t, err)
	res, err := client.Insert(ctx, kinds.EvaluateAlert{AlertID: watch, Period: today}, nil)
	require.NoError(t, err)
	assert.True(t, res.UniqueSkippedAsDuplicate)
	sent, err := jobs.EvaluateAlert(ctx, f.deps, watch, today, f.t0)
	require.NoError(t, err)
	assert.False(t, sent)

	// The next local day, P3's change after midnight is in the window.
	next := f.t0.Add(24 * time.Hour)
	sent, err = jobs.EvaluateAlert(ctx, f.deps, watch, "2026-11-21", next)
	require.NoError(t, err)
	require.True(t, sent)
	sent, err = jobs.EvaluateAlert(ctx, f.deps, all, "2026-11-21", next)
	require.NoError(t, err)
	require.True(t, sent)
	require.Eventually(t, func() bool { return len(f.mailpit.Messages(t, toWatch)) == 2 && len(f.mailpit.Messages(t, toAll)) == 2 },
		30*time.Second, 50*time.Millisecond)
	assert.Equal(t, []string{
		"Product | Name | Competitor | Old price | New price",
		"P3 | Lego Train | Alpha | $30.00 | $28.00",
	}, mailTable(t, f.mailpit.Messages(t, toWatch)[0]), "only the change since the last notification")
	assert.Equal(t, []string{
		"Product | Name | Competitor | Old price | New price",
		"P1 | Lego Castle | Alpha | $10.00 | $9.00",
		"P2 | Lego Ship | Alpha | $20.00 | $22.00",
		"P3 | Lego Train | Alpha | $30.00 | $28.00",
	}, mailTable(t, f.mailpit.Messages(t, toAll)[0]), "without the option, every change of the last 7 days")
	assert.Empty(t, f.mailpit.Messages(t, toQuiet))

	// A removed report's alerts send nothing.
	_, err = f.db.Exec(ctx, `UPDATE saved_reports SET removed_at = now() WHERE id = $1`, f.report)
	require.NoError(t, err)
	f.offers(t, []offer{{f.acme, "P1", f.alpha, next.Add(time.Second), 7}})
	sent, err = jobs.EvaluateAlert(ctx, f.deps, all, "after removal", next.Add(24*time.Hour))
	require.NoError(t, err)
	assert.False(t, sent)
}

// An alert on a label (no report) watches the label's products: the Summer alert
// mails P4's change (P3, also Summer, did not change the day before) through
// Mailpit; the alert on Quiet (P3 alone) sends nothing; a removed label ends its
// alert.
func TestPriceAlertsOnALabel(t *testing.T) {
	f := newAlertFixture(t, "Europe/Berlin")
	ctx := context.Background()
	toSummer, toQuiet := testenv.Recipient(t, "summer"), testenv.Recipient(t, "quiet-label")
	summer := f.alert(t, "Summer at Alpha", nil, f.summer, 1, []int64{f.alpha}, false, toSummer)
	quiet := f.alert(t, "Quiet at Alpha", nil, f.quiet, 1, []int64{f.alpha}, false, toQuiet)

	workers, err := jobs.Start(ctx, f.deps)
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, workers.Stop()) })
	require.Eventually(t, func() bool { return f.evaluatedPeriod(t, summer) != "" && f.evaluatedPeriod(t, quiet) != "" },
		60*time.Second, 50*time.Millisecond, "the periodic job evaluates both alerts")
	require.Eventually(t, func() bool { return len(f.mailpit.Messages(t, toSummer)) == 1 }, 30*time.Second, 50*time.Millisecond)
	m := f.mailpit.Messages(t, toSummer)[0]
	assert.Equal(t, "Price alert “Summer at Alpha”: 1 price change", m.Subject)
	assert.Equal(t, []string{
		"Product | Name | Competitor | Old price | New price",
		"P4 | Duplo Farm | Alpha | $40.00 | $35.00",
	}, mailTable(t, m))
	assert.Contains(t, m.Text, "1 competitor price changed in the products labelled “Summer” between 2026-11-19 00:00 and 2026-11-20 00:00 (Europe/Berlin).")
	assert.Contains(t, m.Text, "Open the report: https://pricelens.example/pricing")
	assert.Equal(t, "2026-11-20", f.evaluatedPeriod(t, quiet))
	assert.Empty(t, f.mailpit.Messages(t, toQuiet), "nothing changed on the label's products, nothing sent")

	_, err = f.db.Exec(ctx, `DELETE FROM labels WHERE id = $1`, f.summer)
	require.NoError(t, err)
	var n int
	require.NoError(t, f.db.QueryRow(ctx, `SELECT count(*) FROM alerts WHERE id = $1`, summer).Scan(&n))
	assert.Zero(t, n, "removing the label removes its alert")
}
