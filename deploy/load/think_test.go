package load

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseThink(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Think
	}{
		{"", Think{}},
		{"none", Think{}},
		{" None ", Think{}},
		{"2s-10s", Think{2 * time.Second, 10 * time.Second}},
		{"500ms - 1.5s", Think{500 * time.Millisecond, 1500 * time.Millisecond}},
		{"5s", Think{5 * time.Second, 5 * time.Second}},
		{"0s-1s", Think{0, time.Second}},
	} {
		got, err := ParseThink(tc.in)
		require.NoError(t, err, tc.in)
		assert.Equal(t, tc.want, got, tc.in)
	}
	for _, tc := range []struct{ in, says string }{
		{"10s-2s", "runs backwards: write the shorter pause first"},
		{"2-10", "is not a pause: write none, one duration (5s) or a range (2s-10s)"},
		{"2s-", "is not a pause"},
		{"-2s", "is not a pause"},
		{"2s-10s-20s", "is not a pause"},
		{"soon", "is not a pause"},
	} {
		_, err := ParseThink(tc.in)
		require.Error(t, err, tc.in)
		assert.Contains(t, err.Error(), tc.says, tc.in)
	}
	assert.Equal(t, "none", Think{}.String())
	assert.Equal(t, "2s-10s", Think{2 * time.Second, 10 * time.Second}.String())
	assert.Equal(t, "5s", Think{5 * time.Second, 5 * time.Second}.String())
}

func draws(th *thinker, n int) []time.Duration {
	out := make([]time.Duration, n)
	for i := range out {
		out[i] = th.next()
	}
	return out
}

// The pauses are seeded: the same seed and session draw the same pauses, another
// session or seed others; all of them in the range, spread over it.
func TestThinkTimesAreSeededAndInRange(t *testing.T) {
	think := Think{2 * time.Second, 10 * time.Second}
	a := draws(newThinker(think, 1, 3, time.Time{}), 1000)
	assert.Equal(t, a, draws(newThinker(think, 1, 3, time.Time{}), 1000), "same seed, same session: same pauses")
	assert.NotEqual(t, a, draws(newThinker(think, 1, 4, time.Time{}), 1000), "another session pauses otherwise")
	assert.NotEqual(t, a, draws(newThinker(think, 2, 3, time.Time{}), 1000), "another seed pauses otherwise")
	var sum time.Duration
	lo, hi := think.Max, think.Min
	for _, d := range a {
		require.True(t, d >= think.Min && d <= think.Max, "%s outside %s", d, think)
		sum += d
		lo, hi = min(lo, d), max(hi, d)
	}
	mean := sum / time.Duration(len(a))
	assert.InDelta(t, 6.0, mean.Seconds(), 0.4, "uniform over 2s-10s: the mean is near 6s")
	assert.Less(t, lo, 2500*time.Millisecond, "the short end is reached")
	assert.Greater(t, hi, 9500*time.Millisecond, "the long end is reached")

	fixed := draws(newThinker(Think{5 * time.Second, 5 * time.Second}, 1, 0, time.Time{}), 3)
	assert.Equal(t, []time.Duration{5 * time.Second, 5 * time.Second, 5 * time.Second}, fixed)
}

// A pause never outlasts the run: it ends at the deadline and says the run is over;
// without think time there is no pause and the deadline does not cut a loop short.
func TestPauseEndsAtTheDeadline(t *testing.T) {
	ctx := context.Background()
	th := newThinker(Think{time.Hour, time.Hour}, 1, 0, time.Now().Add(50*time.Millisecond))
	start := time.Now()
	assert.False(t, th.pause(ctx), "the deadline passed during the pause")
	assert.Less(t, time.Since(start), 10*time.Second, "the pause was cut at the deadline, not an hour")

	th = newThinker(Think{time.Millisecond, 2 * time.Millisecond}, 1, 0, time.Now().Add(time.Hour))
	assert.True(t, th.pause(ctx))

	none := newThinker(Think{}, 1, 0, time.Now().Add(-time.Second))
	assert.True(t, none.pause(ctx), "back to back: the loop in progress finishes")
	stopped, cancel := context.WithCancel(ctx)
	cancel()
	assert.False(t, none.pause(stopped), "an interrupted run stops")
	assert.False(t, newThinker(Think{time.Hour, time.Hour}, 1, 0, time.Now().Add(time.Hour)).pause(stopped))
}
