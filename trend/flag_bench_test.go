package trend

import (
	"context"
	"fmt"
	"io"
	"testing"
	"time"

	"pricelens/api/session"
	"pricelens/deploy/testenv"
	"pricelens/engine"
	"pricelens/ingest/demo"
	"pricelens/report"
	"pricelens/store"
)

// BenchmarkFlaggedTrendsOnS measures the trends that read the rollup with one
// match flag open, on the S data set: "raw" is the path every trend of the
// account took before issue 30 (the raw scans, the flagged pair left out),
// "rollup" the rollup less the flagged pair's share, "unflagged" the rollup with
// no flag, for scale. At L the lead measures with `pricelens bench --only trend`.
func BenchmarkFlaggedTrendsOnS(b *testing.B) {
	w, _ := testenv.ClickHouse(b)
	db, _ := testenv.Postgres(b)
	ctx := context.Background()
	if _, err := demo.Load(ctx, w, db, demo.Options{Size: demo.S, Seed: 1, Out: io.Discard, Progress: io.Discard}); err != nil {
		b.Fatal(err)
	}
	s := NewService(report.NewService(w, db))
	plain, err := s.Grid.Account(ctx, session.Principal{AccountID: 1})
	if err != nil {
		b.Fatal(err)
	}
	r, err := w.TrendRollup(ctx, 1)
	if err != nil || r == nil {
		b.Fatal("no rollup", err)
	}
	// One open flag: the first product with a scan of the first competitor.
	var pid string
	if err := w.Conn.QueryRow(ctx, `SELECT min(product_id) FROM offers WHERE account_id = 1 AND competitor_id = ?`, uint32(plain.Competitors[0].ID)).Scan(&pid); err != nil {
		b.Fatal(err)
	}
	if err := store.New(db).FlagMatch(ctx, store.Actor{AccountID: 1}, pid, plain.Competitors[0].ID, "", "wrong size"); err != nil {
		b.Fatal(err)
	}
	flagged, err := s.Grid.Account(ctx, session.Principal{AccountID: 1})
	if err != nil {
		b.Fatal(err)
	}
	yesterday := time.Now().UTC().Truncate(24*time.Hour).AddDate(0, 0, -1)
	dates := fmt.Sprintf(`"dates":{"from":%q,"to":%q}`, r.FirstDay.Format("2006-01-02"), yesterday.Format("2006-01-02"))
	reports := map[string]string{
		"price_trend":     `{"report_name":"price_trend",` + dates + `}`,
		"competitiveness": `{"report_name":"competitiveness_metrics",` + dates + `}`,
	}
	paths := []struct {
		name   string
		a      engine.Account
		rollup *engine.TrendRollup
	}{{"raw", flagged, nil}, {"rollup", flagged, r}, {"unflagged", plain, r}}
	for _, name := range []string{"price_trend", "competitiveness"} {
		tr, err := engine.ParseTrend([]byte(reports[name]))
		if err != nil {
			b.Fatal(err)
		}
		for _, p := range paths {
			b.Run(name+"/"+p.name, func(b *testing.B) {
				a := p.a
				a.TrendRollup = p.rollup
				for i := 0; i < b.N; i++ {
					plan, err := engine.CompileTrend(a, tr)
					if err != nil {
						b.Fatal(err)
					}
					if plan.Rollup != (p.rollup != nil) {
						b.Fatalf("%s read the rollup: %v", p.name, plan.Rollup)
					}
					if _, err := w.Query(ctx, plan.Statement); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
