package load

import (
	"fmt"
	"io"
	"sort"
	"sync"
	"text/tabwriter"
	"time"
)

// recorder collects every request's outcome by call name; the sessions share it.
type recorder struct {
	mu     sync.Mutex
	calls  map[string]*series
	errors map[errorKey]int // distinct failures, to say what went wrong
}

type series struct {
	times                 []time.Duration
	err4xx, err5xx, fails int
}

// errorKey is one kind of failure of one call: its status (0 when no answer came) and message.
type errorKey struct {
	call    string
	status  int
	message string
}

// maxDistinctErrors bounds the failure samples kept, so a broken server cannot grow them without limit.
const maxDistinctErrors = 50

func newRecorder() *recorder {
	return &recorder{calls: map[string]*series{}, errors: map[errorKey]int{}}
}

// add records one request: status 0 means no answer (connection refused, timeout).
func (r *recorder) add(call string, status int, d time.Duration, message string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	s := r.calls[call]
	if s == nil {
		s = &series{}
		r.calls[call] = s
	}
	s.times = append(s.times, d)
	switch {
	case status == 0:
		s.fails++
	case status >= 500:
		s.err5xx++
	case status >= 400:
		s.err4xx++
	default:
		return
	}
	k := errorKey{call, status, message}
	if _, seen := r.errors[k]; seen || len(r.errors) < maxDistinctErrors {
		r.errors[k]++
	}
}

// CallStats is the outcome of one call over the whole run.
type CallStats struct {
	Call     string
	Requests int
	// Err4xx and Err5xx count answers with those statuses; Failed counts requests
	// that got no answer at all.
	Err4xx, Err5xx, Failed int
	P50, P95, Max          time.Duration
}

// Errors is every request that did not get a 2xx/3xx answer.
func (c CallStats) Errors() int { return c.Err4xx + c.Err5xx + c.Failed }

// ErrorSample is one kind of failure and how often it happened.
type ErrorSample struct {
	Call    string
	Status  int // 0: no answer
	Message string
	Count   int
}

// Report is the result of a run.
type Report struct {
	Sessions int
	Loops    int // loops completed, over all sessions
	Think    Think
	Elapsed  time.Duration
	Calls    []CallStats // by call name
	Total    CallStats
	Samples  []ErrorSample
}

// Failed reports whether the server answered any 5xx or left a request unanswered:
// the run's verdict (4xx are reported but are the answer to a request, not a fault).
func (r Report) Failed() bool { return r.Total.Err5xx > 0 || r.Total.Failed > 0 }

// Rate is the achieved request rate over the run (requests per second): with
// think time what the sessions asked of the server, without it what the server
// could answer.
func (r Report) Rate() float64 {
	if r.Elapsed <= 0 {
		return 0
	}
	return float64(r.Total.Requests) / r.Elapsed.Seconds()
}

func (r *recorder) report() Report {
	r.mu.Lock()
	defer r.mu.Unlock()
	var rep Report
	var all []time.Duration
	for name, s := range r.calls {
		rep.Calls = append(rep.Calls, summarize(name, s.times, s.err4xx, s.err5xx, s.fails))
		all = append(all, s.times...)
		rep.Total.Err4xx += s.err4xx
		rep.Total.Err5xx += s.err5xx
		rep.Total.Failed += s.fails
	}
	sort.Slice(rep.Calls, func(i, j int) bool { return rep.Calls[i].Call < rep.Calls[j].Call })
	rep.Total = summarize("total", all, rep.Total.Err4xx, rep.Total.Err5xx, rep.Total.Failed)
	for k, n := range r.errors {
		rep.Samples = append(rep.Samples, ErrorSample{Call: k.call, Status: k.status, Message: k.message, Count: n})
	}
	sort.Slice(rep.Samples, func(i, j int) bool {
		a, b := rep.Samples[i], rep.Samples[j]
		if a.Count != b.Count {
			return a.Count > b.Count
		}
		return a.Call+a.Message < b.Call+b.Message
	})
	return rep
}

func summarize(name string, times []time.Duration, e4, e5, fails int) CallStats {
	d := append([]time.Duration(nil), times...)
	sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
	c := CallStats{Call: name, Requests: len(d), Err4xx: e4, Err5xx: e5, Failed: fails}
	if len(d) > 0 {
		c.P50, c.P95, c.Max = Percentile(d, 50), Percentile(d, 95), d[len(d)-1]
	}
	return c
}

// Percentile is the nearest-rank percentile p (0 < p ≤ 100) of sorted durations:
// the smallest value that at least p% of the values do not exceed.
func Percentile(sorted []time.Duration, p float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	rank := int(p/100*float64(len(sorted)) + 0.999999999)
	rank = min(max(rank, 1), len(sorted))
	return sorted[rank-1]
}

// WriteTable prints one line per call and the total, then the kinds of failures.
func (r Report) WriteTable(out io.Writer) {
	tw := tabwriter.NewWriter(out, 0, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "call\trequests\terrors\t4xx\t5xx\tno answer\tp50 ms\tp95 ms\tmax ms\t")
	line := func(c CallStats) {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d\t%d\t%s\t%s\t%s\t\n", c.Call, c.Requests, c.Errors(), c.Err4xx, c.Err5xx, c.Failed,
			millis(c.P50), millis(c.P95), millis(c.Max))
	}
	for _, c := range r.Calls {
		line(c)
	}
	line(r.Total)
	tw.Flush()
	if rate := r.Rate(); rate > 0 {
		fmt.Fprintf(out, "%d sessions, think time %s, %d loops in %s: %.1f requests/s achieved (%.2f per session)\n", r.Sessions, r.Think, r.Loops,
			r.Elapsed.Round(100*time.Millisecond), rate, rate/float64(max(r.Sessions, 1)))
	}
	if len(r.Samples) > 0 {
		fmt.Fprintln(out, "failures:")
		for _, s := range r.Samples {
			status := fmt.Sprint(s.Status)
			if s.Status == 0 {
				status = "no answer"
			}
			fmt.Fprintf(out, "  %dx %s: %s %s\n", s.Count, s.Call, status, s.Message)
		}
	}
}

func millis(d time.Duration) string { return fmt.Sprintf("%.1f", float64(d)/float64(time.Millisecond)) }
