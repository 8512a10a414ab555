package load

import (
	"bytes"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func ms(n int) time.Duration { return time.Duration(n) * time.Millisecond }

func TestPercentileIsTheNearestRank(t *testing.T) {
	var d []time.Duration
	for i := 1; i <= 20; i++ {
		d = append(d, ms(i))
	}
	assert.Equal(t, ms(10), Percentile(d, 50))
	assert.Equal(t, ms(19), Percentile(d, 95)) // 19 of 20 values are at most 19 ms
	assert.Equal(t, ms(20), Percentile(d, 100))
	assert.Equal(t, ms(1), Percentile(d, 1))
	assert.Equal(t, ms(7), Percentile([]time.Duration{ms(7)}, 95))
	assert.Equal(t, time.Duration(0), Percentile(nil, 95))
}

func TestReportCountsErrorsPerCallAndFailsOnlyOn5xxOrNoAnswer(t *testing.T) {
	r := newRecorder()
	for i := 1; i <= 100; i++ {
		r.add("tabular/getCountOfRow", 200, ms(i), "")
	}
	r.add("auth (sign-in)", 200, ms(80), "")
	r.add("saveReport/insertSaveReport", 400, ms(3), "bad_request: Report name can't be empty.")
	r.add("saveReport/insertSaveReport", 400, ms(4), "bad_request: Report name can't be empty.")
	rep := r.report()

	require.Len(t, rep.Calls, 3)
	assert.Equal(t, "auth (sign-in)", rep.Calls[0].Call) // sorted by name
	count := rep.Calls[2]
	assert.Equal(t, CallStats{Call: "tabular/getCountOfRow", Requests: 100, P50: ms(50), P95: ms(95), Max: ms(100)}, count)
	assert.Equal(t, 2, rep.Calls[1].Err4xx)
	assert.Equal(t, 103, rep.Total.Requests)
	assert.Equal(t, 2, rep.Total.Errors())
	assert.Equal(t, []ErrorSample{{Call: "saveReport/insertSaveReport", Status: 400, Message: "bad_request: Report name can't be empty.", Count: 2}}, rep.Samples)
	assert.False(t, rep.Failed(), "4xx are answers, not faults")

	var out bytes.Buffer
	rep.WriteTable(&out)
	assert.Regexp(t, `tabular/getCountOfRow\s+100\s+0\s+0\s+0\s+0\s+50\.0\s+95\.0\s+100\.0`, out.String())
	assert.Regexp(t, `total\s+103\s+2\s+2\s+0\s+0`, out.String())
	assert.Contains(t, out.String(), "2x saveReport/insertSaveReport: 400 bad_request: Report name can't be empty.")

	// The achieved request rate, in all and per session, with the think time.
	rep.Sessions, rep.Elapsed, rep.Think = 2, 10*time.Second, Think{2 * time.Second, 10 * time.Second}
	assert.InDelta(t, 10.3, rep.Rate(), 1e-9)
	out.Reset()
	rep.WriteTable(&out)
	assert.Contains(t, out.String(), "2 sessions, think time 2s-10s, 0 loops in 10s: 10.3 requests/s achieved (5.15 per session)")

	r.add("tabular/getConditionsData (group)", 500, ms(9), "internal: An unexpected error occurred")
	assert.True(t, r.report().Failed())
	r = newRecorder()
	r.add("account/getAccountData", 0, ms(60000), "context deadline exceeded")
	assert.True(t, r.report().Failed(), "a request without an answer fails the run")
}

func TestOnlyLoopbackAddressesAreAccepted(t *testing.T) {
	for _, ok := range []string{"http://127.0.0.1:8080", "http://localhost:8080/", "http://[::1]:8080", "http://127.0.0.2:9000"} {
		_, err := checkLoopback(ok)
		assert.NoError(t, err, ok)
	}
	for _, bad := range []string{"http://10.0.0.1:8080", "http://example.com", "https://127.0.0.1:8443", "127.0.0.1:8080", "http://localhost.example.com:80"} {
		_, err := checkLoopback(bad)
		assert.Error(t, err, bad)
	}
}
