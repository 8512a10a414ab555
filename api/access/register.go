package access

import (
	"crypto/rand"
	"net/http"

	"github.com/labstack/echo/v4"

	"pricelens/api/appstate"
	"pricelens/api/route"
	"pricelens/deploy/config"
	"pricelens/store/authz"
)

// AppRoutes are the app-state calls (saved reports, sharing, schedules, scenarios,
// labels, alerts, custom reports), each with the permission it needs.
func AppRoutes(h *appstate.Handlers) []route.Route {
	R := func(m, p string, a route.Access, fn echo.HandlerFunc) route.Route {
		return route.Route{Method: m, Path: p, Access: a, Handler: route.Raw[struct{}, struct{}](fn, "")}
	}
	G, P, PUT, PATCH, DEL := http.MethodGet, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete
	perm, anyOf := route.Perm, route.AnyOf
	view := perm(authz.ViewReport, authz.Read)
	return []route.Route{
		R(P, "/saveReport/insertSaveReport", perm(authz.CreateReport, authz.Create), h.InsertReport),
		R(P, "/saveReport/getSaveReport", view, h.GetReport),
		R(P, "/saveReport/updateSaveReport", perm(authz.EditReport, authz.Update), h.UpdateReport),
		R(P, "/saveReport/removeSaveReport", perm(authz.DeleteReport, authz.Delete), h.RemoveReport),
		R(G, "/saveReport/getAllSaveReports", view, h.AllReports),
		R(P, "/saveReport/insertSaveReportForCopyLink", perm(authz.CreateReport, authz.Create), h.CopyLink),
		R(P, "/saveReport/updateScheduledReport", perm(authz.ScheduleReports, authz.Update), h.UpdateSchedule),
		R(P, "/saveReport/removeScheduledReport", perm(authz.ScheduleReports, authz.Delete), h.RemoveSchedule),
		R(G, "/saveReport/getUsersEmailForScheduledReport", perm(authz.ScheduleReports, authz.Read), h.ScheduleRecipients),
		R(P, "/system/sendShareLinkByMail", view, h.SendShareLink),

		R(G, "/scenarios", view, h.Scenarios),
		R(P, "/scenarios", perm(authz.CreateReport, authz.Create), h.CreateScenario),
		R(PUT, "/scenarios/reorder", perm(authz.EditReport, authz.Update), h.ReorderScenarios),
		R(PUT, "/scenarios/associate", perm(authz.EditReport, authz.Update), h.AssociateReport),
		R(G, "/scenarios/:id", view, h.GetScenario),
		R(PATCH, "/scenarios/:id", perm(authz.EditReport, authz.Update), h.PatchScenario),
		R(DEL, "/scenarios/:id", perm(authz.DeleteReport, authz.Delete), h.DeleteScenario),

		R(G, "/labels/getAllLabels", view, h.AllLabels),
		R(P, "/labels/insertNewLabels", anyOf(authz.LabelsAlerts, authz.Create), h.InsertLabel),
		R(P, "/labels/insertNewLabelsForProduct", anyOf(authz.LabelsAlerts, authz.Create), h.InsertLabelForProducts),
		R(P, "/labels/insertProductLabels", anyOf(authz.LabelsAlerts, authz.Update), h.InsertProductLabels),
		R(P, "/labels/removeLabelFromProduct", anyOf(authz.LabelsAlerts, authz.Delete), h.RemoveLabelFromProduct),
		R(P, "/labels/removeLabel", anyOf(authz.LabelsAlerts, authz.Delete), h.RemoveLabel),
		R(P, "/labels/addAlert", perm(authz.EditAlerts, authz.Create), h.AddAlert),
		R(P, "/labels/removeAlert", perm(authz.EditAlerts, authz.Delete), h.RemoveAlert),
		R(G, "/labels/getAllAlerts", perm(authz.EditAlerts, authz.Read), h.AllAlerts),

		R(G, "/custom_reports", perm(authz.AdvancedTrendingCode, authz.Read), h.CustomReports),
		R(G, "/custom_reports/:id", perm(authz.AdvancedTrendingCode, authz.Read), h.CustomReport),
		R(G, "/custom_reports/:id/embed", perm(authz.AdvancedTrendingCode, authz.Read), h.CustomReportEmbed),
	}
}

// embedKey is PRICELENS_EMBED_SECRET, or a random key per process (tokens then
// stop verifying after a restart, which their 10-minute life makes harmless).
func embedKey(c config.Config) []byte {
	if c.EmbedSecret != "" {
		return []byte(c.EmbedSecret)
	}
	b := make([]byte, 32)
	_, _ = rand.Read(b)
	return b
}

// Routes are the routes of the access and app-state areas.
func Routes(s *Service, h *appstate.Handlers) []route.Route {
	return append(s.AccessRoutes(), AppRoutes(h)...)
}

// New builds the access service and the app-state handlers over the deps.
func New(d Deps) (*Service, *appstate.Handlers) {
	s := NewService(d)
	h := &appstate.Handlers{Store: s.Store, Perms: s, EmbedKey: embedKey(d.Config), Log: s.Log, Resolve: selectionResolver(d),
		PublicURL: d.Config.PublicURL}
	return s, h
}
