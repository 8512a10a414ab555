package appstate

import (
	"pricelens/api/route"
	"slices"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"pricelens/api/httperr"
	"pricelens/api/reqbody"
	"pricelens/api/session"
	"pricelens/store"
)

const fillAllFields = "*please fill all fields"

// AlertIn is the body of addAlert: a new alert, or with report_id an existing
// one's new fields. report_id is the alert's own id (spec: removeAlert
// {report_id}); the saved report the alert watches is saved_report_id.
type AlertIn struct {
	ReportID      reqbody.ID  `json:"report_id"`                  // the alert's id, to update it
	SavedReportID reqbody.ID  `json:"saved_report_id"`            // the saved report it watches
	LabelID       reqbody.ID  `json:"label_id"`                   // or the label it watches; neither: every product
	LabelName     string      `json:"label_name" required:"true"` // the alert's name
	Competitors   reqbody.IDs `json:"competitorsIds" required:"true"`
	Frequency     *reqbody.ID `json:"frequency" required:"true"` // 0 or 1
	// DateFilter is the period in days (1, 7, 14, 30, 60 or 180); none: 1 for a
	// daily alert, 7 for a weekly one.
	DateFilter *reqbody.ID `json:"date_filter"`
	// SinceLastNotification lists only the changes since the alert's last mail.
	SinceLastNotification bool            `json:"only_changes_since_last_notification"`
	EmailIDs              reqbody.Strings `json:"email_ids"`
	UserIDs               reqbody.IDs     `json:"user_ids"` // users of the account
}

// Validate checks the fields with the specification's message and normalizes
// them in place (trimmed name, cleaned addresses).
func (in *AlertIn) Validate() error {
	in.LabelName = strings.TrimSpace(in.LabelName)
	switch {
	case in.LabelName == "":
		return httperr.BadRequest("label_name", fillAllFields)
	case in.Frequency == nil || (*in.Frequency != 0 && *in.Frequency != 1):
		return httperr.BadRequest("frequency", fillAllFields)
	case len(in.Competitors) == 0:
		return httperr.BadRequest("competitorsIds", fillAllFields)
	case len(in.EmailIDs)+len(in.UserIDs) == 0:
		return httperr.BadRequest("email_ids", fillAllFields)
	case len([]rune(in.LabelName)) > 200:
		return httperr.BadRequest("label_name", "The alert name can't be longer than 200 characters")
	}
	if in.DateFilter == nil {
		d := reqbody.ID(1)
		if *in.Frequency == 1 {
			d = 7
		}
		in.DateFilter = &d
	}
	if !slices.Contains(store.AlertDateFilters, int16(*in.DateFilter)) {
		return httperr.BadRequest("date_filter", "The date filter must be 1, 7, 14, 30, 60 or 180 days")
	}
	if in.SavedReportID < 0 {
		return httperr.BadRequest("saved_report_id", "saved_report_id must be a saved report id")
	}
	if in.LabelID < 0 {
		return httperr.BadRequest("label_id", "label_id must be a label id")
	}
	emails, err := validRecipients("email_ids", in.EmailIDs)
	if err != nil {
		return err
	}
	in.EmailIDs = emails
	return nil
}

// AlertRemoveIn is the body of removeAlert.
type AlertRemoveIn struct {
	ReportID reqbody.ID `json:"report_id" required:"true"` // the alert's id
}

// Validate checks the id.
func (in AlertRemoveIn) Validate() error {
	if in.ReportID <= 0 {
		return httperr.BadRequest("report_id", "report_id must be an alert id")
	}
	return nil
}

// Alert is a price alert; report_id is its id, saved_report_id the saved report
// it watches or label_id the label (both 0: every product).
type Alert struct {
	ReportID              int64      `json:"report_id" openapi:"always"`
	SavedReportID         int64      `json:"saved_report_id" openapi:"always"`
	LabelID               int64      `json:"label_id" openapi:"always"`
	LabelName             string     `json:"label_name" openapi:"always"`
	Frequency             int16      `json:"frequency" openapi:"always"`
	DateFilter            int16      `json:"date_filter" openapi:"always"`
	SinceLastNotification bool       `json:"only_changes_since_last_notification" openapi:"always"`
	CompetitorIDs         []int64    `json:"competitorsIds" openapi:"always"`
	EmailIDs              []string   `json:"email_ids" openapi:"always"`
	UserIDs               []int64    `json:"user_ids" openapi:"always"`
	LastNotifiedAt        *time.Time `json:"last_notified_at"` // null until its first mail
}

func toAlert(a store.Alert) Alert {
	return Alert{ReportID: a.ID, SavedReportID: a.SavedReportID, LabelID: a.LabelID, LabelName: a.LabelName, Frequency: a.Frequency,
		DateFilter: a.DateFilter, SinceLastNotification: a.SinceLastNotice, CompetitorIDs: a.CompetitorIDs,
		EmailIDs: a.EmailIDs, UserIDs: a.UserIDs, LastNotifiedAt: a.LastNotifiedAt}
}

// AlertOut is the answer of addAlert.
type AlertOut struct {
	Alert Alert `json:"alert" openapi:"always"`
}

// AlertsOut is the answer of getAllAlerts.
type AlertsOut struct {
	Alerts []Alert `json:"alerts" openapi:"always"`
}

// AddAlert is POST /labels/addAlert: creates or (with report_id) updates an
// alert. Its competitors and user recipients must be the account's.
func (h *Handlers) AddAlert(c echo.Context, p session.Principal, in AlertIn) (AlertOut, error) {
	ctx := c.Request().Context()
	comps, users := in.Competitors.Int64s(), in.UserIDs.Int64s()
	if ok, err := h.Store.AreCompetitors(ctx, p.AccountID, comps); err != nil {
		return AlertOut{}, err
	} else if !ok {
		return AlertOut{}, httperr.BadRequest("competitorsIds", "Some competitors are not competitors of this account.")
	}
	if ok, err := h.Store.AreMembers(ctx, p.AccountID, users); err != nil {
		return AlertOut{}, err
	} else if !ok {
		return AlertOut{}, httperr.BadRequest("user_ids", "Some recipients are not users of this account.")
	}
	al, err := h.Store.SaveAlert(ctx, actor(p), store.Alert{ID: int64(in.ReportID), SavedReportID: int64(in.SavedReportID),
		LabelID: int64(in.LabelID), LabelName: in.LabelName, Frequency: int16(*in.Frequency), DateFilter: int16(*in.DateFilter),
		SinceLastNotice: in.SinceLastNotification, CompetitorIDs: comps, EmailIDs: in.EmailIDs, UserIDs: users})
	if err != nil {
		return AlertOut{}, err
	}
	return AlertOut{Alert: toAlert(al)}, nil
}

// RemoveAlert is POST /labels/removeAlert.
func (h *Handlers) RemoveAlert(c echo.Context, p session.Principal, in AlertRemoveIn) (route.OK, error) {
	return route.OK{OK: true}, h.Store.RemoveAlert(c.Request().Context(), actor(p), int64(in.ReportID))
}

// AllAlerts is GET /labels/getAllAlerts.
func (h *Handlers) AllAlerts(c echo.Context, p session.Principal, _ struct{}) (AlertsOut, error) {
	as, err := h.Store.Alerts(c.Request().Context(), p.AccountID)
	if err != nil {
		return AlertsOut{}, err
	}
	return AlertsOut{Alerts: list(as, toAlert)}, nil
}
