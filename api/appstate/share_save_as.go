package appstate

import (
	"github.com/labstack/echo/v4"

	"pricelens/api/httperr"
	"pricelens/api/session"
)

// ShareSaveAsIn is the body of POST /saveReport/saveRemovedShareAs.
type ShareSaveAsIn struct {
	ShareID    string `json:"shareId" required:"true"`     // the /share/{id} of the removed report
	ReportName string `json:"report_name" required:"true"` // the new report's name
	FolderID   int64  `json:"folder_id"`                   // a scenario of the caller; -1 or 0: none
}

// Validate checks the share id and the name (the report-name rules).
func (in *ShareSaveAsIn) Validate() error {
	if in.ShareID == "" || len(in.ShareID) > 100 {
		return httperr.BadRequest("shareId", "shareId must be the share link id")
	}
	n, err := validReportName(in.ReportName)
	in.ReportName = n
	return err
}

// SaveRemovedShareAs is Save As on a shared report its owner removed (docs/product.md
// §2): the report's last saved state becomes the caller's new report.
func (h *Handlers) SaveRemovedShareAs(c echo.Context, p session.Principal, in ShareSaveAsIn) (NewReportOut, error) {
	r, err := h.Store.SaveRemovedShareAs(c.Request().Context(), actor(p), in.ShareID, in.ReportName, in.FolderID)
	if err != nil {
		return NewReportOut{}, err
	}
	return NewReportOut{ID: r.ID, Report: toReport(r)}, nil
}
