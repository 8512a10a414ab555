package trend

import (
	"context"
	"strconv"
	"time"

	"pricelens/engine"
	"pricelens/ingest"
	"pricelens/report"
	"pricelens/store"
)

// Service runs trend plans for accounts on the tabular service's warehouse.
type Service struct{ Grid *report.Service }

// NewService returns a trend service beside the tabular one.
func NewService(g *report.Service) *Service { return &Service{Grid: g} }

// Rows compiles and runs a trend and shapes its rows, with the flags of its competitors.
func (s *Service) Rows(ctx context.Context, a engine.Account, t engine.Trend) (Rows, error) {
	plan, asOf, rows, err := s.table(ctx, a, t)
	if err != nil {
		return Rows{}, err
	}
	pid := ""
	if t.Report == engine.TrendPDP {
		pid = t.ProductID
	}
	out := Rows{Rows: rows, LastRow: len(rows), Flagged: flagged(a, plan, pid)}
	if plan.Rollup && asOf != nil {
		out.DataAsOf = asOf
	}
	return out, nil
}

// Plan is the plan a request for the trend would run now, over the account's
// current rollup if it may be read (the bench checks the path it measures; the
// product page reads the runs its build wrote).
func (s *Service) Plan(ctx context.Context, a engine.Account, t engine.Trend) (engine.TrendPlan, error) {
	p, _, err := s.plan(ctx, a, t)
	return p, err
}

// plan is Plan with the time the rollup's data covers when a load since its
// build is not in it (nil: the rollup is current, or there is none).
func (s *Service) plan(ctx context.Context, a engine.Account, t engine.Trend) (engine.TrendPlan, *time.Time, error) {
	product := ""
	if t.Report == engine.TrendPDP {
		product = t.ProductID
	}
	a, asOf, err := s.withRollup(ctx, a, product)
	if err != nil {
		return engine.TrendPlan{}, nil, err
	}
	p, err := engine.CompileTrend(a, t)
	return p, asOf, err
}

// table compiles a trend over the account's rollup and runs it: the plan (its
// competitors, group field), the time its data covers (plan) and the day rows.
func (s *Service) table(ctx context.Context, a engine.Account, t engine.Trend) (engine.TrendPlan, *time.Time, []map[string]any, error) {
	plan, asOf, err := s.plan(ctx, a, t)
	if err != nil {
		return engine.TrendPlan{}, nil, nil, err
	}
	res, err := s.Grid.W.Query(ctx, plan.Statement)
	if err != nil {
		return engine.TrendPlan{}, nil, nil, err
	}
	return plan, asOf, plan.Rows(res.Columns, res.Rows), nil
}

// withRollup gives the account its latest trend rollup, read with every request
// (two small reads). A load since its build is not in it yet: the trends still
// read it (at L a trend over a year of raw scans ran 28-60 s into the 503 limit
// after every load, issue 30), and asOf, the build's start, tells the screen what
// time the data covers until the refresh catches up (jobs refresh_trend_rollups,
// incremental). The product page (product: its product, "" for other trends)
// reads its product's raw scans instead when such a load wrote one of them (one
// product's scans are cheap), so it always shows the latest scan.
func (s *Service) withRollup(ctx context.Context, a engine.Account, product string) (_ engine.Account, asOf *time.Time, _ error) {
	r, err := s.Grid.W.TrendRollup(ctx, a.AccountID)
	if err != nil || r == nil || s.Grid.DB == nil {
		return a, nil, err
	}
	st := store.New(s.Grid.DB)
	stale, err := st.LoadedSince(ctx, int64(a.AccountID), r.BuiltAt)
	if err != nil {
		return a, nil, err
	}
	if stale && product != "" {
		ids, err := ingest.ScanLoads(s.Grid.DB)(ctx, a.AccountID, r.BuiltAt)
		if err != nil {
			return a, nil, err
		}
		touched, err := s.Grid.W.ScansLoadedSince(ctx, a.AccountID, product, ids, r.BuiltAt)
		if err != nil || touched {
			return a, nil, err
		}
		stale = false // the product's runs are as the load left them
	}
	a.TrendRollup = r
	if stale {
		at := r.BuiltAt
		asOf = &at
	}
	return a, asOf, nil
}

// Count is how many rows Rows answers: the days of the range, or for
// competitiveness metrics the (day, group) rows, which only running it tells.
func (s *Service) Count(ctx context.Context, a engine.Account, t engine.Trend) (int, error) {
	plan, err := engine.CompileTrend(a, t)
	if err != nil {
		return 0, err
	}
	if n, ok := plan.DayRows(); ok {
		return n, nil
	}
	rows, err := s.Rows(ctx, a, t)
	return rows.LastRow, err
}

// CustomFieldLine compiles and runs an extra custom-field line.
func (s *Service) CustomFieldLine(ctx context.Context, a engine.Account, t engine.Trend, field string) (Rows, error) {
	plan, err := engine.CompileTrendCustomField(a, t, field)
	if err != nil {
		return Rows{}, err
	}
	return s.run(ctx, plan)
}

// Report is the trend report whose columns a getColumnsDef asks for: r, unless a
// saved report id or share-link id (ref), which must be one of the account's,
// names a trend report of its own (its type wins).
func (s *Service) Report(ctx context.Context, a engine.Account, r engine.TrendReport, ref string, share bool) (engine.TrendReport, error) {
	if ref != "" {
		rt, err := s.Grid.ReportType(ctx, a, ref, share)
		if err != nil {
			return r, err
		}
		if tr, err := engine.ParseTrendReport(rt); err == nil {
			r = tr
		}
	}
	return r, nil
}

func (s *Service) run(ctx context.Context, plan engine.TrendPlan) (Rows, error) {
	res, err := s.Grid.W.Query(ctx, plan.Statement)
	if err != nil {
		return Rows{}, err
	}
	rows := plan.Rows(res.Columns, res.Rows)
	return Rows{Rows: rows, LastRow: len(rows), Flagged: map[string]int{}}, nil
}

// flagged counts the open match flags of the plan's competitors (Rows.Flagged)
// from the account's flags (engine.Account.Flagged, read with its catalog).
func flagged(a engine.Account, plan engine.TrendPlan, productID string) map[string]int {
	out := map[string]int{}
	for _, c := range plan.Competitors {
		n := 0
		for _, p := range a.Flagged[c.ID] {
			if productID == "" || p == productID {
				n++
			}
		}
		if n > 0 {
			out[strconv.FormatInt(c.ID, 10)] = n
		}
	}
	return out
}
