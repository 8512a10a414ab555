package grid

import (
	"container/list"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"sync"
	"time"

	"pricelens/engine"
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

	mu      sync.Mutex
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
	return &orderCache{maxSize: maxSize, ttl: ttl, entries: map[string]*orderEntry{}, lru: list.New()}
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
		c.mu.Lock()
		c.remove(e)
	} else if ok {
		c.remove(e)
	}
	e := &orderEntry{key: key, at: time.Now(), ready: make(chan struct{})}
	e.elem = c.lru.PushFront(e)
	c.entries[key] = e
	c.mu.Unlock()

	v, err := compute(ctx)

	c.mu.Lock()
	defer c.mu.Unlock()
	e.val, e.err = v, err
	close(e.ready)
	if err != nil {
		c.remove(e)
		return zero, err
	}
	if c.entries[key] == e { // not evicted while it was computed
		e.size = max(size(v), 1)
		c.size += e.size
		for c.size > c.maxSize && c.lru.Len() > 1 {
			c.remove(c.lru.Back().Value.(*orderEntry))
		}
	}
	return v, nil
}

// remove drops e (under c.mu).
func (c *orderCache) remove(e *orderEntry) {
	if c.entries[e.key] != e {
		return
	}
	delete(c.entries, e.key)
	c.lru.Remove(e.elem)
	c.size -= e.size
}
