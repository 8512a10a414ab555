package grid

import (
	"context"
	"time"

	"github.com/labstack/echo/v4"

	"pricelens/api/httperr"
	"pricelens/api/reqbody"
	"pricelens/engine"
)

// The real-time view's calls (engine/realtime.go): the latest scans of the chosen
// competitors, their count and columns, and the per-competitor scan summary.

// RealTimeRequest is {"competitorsId": [ids], "offset": n}; no competitors is all of the account's.
type RealTimeRequest struct {
	CompetitorsID reqbody.IDs `json:"competitorsId"`
	Offset        int         `json:"offset"` // rows already shown; blocks of 100
}

// Validate checks the offset (the competitors are the account's: the compiler checks them).
func (r *RealTimeRequest) Validate() error {
	if r.Offset < 0 || r.Offset > engine.MaxRealTimeOffset {
		return httperr.BadRequest("offset", "The offset must be between 0 and 10000000.")
	}
	if len(r.CompetitorsID) > 1000 {
		return httperr.BadRequest("competitorsId", "Choose at most 1000 competitors.")
	}
	return nil
}

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
	rows := toMaps(res)
	for _, r := range rows {
		r["currency_symbol"] = a.Settings.CurrencySymbol
	}
	keep, last := plan.LastRow(len(rows))
	return Block{Rows: rows[:keep], LastRow: last}, nil
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
	for _, r := range toMaps(res) {
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

func (h *handlers) realTimeData(c echo.Context, in RealTimeRequest) (Block, error) {
	a, err := h.account(c)
	if err != nil {
		return Block{}, err
	}
	return h.s.RealTimeRows(c.Request().Context(), a, in.CompetitorsID.Int64s(), in.Offset)
}

func (h *handlers) realTimeCount(c echo.Context, in RealTimeRequest) (Count, error) {
	a, err := h.account(c)
	if err != nil {
		return Count{}, err
	}
	plan, err := engine.CompileRealTimeCount(a, in.CompetitorsID.Int64s())
	if err != nil {
		return Count{}, err
	}
	n, err := h.s.W.Count(c.Request().Context(), plan.Statement)
	return Count{Count: n}, err
}

func (h *handlers) realTimeColumns(c echo.Context, in RealTimeRequest) (Columns, error) {
	a, err := h.account(c)
	if err != nil {
		return Columns{}, err
	}
	if _, err := engine.CompileRealTimeCount(a, in.CompetitorsID.Int64s()); err != nil {
		return Columns{}, err // the competitors must be the account's
	}
	return toColumns(a, engine.RealTimeColumns()), nil
}

func (h *handlers) scanSummary(c echo.Context, _ struct{}) (ScanSummary, error) {
	a, err := h.account(c)
	if err != nil {
		return ScanSummary{}, err
	}
	return h.s.ScanSummary(c.Request().Context(), a)
}
