// Package availability keeps a frozen database from holding every request that
// needs it until the request deadline. A Guard watches one database for the calls
// that go to it: a call that takes longer than SuspectAfter, or fails with a
// network error, makes it probe the database on a connection of its own; when the
// probe gets no answer within ProbeTimeout the database is down, every call in
// flight to it is cancelled (its caller answers 503 naming the database) and every
// new one fails at once, while the guard probes again every RetryEvery until the
// database answers. Nothing is probed while calls return in time, so a healthy
// server pays only a timer per call.
package availability

import (
	"context"
	"errors"
	"net"
	"sync"
	"sync/atomic"
	"time"
)

// Defaults: a call to a frozen database answers within SuspectAfter +
// ProbeTimeout (4 s); later calls answer at once; a database that comes back is
// used again within RetryEvery + the time of one probe.
const (
	DefaultSuspectAfter = 2 * time.Second
	DefaultProbeTimeout = 2 * time.Second
	DefaultRetryEvery   = 500 * time.Millisecond
)

// DownError is the error of a call to a database that does not answer.
type DownError struct{ Service string }

func (e *DownError) Error() string {
	return e.Service + " is not available right now. Please try again in a few minutes."
}

// Guard watches one database. The zero value is not usable: use New.
type Guard struct {
	Service                                string // as users read it: "ClickHouse", "PostgreSQL"
	SuspectAfter, ProbeTimeout, RetryEvery time.Duration

	probe func(context.Context) error
	// answered is when a call last succeeded (Unix nanoseconds): a probe that
	// times out while calls still succeed met a busy database, not a frozen one.
	answered atomic.Int64

	mu       sync.Mutex
	down     bool
	probing  bool
	checked  time.Time          // the end of the last probe that answered
	trip     context.Context    // cancelled when the database is found down
	tripStop context.CancelFunc // cancels trip
}

// New returns the guard of service, which probe checks on a connection of its own
// (never one of the pool the calls use: a pool busy with long reports must not
// look like a database that is down).
func New(service string, probe func(context.Context) error) *Guard {
	g := &Guard{Service: service, SuspectAfter: DefaultSuspectAfter, ProbeTimeout: DefaultProbeTimeout,
		RetryEvery: DefaultRetryEvery, probe: probe}
	g.trip, g.tripStop = context.WithCancel(context.Background())
	return g
}

// Down reports whether the database is known not to answer.
func (g *Guard) Down() bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.down
}

// Enter starts a call: a *DownError at once while the database is down;
// otherwise the call's context, cancelled if the database is found down during
// the call, and leave, which the caller calls when the call is over.
func (g *Guard) Enter(ctx context.Context) (context.Context, func(), error) {
	g.mu.Lock()
	if g.down {
		g.mu.Unlock()
		return ctx, func() {}, &DownError{Service: g.Service}
	}
	trip := g.trip
	g.mu.Unlock()
	cctx, cancel := context.WithCancelCause(ctx)
	stopTrip := context.AfterFunc(trip, func() { cancel(&DownError{Service: g.Service}) })
	slow := time.AfterFunc(g.SuspectAfter, g.Suspect)
	return cctx, func() {
		slow.Stop()
		stopTrip()
		cancel(nil)
	}, nil
}

// Err is the error a call made under ctx (from Enter) returns for err: a
// *DownError when the guard cancelled it; err otherwise. A network error makes
// the guard probe.
func (g *Guard) Err(ctx context.Context, err error) error {
	if err == nil {
		g.answered.Store(time.Now().UnixNano())
		return nil
	}
	var down *DownError
	if errors.As(context.Cause(ctx), &down) {
		return down
	}
	var ne net.Error
	if errors.As(err, &ne) || errors.Is(err, net.ErrClosed) {
		g.Suspect()
	}
	return err
}

// Suspect probes the database unless a probe is under way or one answered within
// the last RetryEvery.
func (g *Guard) Suspect() {
	g.mu.Lock()
	if g.probing || g.down || time.Since(g.checked) < g.RetryEvery {
		g.mu.Unlock()
		return
	}
	g.probing = true
	g.mu.Unlock()
	go func() {
		defer func() { g.mu.Lock(); g.probing = false; g.mu.Unlock() }()
		_ = g.Probe(context.Background()) // what it finds is recorded
	}()
}

// Probe checks the database now (within ProbeTimeout) and records what it found:
// no answer trips the guard (unless calls succeeded meanwhile: busy, not down), an
// answer clears it. /api/health calls it too.
func (g *Guard) Probe(ctx context.Context) error {
	start := time.Now().UnixNano()
	ctx, cancel := context.WithTimeout(ctx, g.ProbeTimeout)
	defer cancel()
	err := g.probe(ctx)
	if err != nil && g.answered.Load() > start {
		return nil
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	switch {
	case err == nil && g.down:
		g.down, g.checked = false, time.Now()
		g.trip, g.tripStop = context.WithCancel(context.Background())
	case err == nil:
		g.checked = time.Now()
	case !g.down:
		g.down = true
		g.tripStop()
		go g.retry()
	}
	return err
}

// retry probes every RetryEvery until the database answers.
func (g *Guard) retry() {
	for {
		time.Sleep(g.RetryEvery)
		if g.Probe(context.Background()) == nil {
			return
		}
	}
}
