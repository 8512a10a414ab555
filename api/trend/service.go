package trend

import (
	"context"

	"pricelens/api/grid"
	"pricelens/engine"
)

// Service runs trend plans for accounts on the tabular service's warehouse.
type Service struct{ Grid *grid.Service }

// NewService returns a trend service beside the tabular one.
func NewService(g *grid.Service) *Service { return &Service{Grid: g} }

// Rows compiles and runs a trend and shapes its rows. The account's trend rollup
// is read with every request (one small read): it changes with every load.
func (s *Service) Rows(ctx context.Context, a engine.Account, t engine.Trend) (Rows, error) {
	r, err := s.Grid.W.TrendRollup(ctx, a.AccountID)
	if err != nil {
		return Rows{}, err
	}
	a.TrendRollup = r
	plan, err := engine.CompileTrend(a, t)
	if err != nil {
		return Rows{}, err
	}
	return s.run(ctx, plan)
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

// Columns are a trend report's columns; a saved report id or share-link id (ref)
// must be one of the account's, and a trend report's own type wins.
func (s *Service) Columns(ctx context.Context, a engine.Account, r engine.TrendReport, ref string, share bool) (grid.Columns, error) {
	if ref != "" {
		rt, err := s.Grid.ReportType(ctx, a, ref, share)
		if err != nil {
			return grid.Columns{}, err
		}
		if tr, err := engine.ParseTrendReport(rt); err == nil {
			r = tr
		}
	}
	return columns(a, r), nil
}

func (s *Service) run(ctx context.Context, plan engine.TrendPlan) (Rows, error) {
	res, err := s.Grid.W.Query(ctx, plan.Statement)
	if err != nil {
		return Rows{}, err
	}
	rows := plan.Rows(res.Columns, res.Rows)
	return Rows{Rows: rows, LastRow: len(rows)}, nil
}
