package load

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"time"
)

// Think is the pause a person takes between two actions: a duration drawn
// uniformly from [Min, Max]. The zero Think pauses not at all (today's
// back-to-back load, which measures throughput rather than people).
type Think struct {
	Min, Max time.Duration
}

// None reports whether the sessions run without pauses.
func (t Think) None() bool { return t.Max == 0 }

func (t Think) String() string {
	switch {
	case t.None():
		return "none"
	case t.Min == t.Max:
		return t.Min.String()
	}
	return t.Min.String() + "-" + t.Max.String()
}

// ParseThink reads LOAD_THINK: "" or "none" (no pause), one duration ("5s": always
// that long) or a range of two ("2s-10s"). Each end is a Go duration; the range
// must not run backwards.
func ParseThink(s string) (Think, error) {
	s = strings.TrimSpace(s)
	if s == "" || strings.EqualFold(s, "none") {
		return Think{}, nil
	}
	lo, hi, isRange := strings.Cut(s, "-")
	if !isRange {
		hi = lo
	}
	var t Think
	var err error
	if t.Min, err = time.ParseDuration(strings.TrimSpace(lo)); err != nil {
		return Think{}, thinkError(s)
	}
	if t.Max, err = time.ParseDuration(strings.TrimSpace(hi)); err != nil {
		return Think{}, thinkError(s)
	}
	switch {
	case t.Min < 0 || t.Max < 0:
		return Think{}, thinkError(s)
	case t.Min > t.Max:
		return Think{}, fmt.Errorf("the think time %q runs backwards: write the shorter pause first (e.g. 2s-10s)", s)
	}
	return t, nil
}

func thinkError(s string) error {
	return fmt.Errorf("the think time %q is not a pause: write none, one duration (5s) or a range (2s-10s)", s)
}

// thinker draws one session's pauses. Each session has its own source, seeded by
// the run's seed and the session's index, so a run with the same seed pauses the
// same way whatever the order the sessions happen to run in.
type thinker struct {
	t        Think
	rnd      *rand.Rand
	deadline time.Time
}

func newThinker(t Think, seed uint64, session int, deadline time.Time) *thinker {
	return &thinker{t: t, rnd: rand.New(rand.NewPCG(seed, uint64(session))), deadline: deadline}
}

// next is the next pause, uniform in [Min, Max].
func (th *thinker) next() time.Duration {
	if th.t.Max <= th.t.Min {
		return th.t.Min
	}
	return th.t.Min + time.Duration(th.rnd.Int64N(int64(th.t.Max-th.t.Min)+1))
}

// pause waits the next think time between two actions. It reports false when the
// run is over (the deadline passed during the pause, or the run was interrupted):
// the session then starts no further action. Without think time it never waits
// and only ends a loop on interruption, as the back-to-back load always did.
func (th *thinker) pause(ctx context.Context) bool {
	if th.t.None() {
		return ctx.Err() == nil
	}
	return th.wait(ctx, min(th.next(), max(time.Until(th.deadline), 0)))
}

// wait sleeps d (cut short by an interruption) and reports whether the session
// may go on (see running).
func (th *thinker) wait(ctx context.Context, d time.Duration) bool {
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-timer.C:
	}
	return th.running(ctx)
}

// running reports whether the session may start another action: not when the run
// was interrupted, nor with think time past the deadline (people leave mid-loop;
// the back-to-back load finishes the loop it is in, as it always did).
func (th *thinker) running(ctx context.Context) bool {
	return ctx.Err() == nil && (th.t.None() || time.Now().Before(th.deadline))
}
