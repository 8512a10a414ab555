package appstate

import (
	"encoding/csv"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"pricelens/api/httperr"
	"pricelens/api/route"
	"pricelens/api/session"
	"pricelens/csvcell"
	"pricelens/store"
)

// Match feedback (/new/competitive_intelligence/match_feedback): flag a
// competitor offer as a wrong match, take the flag back, mark it resolved, list
// and export the flags. The comparison side is the engine's (engine/flags.go).

// MatchIn names one (product, competitor) match of the account.
type MatchIn struct {
	ProductID    string `json:"productId" required:"true"`
	CompetitorID int64  `json:"competitorId" required:"true"`
}

// Validate trims the product id and checks both parts.
func (in *MatchIn) Validate() error {
	in.ProductID = strings.TrimSpace(in.ProductID)
	if in.ProductID == "" {
		return httperr.BadRequest("productId", "Choose the product whose match is wrong.")
	}
	if len(in.ProductID) > 200 {
		return httperr.BadRequest("productId", "A product id can't be longer than 200 characters.")
	}
	if in.CompetitorID <= 0 {
		return httperr.BadRequest("competitorId", "Choose the competitor whose offer is a wrong match.")
	}
	return nil
}

// FlagIn is the body of flagMatch: the match and what the analyst saw.
type FlagIn struct {
	MatchIn
	CompetitorProductID string `json:"competitorProductId"` // the offer's product id at the competitor, for the data team
	Reason              string `json:"reason"`              // at most 200 characters
}

// Validate checks the match and the texts.
func (in *FlagIn) Validate() error {
	if err := in.MatchIn.Validate(); err != nil {
		return err
	}
	in.Reason = strings.TrimSpace(in.Reason)
	if len([]rune(in.Reason)) > 200 {
		return httperr.BadRequest("reason", "The reason can't be longer than 200 characters.")
	}
	in.CompetitorProductID = strings.TrimSpace(in.CompetitorProductID)
	if len(in.CompetitorProductID) > 200 {
		return httperr.BadRequest("competitorProductId", "A product id can't be longer than 200 characters.")
	}
	return nil
}

// FlagsIn filters the list: status open, resolved, or "" for all.
type FlagsIn struct {
	Status string `query:"status"`
}

// Validate checks the status.
func (in *FlagsIn) Validate() error {
	if in.Status != "" && in.Status != store.FlagOpen && in.Status != store.FlagResolved {
		return httperr.BadRequest("status", "Status must be open, resolved or empty for all flags.")
	}
	return nil
}

// FlagsOut is the account's match flags.
type FlagsOut struct {
	Flags []store.MatchFlag `json:"flags" openapi:"always"`
}

// FlagMatch is POST /match_feedback/flagMatch.
func (h *Handlers) FlagMatch(c echo.Context, p session.Principal, in FlagIn) (route.Done, error) {
	err := h.Store.FlagMatch(c.Request().Context(), actor(p), in.ProductID, in.CompetitorID, in.CompetitorProductID, in.Reason)
	return route.Done{OK: true, Message: "The match was flagged; it is left out of every comparison until it is resolved."}, err
}

// UnflagMatch is POST /match_feedback/unflagMatch.
func (h *Handlers) UnflagMatch(c echo.Context, p session.Principal, in MatchIn) (route.Done, error) {
	err := h.Store.UnflagMatch(c.Request().Context(), actor(p), in.ProductID, in.CompetitorID)
	return route.Done{OK: true, Message: "The flag was removed; the match counts again."}, err
}

// ResolveMatch is POST /match_feedback/resolveMatch.
func (h *Handlers) ResolveMatch(c echo.Context, p session.Principal, in MatchIn) (route.Done, error) {
	err := h.Store.ResolveMatch(c.Request().Context(), actor(p), in.ProductID, in.CompetitorID)
	return route.Done{OK: true, Message: "The flag was resolved; the match counts again."}, err
}

// MatchFlags is GET /match_feedback/getFlags.
func (h *Handlers) MatchFlags(c echo.Context, p session.Principal, in FlagsIn) (FlagsOut, error) {
	fs, err := h.Store.MatchFlags(c.Request().Context(), p.AccountID, in.Status)
	if fs == nil {
		fs = []store.MatchFlag{}
	}
	return FlagsOut{Flags: fs}, err
}

// flagsCSVHeader is the data team's file: one line per flag.
var flagsCSVHeader = []string{"product_id", "competitor_id", "competitor", "competitor_product_id", "reason", "status", "flagged_by", "flagged_at", "resolved_by", "resolved_at"}

// ExportMatchFlags is GET /match_feedback/exportCsv: the flags as a CSV download
// (status filters as in getFlags; open flags by default, the data team's work list).
func (h *Handlers) ExportMatchFlags(c echo.Context) error {
	p, err := session.Account(c)
	if err != nil {
		return err
	}
	in := FlagsIn{Status: c.QueryParam("status")}
	if in.Status == "" {
		in.Status = store.FlagOpen
	} else if in.Status == "all" {
		in.Status = ""
	}
	if err := in.Validate(); err != nil {
		return err
	}
	fs, err := h.Store.MatchFlags(c.Request().Context(), p.AccountID, in.Status)
	if err != nil {
		return err
	}
	at := func(t *time.Time) string {
		if t == nil {
			return ""
		}
		return t.UTC().Format(time.RFC3339)
	}
	r := c.Response()
	r.Header().Set(echo.HeaderContentType, "text/csv; charset=utf-8")
	r.Header().Set(echo.HeaderContentDisposition, `attachment; filename="match_feedback.csv"`)
	r.WriteHeader(http.StatusOK)
	w := csv.NewWriter(r)
	_ = w.Write(flagsCSVHeader)
	for _, f := range fs {
		_ = w.Write([]string{csvcell.Text(f.ProductID), strconv.FormatInt(f.CompetitorID, 10), csvcell.Text(f.CompetitorName), csvcell.Text(f.CompetitorProductID),
			csvcell.Text(f.Reason), f.Status, csvcell.Text(f.FlaggedBy), at(&f.FlaggedAt), csvcell.Text(f.ResolvedBy), at(f.ResolvedAt)})
	}
	w.Flush()
	return w.Error()
}
