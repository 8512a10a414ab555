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

// The order cache keeps what the blocks after a condition's first one need, so
// that scrolling does not sort the account again for every block: a block at row
// 500,000 sorted all 1M rows each time (308 ms at L), and ag-grid asks for blocks
// one after another while the condition stays the same. Each entry is the
// condition's product ids in the grid's order (engine.CompileOrder), or its
// count, keyed by the statement that computes it (its SQL, arguments and sets:
// every filter, sort, search, category and flag is in them) and by the version
// of what reports read (warehouse.ReportVersion: snapshot builds and labels). A
// statement whose answer moves with the clock or with tables outside the snapshot
// (engine.Keepable) is not kept. An entry lives a minute at most.
//
// Memory: an id is a string header and its bytes (about 32 bytes for the 16
// characters of an FSN), so the bound of 4M ids is about 130 MB.
type orderCache struct {
	maxIDs int
	ttl    time.Duration

	mu      sync.Mutex
	ids     int
	entries map[string]*orderEntry
	lru     *list.List // front: the most recently used
}

type orderEntry struct {
	key   string
	ids   []string
	n     uint64
	at    time.Time
	ready chan struct{} // closed once ids/n or err are set
	err   error
	elem  *list.Element
}

func newOrderCache(maxIDs int, ttl time.Duration) *orderCache {
	return &orderCache{maxIDs: maxIDs, ttl: ttl, entries: map[string]*orderEntry{}, lru: list.New()}
}

// cacheKey is the key of a statement's answer at a snapshot version.
func cacheKey(kind string, version string, st engine.Statement) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s\x00%s\x00%#v\x00%#v", kind, version, st.SQL, st.Args, st.Sets)
	return hex.EncodeToString(h.Sum(nil))
}

// get answers key from the cache, or computes it once (concurrent callers of the
// same key wait for the one computing it).
func (c *orderCache) get(ctx context.Context, key string, compute func(context.Context) ([]string, uint64, error)) ([]string, uint64, error) {
	c.mu.Lock()
	if e, ok := c.entries[key]; ok && time.Since(e.at) < c.ttl {
		c.lru.MoveToFront(e.elem)
		c.mu.Unlock()
		select {
		case <-e.ready:
		case <-ctx.Done():
			return nil, 0, ctx.Err()
		}
		if e.err == nil {
			return e.ids, e.n, nil
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

	ids, n, err := compute(ctx)

	c.mu.Lock()
	defer c.mu.Unlock()
	e.ids, e.n, e.err = ids, n, err
	close(e.ready)
	if err != nil {
		c.remove(e)
		return nil, 0, err
	}
	if c.entries[key] == e { // not evicted while it was computed
		c.ids += len(ids)
		for c.ids > c.maxIDs && c.lru.Len() > 1 {
			c.remove(c.lru.Back().Value.(*orderEntry))
		}
	}
	return ids, n, nil
}

// remove drops e (under c.mu).
func (c *orderCache) remove(e *orderEntry) {
	if c.entries[e.key] != e {
		return
	}
	delete(c.entries, e.key)
	c.lru.Remove(e.elem)
	c.ids -= len(e.ids)
}
