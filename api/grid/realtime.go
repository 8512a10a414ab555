package grid

import (
	"github.com/labstack/echo/v4"

	"pricelens/api/httperr"
	"pricelens/api/reqbody"
	"pricelens/engine"
	"pricelens/report"
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

func (h *handlers) realTimeData(c echo.Context, in RealTimeRequest) (report.Block, error) {
	a, err := h.account(c)
	if err != nil {
		return report.Block{}, err
	}
	return h.s.RealTimeRows(c.Request().Context(), a, in.CompetitorsID.Int64s(), in.Offset)
}

func (h *handlers) realTimeCount(c echo.Context, in RealTimeRequest) (Count, error) {
	a, err := h.account(c)
	if err != nil {
		return Count{}, err
	}
	n, err := h.s.RealTimeCount(c.Request().Context(), a, in.CompetitorsID.Int64s())
	return Count{Count: n}, err
}

func (h *handlers) realTimeColumns(c echo.Context, in RealTimeRequest) (Columns, error) {
	a, err := h.account(c)
	if err != nil {
		return Columns{}, err
	}
	cols, err := report.RealTimeColumns(a, in.CompetitorsID.Int64s())
	if err != nil {
		return Columns{}, err
	}
	return toColumns(a, cols), nil
}

func (h *handlers) scanSummary(c echo.Context, _ struct{}) (report.ScanSummary, error) {
	a, err := h.account(c)
	if err != nil {
		return report.ScanSummary{}, err
	}
	return h.s.ScanSummary(c.Request().Context(), a)
}
