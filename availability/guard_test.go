package availability

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// frozen is a probe of a server that answers while up is set and otherwise
// hangs until the probe's deadline, as a stopped process does.
func frozen(up *atomic.Bool) func(context.Context) error {
	return func(ctx context.Context) error {
		if up.Load() {
			return nil
		}
		<-ctx.Done()
		return ctx.Err()
	}
}

func fast(g *Guard) *Guard {
	g.SuspectAfter, g.ProbeTimeout, g.RetryEvery = 50*time.Millisecond, 50*time.Millisecond, 20*time.Millisecond
	return g
}

// A call in flight when the database freezes is cancelled with a DownError
// after SuspectAfter + ProbeTimeout; new calls fail at once; once the database
// answers again, calls go through.
func TestGuardTripsCancelsAndRecovers(t *testing.T) {
	var up atomic.Bool
	g := fast(New("ClickHouse", frozen(&up)))

	ctx, leave, err := g.Enter(context.Background())
	require.NoError(t, err)
	start := time.Now()
	<-ctx.Done() // the call hangs on the frozen server
	var down *DownError
	require.ErrorAs(t, g.Err(ctx, ctx.Err()), &down)
	assert.Equal(t, "ClickHouse is not available right now. Please try again in a few minutes.", down.Error())
	assert.Less(t, time.Since(start), time.Second)
	leave()
	assert.True(t, g.Down())

	_, _, err = g.Enter(context.Background())
	require.ErrorAs(t, err, &down, "known down: refused at once")

	up.Store(true)
	require.Eventually(t, func() bool { return !g.Down() }, time.Second, 5*time.Millisecond, "the retry finds it back")
	ctx, leave, err = g.Enter(context.Background())
	require.NoError(t, err)
	assert.NoError(t, g.Err(ctx, nil))
	leave()
}

// A probe that times out while other calls keep succeeding met a busy server,
// not a frozen one: nothing is cancelled.
func TestGuardBusyIsNotDown(t *testing.T) {
	var up atomic.Bool
	g := fast(New("PostgreSQL", frozen(&up)))
	ctx, leave, err := g.Enter(context.Background())
	require.NoError(t, err)
	defer leave()
	stop := make(chan struct{})
	go func() { // other calls answer meanwhile
		for {
			select {
			case <-stop:
				return
			case <-time.After(5 * time.Millisecond):
				c, l, err := g.Enter(context.Background())
				if err == nil {
					_ = g.Err(c, nil)
					l()
				}
			}
		}
	}()
	time.Sleep(300 * time.Millisecond)
	close(stop)
	assert.NoError(t, ctx.Err(), "the slow call goes on")
	assert.False(t, g.Down())
}

// Calls that return in time never probe.
func TestGuardProbesOnlyWhenSuspect(t *testing.T) {
	var probes atomic.Int32
	g := fast(New("ClickHouse", func(context.Context) error { probes.Add(1); return nil }))
	for i := 0; i < 20; i++ {
		ctx, leave, err := g.Enter(context.Background())
		require.NoError(t, err)
		_ = g.Err(ctx, errors.New("a query error is not an outage"))
		leave()
	}
	time.Sleep(100 * time.Millisecond)
	assert.Zero(t, probes.Load())
}
