// Package load is the bounded load generator of `make load`: N browser sessions
// that sign in through the real API and, for a fixed time, repeat the calls the
// webapp makes on the report screens (account data, column definitions, table and
// group blocks with sort, filter and search, counts, tooltips, filter values,
// labels, the saved-reports page, and a report saved, updated and deleted again),
// the trend screen and the product page's trend, the insights page, the pricer's
// results and an export started and followed to its end. With a think time each
// session pauses between a user's actions, as people do; without, it runs them
// back to back. It speaks HTTP only, as the webapp does, and reports requests,
// errors and latency per call.
//
// It is for this machine's own server: it refuses any address that is not loopback.
package load

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"sync"
	"time"
)

// Options of a run.
type Options struct {
	// BaseURL is the server, e.g. http://127.0.0.1:8080 (loopback only).
	BaseURL string
	// Email and Password sign in every session (the same user may hold many sessions;
	// only failed sign-ins count towards the throttle).
	Email, Password string
	Sessions        int
	// Duration bounds the run: no session starts a loop after it.
	Duration time.Duration
	// Loops bounds each session's loops as well (0: 1000).
	Loops int
	// Think is the pause between a user's actions (zero: none, back to back).
	Think Think
	// Seed seeds the think times (each session draws from its own source, seeded
	// by Seed and its index): the same seed gives the same pauses.
	Seed uint64
	// AccountID is the account every session selects (0: the sessions take turns
	// over the user's accounts).
	AccountID int64
	// Progress receives one line when the sessions start (nil: discarded).
	Progress io.Writer
}

// Run signs the sessions in, runs them until the duration or the loop bound is
// reached, and returns the report. It fails without a report only when the run
// could not start (a bad address, or the first sign-in refused).
func Run(ctx context.Context, o Options) (Report, error) {
	base, err := checkLoopback(o.BaseURL)
	if err != nil {
		return Report{}, err
	}
	if o.Sessions < 1 {
		return Report{}, errors.New("at least one session is needed")
	}
	if o.Duration <= 0 {
		return Report{}, errors.New("the duration must be positive")
	}
	if o.Loops <= 0 {
		o.Loops = 1000
	}
	if o.Progress == nil {
		o.Progress = io.Discard
	}
	rec := newRecorder()
	// One transport for all sessions, with enough idle connections that every
	// session finds a kept-alive one, as a browser would.
	transport := &http.Transport{MaxIdleConns: o.Sessions * 2, MaxIdleConnsPerHost: o.Sessions * 2, IdleConnTimeout: 90 * time.Second}
	defer transport.CloseIdleConnections()

	// One sign-in first: a wrong password then costs one failed attempt, not one per session.
	first := newClient(base, rec, transport)
	if err := first.signIn(ctx, o.Email, o.Password); err != nil {
		var se statusError
		if errors.As(err, &se) && se.status == http.StatusUnauthorized {
			return Report{}, fmt.Errorf("sign-in as %s at %s: %w (is PRICELENS_ADMIN_PASSWORD that user's password?)", o.Email, base, err)
		}
		return Report{}, fmt.Errorf("sign-in as %s at %s: %w", o.Email, base, err)
	}
	fmt.Fprintf(o.Progress, "%d sessions as %s against %s for %s (at most %d loops each, think time %s, seed %d)…\n",
		o.Sessions, o.Email, base, o.Duration, o.Loops, o.Think, o.Seed)

	// The other sessions sign in one after another, as people arriving do: the
	// sign-in throttle counts attempts in flight from one address, so fifty
	// password checks at the same instant from one address would be refused.
	clients := []*client{first}
	for i := 1; i < o.Sessions && ctx.Err() == nil; i++ {
		c := newClient(base, rec, transport)
		if c.signIn(ctx, o.Email, o.Password) == nil { // a failure is recorded; that session cannot go on
			clients = append(clients, c)
		}
	}

	t0 := time.Now()
	deadline := t0.Add(o.Duration)
	var wg sync.WaitGroup
	loops := make([]int, len(clients))
	for i, c := range clients {
		wg.Add(1)
		go func(i int, c *client) {
			defer wg.Done()
			s := &session{c: c, index: i, account: o.AccountID, th: newThinker(o.Think, o.Seed, i, deadline)}
			if s.open(ctx) != nil {
				return
			}
			for n := 0; n < o.Loops && time.Now().Before(deadline) && ctx.Err() == nil; n++ {
				if s.loop(ctx, n) {
					loops[i]++
				}
			}
		}(i, c)
	}
	wg.Wait()
	rep := rec.report()
	rep.Sessions, rep.Elapsed, rep.Think = o.Sessions, time.Since(t0), o.Think
	for _, n := range loops {
		rep.Loops += n
	}
	return rep, ctx.Err()
}
