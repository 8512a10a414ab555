package load

import (
	"context"
	"fmt"
	"net/http"
	"time"
)

// The export of the mix, as the Exporting dialog does it (webapp/src/components/ExportDialog.tsx):
// start, read the state once, poll it every second until it ends, for at most a
// minute. The file is not downloaded: the load measures the calls, not the transfer.
const (
	exportPoll   = time.Second
	exportGiveUp = time.Minute
	// exportPollBackToBack is the poll without think time: no person is waiting,
	// but the export still takes its time and is not asked about in a busy loop.
	exportPollBackToBack = 100 * time.Millisecond
	// exportRows is how many rows of the first block the user selects to export:
	// 50 people each exporting a million products every few minutes is not a day's use.
	exportRows = 20
)

// exportState is the part of an export's state the session reads.
type exportState struct {
	Status string `json:"status"`
}

// live reports whether the export is still queued or running.
func (e exportState) live() bool { return e.Status == "queued" || e.Status == "running" }

// export: the table's rows the user selected (the first block's first rows, in the
// table's filter and sort) exported as CSV and followed to the end. An export still
// running after the dialog's polls, or when the run ends, is cancelled, so a run
// leaves no export job behind.
func (s *session) export(ctx context.Context, n int, vis []string, rows []obj) bool {
	if len(vis) == 0 || len(rows) == 0 {
		return true
	}
	if !s.th.pause(ctx) {
		return false
	}
	ids := make([]string, 0, exportRows)
	for _, r := range rows[:min(exportRows, len(rows))] {
		ids = append(ids, fmt.Sprint(r["id"]))
	}
	cond := condition(tableReport, vis)
	cond["sort"] = []obj{{"colId": "price", "sort": []string{"desc", "asc"}[n%2]}}
	var started struct {
		Name string `json:"exportReportName"`
	}
	if s.c.call(ctx, "tabular/exportDataToCsv", http.MethodPost, "/tabular/exportDataToCsv",
		obj{"condition": cond, "selectAll": false, "toggledNodes": ids}, &started) != nil {
		return true
	}
	name := obj{"reportName": started.Name}
	var st exportState
	if s.c.call(ctx, "tabular/initialExportProcess", http.MethodPost, "/tabular/initialExportProcess", name, &st) != nil {
		return true
	}
	every := exportPoll
	if s.th.t.None() {
		every = exportPollBackToBack
	}
	polls := 0
	for ; st.live() && polls < int(exportGiveUp/every) && s.th.wait(ctx, every); polls++ {
		if s.c.call(ctx, "tabular/getExportStatus", http.MethodPost, "/tabular/getExportStatus", name, &st) != nil {
			return true
		}
	}
	if st.live() {
		// The dialog gave up, or the run ended: cancel the export (also when the run
		// is interrupted). A run that ended between two polls asks once more first,
		// so that an export that finished meanwhile is not cancelled (a 409).
		always := context.WithoutCancel(ctx)
		if polls == int(exportGiveUp/every) || s.c.call(always, "tabular/getExportStatus", http.MethodPost, "/tabular/getExportStatus", name, &st) == nil && st.live() {
			_ = s.c.call(always, "system/abortExport", http.MethodPost, "/system/abortExport", name, nil)
		}
	}
	return s.th.running(ctx)
}
