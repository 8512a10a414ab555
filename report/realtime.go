package report

import (
	"context"
	"time"

	"pricelens/engine"
)

// The real-time view's calls (engine/realtime.go): the latest scans of the chosen
// competitors, their count and columns, and the per-competitor scan summary.

// ScanSummary is GET /tabular/pricing: every competitor of the account with its latest scan.
type ScanSummary struct {
	Competitors []CompetitorScans `json:"competitors" openapi:"always"`
}

// CompetitorScans is one competitor's latest scan (null when none), how many of its
// latest offers were scanned in the last 24 hours, and how many offers it has.
type CompetitorScans struct {
	ID           int64      `json:"id" openapi:"always"`
	Name         string     `json:"name" openapi:"always"`
	LastScan     *time.Time `json:"last_scan" openapi:"always"`
	ScansLastDay uint64     `json:"scans_last_day" openapi:"always"`
	Offers       uint64     `json:"offers" openapi:"always"`
}

// RealTimeRows runs one real-time block.
func (s *Service) RealTimeRows(ctx context.Context, a engine.Account, competitors []int64, offset int) (Block, error) {
	// Two steps (engine.CompileRealTimePage): the page's pairs, then their rows.
	pagePlan, err := engine.CompileRealTimePage(a, competitors, offset)
	if err != nil {
		return Block{}, err
	}
	res, err := s.W.Query(ctx, pagePlan.Statement)
	if err != nil {
		return Block{}, err
	}
	var page engine.RealTimePage
	seen := map[string]bool{}
	for _, r := range res.Rows {
		pair, _ := r[0].(string)
		pid, _ := r[1].(string)
		page.Pairs = append(page.Pairs, pair)
		if !seen[pid] {
			seen[pid] = true
			page.Products = append(page.Products, pid)
		}
	}
	if len(page.Pairs) == 0 {
		_, last := pagePlan.LastRow(0)
		return Block{Rows: []map[string]any{}, LastRow: last}, nil
	}
	plan, err := engine.CompileRealTime(a, competitors, offset, page)
	if err != nil {
		return Block{}, err
	}
	if res, err = s.W.Query(ctx, plan.Statement); err != nil {
		return Block{}, err
	}
	rows := res.Maps()
	for _, r := range rows {
		r["currency_symbol"] = a.Settings.CurrencySymbol
	}
	keep, last := plan.LastRow(len(rows))
	return Block{Rows: rows[:keep], LastRow: last}, nil
}

// RealTimeCount is how many latest scans the chosen competitors have.
func (s *Service) RealTimeCount(ctx context.Context, a engine.Account, competitors []int64) (uint64, error) {
	plan, err := engine.CompileRealTimeCount(a, competitors)
	if err != nil {
		return 0, err
	}
	return s.W.Count(ctx, plan.Statement)
}

// RealTimeColumns is the real-time view's columns, once the chosen competitors are
// known to be the account's (the count's compile checks them).
func RealTimeColumns(a engine.Account, competitors []int64) ([]engine.Column, error) {
	if _, err := engine.CompileRealTimeCount(a, competitors); err != nil {
		return nil, err
	}
	return engine.RealTimeColumns(), nil
}

// ScanSummary runs GET /tabular/pricing.
func (s *Service) ScanSummary(ctx context.Context, a engine.Account) (ScanSummary, error) {
	plan, err := engine.CompileScanSummary(a)
	if err != nil {
		return ScanSummary{}, err
	}
	res, err := s.W.Query(ctx, plan.Statement)
	if err != nil {
		return ScanSummary{}, err
	}
	by := map[int64]map[string]any{}
	for _, r := range res.Maps() {
		id, _ := r["competitor_id"].(int64)
		by[id] = r
	}
	out := ScanSummary{Competitors: []CompetitorScans{}}
	for _, c := range plan.Competitors {
		cs := CompetitorScans{ID: c.ID, Name: c.Name}
		if r := by[c.ID]; r != nil {
			// The warehouse gives a DateTime as RFC 3339 text (warehouse.Query).
			if s, ok := r["last_scan"].(string); ok {
				if t, err := time.Parse(time.RFC3339, s); err == nil {
					t = t.UTC()
					cs.LastScan = &t
				}
			}
			cs.ScansLastDay, _ = r["scans_last_day"].(uint64)
			cs.Offers, _ = r["offers"].(uint64)
		}
		out.Competitors = append(out.Competitors, cs)
	}
	return out, nil
}
