package report

import (
	"container/list"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"sync"
	"time"

	"pricelens/engine"
	"pricelens/warehouse"
)

// The order cache keeps what a condition's blocks after the first one need, so
// that scrolling does not sort the account again for every block: a block at row
// 500,000 sorted all 1M rows each time (308 ms at L), and ag-grid asks for blocks
// one after another while the condition stays the same. An entry is the
// condition's product ids in the grid's order (engine.CompileOrder), its count or
// a group block, keyed by the statement that computes it (its SQL, arguments and
// sets: every filter, sort, search, category and flag is in them) and by the
// version of what reports read (warehouse.ReportVersion: snapshot builds and
// labels). A statement whose answer moves with the clock or with tables outside
// the snapshot (engine.Keepable) is not kept. An entry lives a minute at most.
//
// Memory: an id is a string header and its bytes (about 32 bytes for the 16
// characters of an FSN), so the bound of 4M ids (a count or a group row weighs
// one) is about 130 MB.
type orderCache struct {
	maxSize int
	ttl     time.Duration

	// filling admits one background computation at a time (ready), so that
	// analysts changing conditions do not add a sort of the account each.
	filling chan struct{}

	mu      sync.Mutex
	seen    map[string]time.Time // keys ready was asked once, when
	size    int
	entries map[string]*orderEntry
	lru     *list.List // front: the most recently used
}

type orderEntry struct {
	key   string
	val   any
	size  int
	at    time.Time
	ready chan struct{} // closed once val or err is set
	err   error
	elem  *list.Element
}

func newOrderCache(maxSize int, ttl time.Duration) *orderCache {
	return &orderCache{maxSize: maxSize, ttl: ttl, filling: make(chan struct{}, 1), seen: map[string]time.Time{}, entries: map[string]*orderEntry{}, lru: list.New()}
}

// cacheKey is the key of a statement's answer at a version of the reports' data.
func cacheKey(kind string, version string, st engine.Statement) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s\x00%s\x00%#v\x00%#v", kind, version, st.SQL, st.Args, st.Sets)
	return hex.EncodeToString(h.Sum(nil))
}

// cached answers key from c, or computes it once: concurrent callers of the same
// key wait for the one computing it. size weighs an answer against the bound.
// What it returns is shared: callers must not change it.
func cached[T any](ctx context.Context, c *orderCache, key string, size func(T) int, compute func(context.Context) (T, error)) (T, error) {
	var zero T
	for attempt := 0; ; attempt++ {
		c.mu.Lock()
		if e, ok := c.entries[key]; ok && time.Since(e.at) < c.ttl {
			c.lru.MoveToFront(e.elem)
			c.mu.Unlock()
			select {
			case <-e.ready:
			case <-ctx.Done():
				return zero, ctx.Err()
			}
			if e.err == nil {
				return e.val.(T), nil
			}
			if attempt == 0 {
				continue // the request computing it failed (its client may have gone): once more
			}
			return zero, e.err
		}
		e := c.add(key)
		c.mu.Unlock()
		v, err := compute(ctx)
		if err := c.finish(e, v, err, func() int { return size(v) }); err != nil {
			return zero, err
		}
		return v, nil
	}
}

// ready answers key from c when it is kept and computed. Otherwise it reports
// false, and the caller answers the way it would without the cache. The second
// time a key is asked within the entry's lifetime, ready starts computing it in
// the background (one key at a time): a scroll-bar jump to row 500,000 is asked
// once and costs what it did (computing the whole order beside it took the block
// from 280 to 500 ms at L), while the blocks a user scrolls to after it find the
// order.
func ready[T any](c *orderCache, key string, size func(T) int, compute func(context.Context) (T, error)) (T, bool) {
	var zero T
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.entries[key]; ok && time.Since(e.at) < c.ttl {
		select {
		case <-e.ready:
			if e.err == nil {
				c.lru.MoveToFront(e.elem)
				return e.val.(T), true
			}
		default:
			return zero, false // being computed
		}
	}
	if at, ok := c.seen[key]; !ok || time.Since(at) >= c.ttl {
		if len(c.seen) >= maxSeen {
			clear(c.seen)
		}
		c.seen[key] = time.Now()
		return zero, false
	}
	select {
	case c.filling <- struct{}{}:
	default:
		return zero, false // another order is being computed: a later block tries again
	}
	delete(c.seen, key)
	e := c.add(key)
	go func() {
		defer func() { <-c.filling }()
		ctx, cancel := context.WithTimeout(warehouse.Background(context.Background()), time.Minute)
		defer cancel()
		v, err := compute(ctx)
		_ = c.finish(e, v, err, func() int { return size(v) })
	}()
	return zero, false
}

// maxSeen bounds the keys asked once (a few MB of keys); past it they are forgotten.
const maxSeen = 10_000

// add enters an entry being computed for key, in place of an older one (under c.mu).
func (c *orderCache) add(key string) *orderEntry {
	if old, ok := c.entries[key]; ok {
		c.remove(old)
	}
	e := &orderEntry{key: key, at: time.Now(), ready: make(chan struct{})}
	e.elem = c.lru.PushFront(e)
	c.entries[key] = e
	return e
}

// finish records e's answer and keeps it within the bound, or drops e on err.
func (c *orderCache) finish(e *orderEntry, v any, err error, size func() int) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	e.val, e.err = v, err
	close(e.ready)
	if err != nil {
		c.remove(e)
		return err
	}
	if c.entries[e.key] == e { // not evicted while it was computed
		e.size = max(size(), 1)
		c.size += e.size
		for c.size > c.maxSize && c.lru.Len() > 1 {
			c.remove(c.lru.Back().Value.(*orderEntry))
		}
	}
	return nil
}

// remove drops e (under c.mu); dropping it twice does nothing.
func (c *orderCache) remove(e *orderEntry) {
	if c.entries[e.key] == e {
		delete(c.entries, e.key)
	}
	c.lru.Remove(e.elem)
	c.size -= e.size
	e.size = 0
}
