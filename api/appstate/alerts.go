package appstate

import (
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"pricelens/api/httperr"
	"pricelens/api/reqbody"
	"pricelens/api/session"
	"pricelens/store"
)

const fillAllFields = "*please fill all fields"

// AddAlert is POST /labels/addAlert: creates or (with report_id) updates an alert.
func (h *Handlers) AddAlert(c echo.Context) error {
	p, err := session.Account(c)
	if err != nil {
		return err
	}
	var in struct {
		ReportID    reqbody.ID      `json:"report_id"`
		LabelName   string          `json:"label_name"`
		Competitors reqbody.IDs     `json:"competitorsIds"`
		Frequency   *reqbody.ID     `json:"frequency"`
		EmailIDs    reqbody.Strings `json:"email_ids"`
		UserIDs     reqbody.IDs     `json:"user_ids"`
	}
	if err := reqbody.Decode(c, &in); err != nil {
		return err
	}
	name := strings.TrimSpace(in.LabelName)
	switch {
	case name == "":
		return httperr.BadRequest("label_name", fillAllFields)
	case in.Frequency == nil || (*in.Frequency != 0 && *in.Frequency != 1):
		return httperr.BadRequest("frequency", fillAllFields)
	case len(in.Competitors) == 0:
		return httperr.BadRequest("competitorsIds", fillAllFields)
	case len(in.EmailIDs)+len(in.UserIDs) == 0:
		return httperr.BadRequest("email_ids", fillAllFields)
	case len([]rune(name)) > 200:
		return httperr.BadRequest("label_name", "The alert name can't be longer than 200 characters")
	}
	emails, err := validRecipients("email_ids", in.EmailIDs)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	comps, users := in.Competitors.Int64s(), in.UserIDs.Int64s()
	if ok, err := h.Store.AreCompetitors(ctx, p.AccountID, comps); err != nil {
		return err
	} else if !ok {
		return httperr.BadRequest("competitorsIds", "Some competitors are not competitors of this account.")
	}
	if ok, err := h.Store.AreMembers(ctx, p.AccountID, users); err != nil {
		return err
	} else if !ok {
		return httperr.BadRequest("user_ids", "Some recipients are not users of this account.")
	}
	al, err := h.Store.SaveAlert(ctx, actor(p), store.Alert{ReportID: int64(in.ReportID), LabelName: name,
		Frequency: int16(*in.Frequency), CompetitorIDs: comps, EmailIDs: emails, UserIDs: users})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"alert": al})
}

// RemoveAlert is POST /labels/removeAlert {report_id}.
func (h *Handlers) RemoveAlert(c echo.Context) error {
	p, err := session.Account(c)
	if err != nil {
		return err
	}
	var in struct {
		ReportID reqbody.ID `json:"report_id"`
	}
	if err := reqbody.Decode(c, &in); err != nil {
		return err
	}
	if in.ReportID <= 0 {
		return httperr.BadRequest("report_id", "report_id must be an alert id")
	}
	if err := h.Store.RemoveAlert(c.Request().Context(), actor(p), int64(in.ReportID)); err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"ok": true})
}

// AllAlerts is GET /labels/getAllAlerts.
func (h *Handlers) AllAlerts(c echo.Context) error {
	p, err := session.Account(c)
	if err != nil {
		return err
	}
	as, err := h.Store.Alerts(c.Request().Context(), p.AccountID)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"alerts": as})
}
