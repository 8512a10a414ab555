package grid

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"pricelens/api/route"
	"pricelens/api/session"
	"pricelens/report"
	"pricelens/store/authz"
)

// ExportRoutes are the export calls (docs/exports.md); each needs "view report" in the
// selected account and sees only the caller's own exports, except the download of
// a scheduled report's mailed link, which its token alone opens.
func ExportRoutes(x *report.Exports) []route.Route {
	h := &exportHandlers{x: x}
	R := func(m, p, summary string, hd route.Handler) route.Route {
		return route.Route{Method: m, Path: p, Access: route.Perm(authz.ViewReport, authz.Read), Summary: summary, Handler: hd}
	}
	G, P := http.MethodGet, http.MethodPost
	return []route.Route{
		R(P, "/tabular/exportDataToCsv", "Start a CSV export of a grid condition's rows; answers the export's name", route.JSON(h.start)),
		R(P, "/tabular/exportDataToCsvRealTime", "Start a CSV export of the real-time view's scans of the chosen competitors", route.JSON(h.startRealTimeExport)),
		R(P, "/assortment/exportDataToCsv", "Start a CSV export of an assortment report's rows", route.JSON(h.startAssortmentExport)),
		{Method: P, Path: "/repricing/exportDataToCsv", Access: repricingRead,
			Summary: "Start a CSV export of a run's results (the condition's run: latest, simulation or a run id) with why this price", Handler: route.JSON(h.startRepricingExport)},
		R(P, "/tabular/initialExportProcess", "An export's state, read once by the Exporting report dialog before it polls", route.JSON(h.status)),
		R(P, "/tabular/getExportStatus", "An export's state: status, percent, time left, rows written", route.JSON(h.status)),
		R(G, "/tabular/getCsvFile", "Download a finished export's CSV file (?reportName=)", route.Raw[struct{}, struct{}](h.file, "text/csv")),
		R(G, "/tabular/getMyExports", "The caller's exports in this account that are under way or downloadable, newest first", route.Query(h.list)),
		R(P, "/system/abortExport", "Cancel an export under way and stop its query", route.JSON(h.abort)),
		{Method: G, Path: "/tabular/downloadScheduledCsv", Access: route.Public(),
			Summary: "Download a scheduled report's CSV mailed as a link (?token=; no session: recipients may have no account)",
			Handler: route.Raw[struct{}, struct{}](h.fileByToken, "text/csv")},
	}
}

type exportHandlers struct{ x *report.Exports }

func (h *exportHandlers) start(c echo.Context, in ExportRequest) (ExportStarted, error) {
	p, err := session.Account(c)
	if err != nil {
		return ExportStarted{}, err
	}
	name, err := h.x.Start(c.Request().Context(), p, in.conditionJSON, in.sel)
	return ExportStarted{ExportReportName: name}, err
}

func (h *exportHandlers) status(c echo.Context, in ReportNameRequest) (report.ExportStatus, error) {
	p, err := session.Account(c)
	if err != nil {
		return report.ExportStatus{}, err
	}
	return h.x.Status(c.Request().Context(), p, in.ReportName)
}

func (h *exportHandlers) abort(c echo.Context, in ReportNameRequest) (report.ExportStatus, error) {
	p, err := session.Account(c)
	if err != nil {
		return report.ExportStatus{}, err
	}
	return h.x.Abort(c.Request().Context(), p, in.ReportName)
}

func (h *exportHandlers) list(c echo.Context, _ struct{}) (report.ExportList, error) {
	p, err := session.Account(c)
	if err != nil {
		return report.ExportList{}, err
	}
	return h.x.List(c.Request().Context(), p)
}

// fileByToken streams the export a mailed link's token opens.
func (h *exportHandlers) fileByToken(c echo.Context) error {
	path, name, err := h.x.FileByToken(c.Request().Context(), c.QueryParam("token"))
	if err != nil {
		return err
	}
	return c.Attachment(path, name+".csv")
}

// file streams the CSV as an attachment named after the export.
func (h *exportHandlers) file(c echo.Context) error {
	name := c.QueryParam("reportName")
	if err := checkExportName(name); err != nil {
		return err
	}
	p, err := session.Account(c)
	if err != nil {
		return err
	}
	path, err := h.x.File(c.Request().Context(), p, name)
	if err != nil {
		return err
	}
	return c.Attachment(path, name+".csv")
}
