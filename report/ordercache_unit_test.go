package report

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The cache's own rules, without a database: one computation per key however
// many ask at once, the size bound kept by dropping the least recently used, and
// a computation that failed for its own caller (a client gone) computed again
// for the others.
func TestOrderCacheRules(t *testing.T) {
	ctx := context.Background()
	ids := func(n int) []string { return make([]string, n) }
	size := func(v []string) int { return len(v) }

	c := newOrderCache(10, time.Minute)
	var calls atomic.Int32
	var wg sync.WaitGroup
	for range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			v, err := cached(ctx, c, "k", size, func(context.Context) ([]string, error) {
				calls.Add(1)
				time.Sleep(20 * time.Millisecond)
				return ids(4), nil
			})
			assert.NoError(t, err)
			assert.Len(t, v, 4)
		}()
	}
	wg.Wait()
	assert.Equal(t, int32(1), calls.Load(), "twenty asks, one computation")

	for i := range 5 { // 4 ids each: the bound of 10 keeps the two newest
		_, err := cached(ctx, c, fmt.Sprint("n", i), size, func(context.Context) ([]string, error) { return ids(4), nil })
		require.NoError(t, err)
	}
	assert.LessOrEqual(t, c.size, 10)
	assert.Equal(t, c.lru.Len(), len(c.entries), "no entry outside the map")
	assert.NotContains(t, c.entries, "k", "the least recently used went first")
	assert.Contains(t, c.entries, "n4")

	gone := errors.New("client gone")
	started := make(chan struct{})
	var second []string
	var secondErr error
	done := make(chan struct{})
	go func() {
		<-started
		second, secondErr = cached(ctx, c, "f", size, func(context.Context) ([]string, error) { return ids(2), nil })
		close(done)
	}()
	_, err := cached(ctx, c, "f", size, func(context.Context) ([]string, error) {
		close(started)
		time.Sleep(20 * time.Millisecond)
		return nil, gone
	})
	assert.ErrorIs(t, err, gone)
	<-done
	require.NoError(t, secondErr, "the waiter computes it again")
	assert.Len(t, second, 2)
}
