package bench

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"pricelens/report"
)

// reportProbe asks one report through the API and says whether it shows the
// load bench-freshness made: the reports beside the grid must show a load within
// the same 10 s (issue 30), so each is asked before the load and again once the
// grid shows it.
type reportProbe struct {
	name string
	// ask answers the report's answer in a form shows compares.
	ask func(ctx context.Context, client *http.Client, base string) (string, error)
	// shows reports whether now (an answer after the load) shows it, given the
	// answer before it.
	shows func(before, now string) bool
}

// reportProbes are the reports a load of new scans at `at` (the newest of the
// account, at prices its products had not) must change:
//   - the real-time view's first block (every competitor, newest first) starts
//     with a scan of the load's time;
//   - the scan summary's last scan is the load's for every competitor;
//   - the insights panel's numbers and the assortment report by competitor
//     change (the new prices move products' market buckets and price-change
//     counts, and the new pairs the found counts); nothing else changes them on
//     a quiet bench database within the minute the probe waits.
func reportProbes(at time.Time) []reportProbe {
	changed := func(before, now string) bool { return now != before }
	return []reportProbe{
		{name: "real-time view (first block)", ask: func(ctx context.Context, client *http.Client, base string) (string, error) {
			var blk struct {
				Rows []map[string]any `json:"rows"`
			}
			if err := askJSON(ctx, client, http.MethodPost, base+"/tabular/getConditionsDataForRealTime", `{"competitorsId":[],"offset":0}`, &blk); err != nil {
				return "", err
			}
			if len(blk.Rows) == 0 {
				return "", nil
			}
			return fmt.Sprint(blk.Rows[0]["seen_at"]), nil
		}, shows: func(_, now string) bool {
			t, err := time.Parse(time.RFC3339, now)
			return err == nil && !t.Before(at)
		}},
		{name: "scan summary (last scan per competitor)", ask: func(ctx context.Context, client *http.Client, base string) (string, error) {
			var sum report.ScanSummary
			if err := askJSON(ctx, client, http.MethodGet, base+"/tabular/pricing", "", &sum); err != nil {
				return "", err
			}
			for _, c := range sum.Competitors {
				if c.LastScan == nil || c.LastScan.Before(at) {
					return "older", nil
				}
			}
			return "current", nil
		}, shows: func(_, now string) bool { return now == "current" }},
		{name: "insights panel", ask: func(ctx context.Context, client *http.Client, base string) (string, error) {
			var v json.RawMessage
			err := askJSON(ctx, client, http.MethodGet, base+"/v1/insights/pricing", "", &v)
			return string(v), err
		}, shows: changed},
		{name: "assortment by competitor", ask: func(ctx context.Context, client *http.Client, base string) (string, error) {
			var v json.RawMessage
			err := askJSON(ctx, client, http.MethodPost, base+"/assortment/getConditionsData",
				`{"tableName":"assortment","data":{"report_type":"assortment","startRow":0,"limit":100}}`, &v)
			return string(v), err
		}, shows: changed},
	}
}

// askJSON asks url and decodes a 200 answer into v.
func askJSON(ctx context.Context, client *http.Client, method, url, body string, v any) error {
	b, err := askBody(ctx, client, method, url, body)
	if err != nil {
		return err
	}
	return json.Unmarshal(b, v)
}

// probeReports asks every probe until it shows the load, for at most wait, and
// reports when each first did, measured from start.
func probeReports(ctx context.Context, client *http.Client, base string, probes []reportProbe, before []string, start time.Time, wait time.Duration) []string {
	out := make([]string, len(probes))
	left := len(probes)
	for deadline := time.Now().Add(wait); left > 0 && time.Now().Before(deadline); {
		for i, p := range probes {
			if out[i] != "" {
				continue
			}
			now, err := p.ask(ctx, client, base)
			switch {
			case err != nil:
				out[i], left = fmt.Sprintf("%s: failed: %v", p.name, err), left-1
			case p.shows(before[i], now):
				out[i], left = fmt.Sprintf("%s: showed the load %.1fs after it started (target 10 s)", p.name, time.Since(start).Seconds()), left-1
			}
		}
		if left > 0 {
			time.Sleep(time.Second)
		}
	}
	for i, p := range probes {
		if out[i] == "" {
			out[i] = fmt.Sprintf("%s: did NOT show the load within %s of the grid", p.name, wait)
		}
	}
	return out
}
