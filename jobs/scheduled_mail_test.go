package jobs

import (
	"strings"
	"testing"
	"time"

	"pricelens/store"
)

// TestScheduledMailAttachesUpTo10MB: a CSV of exactly 10 MB is attached; one
// byte more and the mail carries the export's download link instead, and says why.
func TestScheduledMailAttachesUpTo10MB(t *testing.T) {
	r := store.ScheduledReport{ID: 7, Name: `Brands / "weekly"`}
	day := time.Date(2026, 11, 23, 0, 0, 0, 0, time.UTC)
	to := []string{"a@pricelens.test"}

	m := scheduledMail(r, day, to, "export_ab", "/data/exports/1/export_ab.csv", 10<<20, "")
	if len(m.Attachments) != 1 || m.Attachments[0].Path != "/data/exports/1/export_ab.csv" ||
		m.Attachments[0].Filename != "Brands _ _weekly_ 2026-11-23.csv" || m.Detail["link"] != nil {
		t.Fatalf("10 MB: %+v", m)
	}

	link := "https://pricelens.example/api/tabular/downloadScheduledCsv?token=abc"
	m = scheduledMail(r, day, to, "export_ab", "/data/exports/1/export_ab.csv", 10<<20+1, link)
	if len(m.Attachments) != 0 || m.Detail["link"] != link || !strings.Contains(m.Body, link) ||
		!strings.Contains(m.Body, "too large to attach (10.0 MB; at most 10 MB are attached)") {
		t.Fatalf("10 MB + 1: %+v", m)
	}
	if m.Subject != `Scheduled report: Brands / "weekly" (Monday, 23 November 2026)` {
		t.Fatalf("subject %q", m.Subject)
	}
}
