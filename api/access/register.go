package access

import (
	"net/http"

	"pricelens/api/appstate"
	"pricelens/api/route"
	"pricelens/store/authz"
)

// AppRoutes are the app-state calls (saved reports, sharing, schedules, scenarios,
// labels, alerts, custom reports), each with the permission it needs. Calls with a
// body are appstate.JSON, those without (GET, DELETE) appstate.Query.
func AppRoutes(h *appstate.Handlers) []route.Route {
	R := func(m, p string, a route.Access, summary string, hd route.Handler) route.Route {
		return route.Route{Method: m, Path: p, Access: a, Summary: summary, Handler: hd}
	}
	G, P, PUT, PATCH, DEL := http.MethodGet, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete
	perm, anyOf := route.Perm, route.AnyOf
	view := perm(authz.ViewReport, authz.Read)
	return []route.Route{
		R(P, "/saveReport/insertSaveReport", perm(authz.CreateReport, authz.Create),
			"Saves a new report of the grid's state", appstate.JSON(h.InsertReport)),
		R(P, "/saveReport/getSaveReport", view,
			"Opens one of the caller's saved reports, or a shared report read-only", appstate.JSON(h.GetReport)),
		R(P, "/saveReport/updateSaveReport", perm(authz.EditReport, authz.Update),
			"Saves a saved report's new state", appstate.JSON(h.UpdateReport)),
		R(P, "/saveReport/removeSaveReport", perm(authz.DeleteReport, authz.Delete),
			"Deletes a saved report and revokes its share links", appstate.JSON(h.RemoveReport)),
		R(G, "/saveReport/getAllSaveReports", view,
			"The caller's saved reports in the account, without their grid state", appstate.Query(h.AllReports)),
		R(P, "/saveReport/insertSaveReportForCopyLink", perm(authz.CreateReport, authz.Create),
			"A share link of a saved report, or of an unsaved one (30 days)", appstate.JSON(h.CopyLink)),
		R(P, "/saveReport/saveRemovedShareAs", perm(authz.CreateReport, authz.Create),
			"Save As on a shared report its owner removed: its saved state as a new report of the caller", appstate.JSON(h.SaveRemovedShareAs)),
		R(P, "/saveReport/updateScheduledReport", perm(authz.ScheduleReports, authz.Update),
			"Sets the weekdays and recipients a saved report is mailed to", appstate.JSON(h.UpdateSchedule)),
		R(P, "/saveReport/removeScheduledReport", perm(authz.ScheduleReports, authz.Delete),
			"Stops mailing a saved report", appstate.JSON(h.RemoveSchedule)),
		R(G, "/saveReport/getUsersEmailForScheduledReport", perm(authz.ScheduleReports, authz.Read),
			"The account's users a schedule can mail", appstate.Query(h.ScheduleRecipients)),
		R(P, "/system/sendShareLinkByMail", view,
			"Mails the sign-in link of one of the account's share links", appstate.JSON(h.SendShareLink)),

		R(G, "/scenarios", view, "The caller's scenarios with their reports, and the reports in none", appstate.Query(h.Scenarios)),
		R(P, "/scenarios", perm(authz.CreateReport, authz.Create), "Creates a scenario", appstate.JSON(h.CreateScenario)),
		R(PUT, "/scenarios/reorder", perm(authz.EditReport, authz.Update),
			"Puts the caller's scenarios in a new order", appstate.JSON(h.ReorderScenarios)),
		R(PUT, "/scenarios/associate", perm(authz.EditReport, authz.Update),
			"Moves a saved report into a scenario, or out of any", appstate.JSON(h.AssociateReport)),
		R(G, "/scenarios/:id", view, "One scenario with its reports", appstate.Query(h.GetScenario)),
		R(PATCH, "/scenarios/:id", perm(authz.EditReport, authz.Update), "Changes a scenario's fields", appstate.JSON(h.PatchScenario)),
		R(DEL, "/scenarios/:id", perm(authz.DeleteReport, authz.Delete),
			"Deletes a scenario; its reports move to none", appstate.Query(h.DeleteScenario)),

		R(G, "/labels/getAllLabels", view, "The account's labels", appstate.Query(h.AllLabels)),
		R(P, "/labels/insertNewLabels", anyOf(authz.LabelsAlerts, authz.Create), "Creates a label", appstate.JSON(h.InsertLabel)),
		R(P, "/labels/insertNewLabelsForProduct", anyOf(authz.LabelsAlerts, authz.Create),
			"Creates a label and puts it on the chosen products", appstate.JSON(h.InsertLabelForProducts)),
		R(P, "/labels/insertProductLabels", anyOf(authz.LabelsAlerts, authz.Update),
			"Puts a label on the chosen products", appstate.JSON(h.InsertProductLabels)),
		R(P, "/labels/removeLabelFromProduct", anyOf(authz.LabelsAlerts, authz.Delete),
			"Takes a label off products", appstate.JSON(h.RemoveLabelFromProduct)),
		R(P, "/labels/removeLabel", anyOf(authz.LabelsAlerts, authz.Delete),
			"Deletes a label and its assignments", appstate.JSON(h.RemoveLabel)),
		R(P, "/labels/addAlert", perm(authz.EditAlerts, authz.Create), "Creates or updates a competitor alert", appstate.JSON(h.AddAlert)),
		R(P, "/labels/removeAlert", perm(authz.EditAlerts, authz.Delete), "Deletes a competitor alert", appstate.JSON(h.RemoveAlert)),
		R(G, "/labels/getAllAlerts", perm(authz.EditAlerts, authz.Read), "The account's competitor alerts", appstate.Query(h.AllAlerts)),

		R(P, "/match_feedback/flagMatch", perm(authz.ManageReviewMatches, authz.Update),
			"Flags a competitor offer as a wrong match: left out of every comparison until resolved", appstate.JSON(h.FlagMatch)),
		R(P, "/match_feedback/unflagMatch", perm(authz.ManageReviewMatches, authz.Update),
			"Takes a wrong-match flag back", appstate.JSON(h.UnflagMatch)),
		R(P, "/match_feedback/resolveMatch", perm(authz.ManageReviewMatches, authz.Update),
			"Marks a wrong-match flag resolved by the data team", appstate.JSON(h.ResolveMatch)),
		R(G, "/match_feedback/getFlags", perm(authz.ManageReviewMatches, authz.Read),
			"The account's wrong-match flags, open first", appstate.Query(h.MatchFlags)),
		R(G, "/match_feedback/exportCsv", perm(authz.ManageReviewMatches, authz.Read),
			"The wrong-match flags as CSV for the data team (?status= open by default, resolved, or all)",
			route.Raw[struct{}, struct{}](h.ExportMatchFlags, "text/csv")),

		R(G, "/custom_reports", perm(authz.AdvancedTrendingCode, authz.Read),
			"The account's custom (embedded BI) reports", appstate.Query(h.CustomReports)),
		R(G, "/custom_reports/:id", perm(authz.AdvancedTrendingCode, authz.Read), "One custom report", appstate.Query(h.CustomReport)),
		R(P, "/custom_reports", perm(authz.ManageAppSettings, authz.Update),
			"An administrator adds a custom report (name, report or dashboard, embed address)", appstate.JSON(h.CreateCustomReport)),
		R(PATCH, "/custom_reports/:id", perm(authz.ManageAppSettings, authz.Update),
			"An administrator changes a custom report", appstate.JSON(h.UpdateCustomReport)),
		R(DEL, "/custom_reports/:id", perm(authz.ManageAppSettings, authz.Update),
			"An administrator removes a custom report", appstate.Query(h.DeleteCustomReport)),
		R(G, "/custom_reports/:id/embed", perm(authz.AdvancedTrendingCode, authz.Read),
			"A 10-minute signed token and the embed address of a custom report", appstate.Query(h.CustomReportEmbed)),
	}
}

// Routes are the routes of the access and app-state areas.
func Routes(s *Service, h *appstate.Handlers) []route.Route {
	return append(s.AccessRoutes(), AppRoutes(h)...)
}

// New builds the access service and the app-state handlers over the deps.
func New(d Deps) (*Service, *appstate.Handlers) {
	s := NewService(d)
	h := &appstate.Handlers{Store: s.Store, Perms: s, EmbedKeys: s.Tokens, Log: s.Log, Resolve: selectionResolver(d),
		PublicURL: d.Config.PublicURL}
	return s, h
}
