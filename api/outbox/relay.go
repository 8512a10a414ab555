// Package outbox delivers the transactional outbox of PostgreSQL to ClickHouse.
// Label assignments are written to PostgreSQL together with an outbox row in one
// transaction; the relay copies pending rows into ClickHouse's product_labels
// mirror in batches and marks them processed only after ClickHouse accepted the
// batch, so a ClickHouse outage delays the mirror but loses nothing.
package outbox

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"
	"github.com/jackc/pgx/v5/pgxpool"

	"pricelens/api/store"
	"pricelens/warehouse"
)

// Relay moves pending outbox rows to ClickHouse.
type Relay struct {
	Store *store.Store
	// Connect returns the ClickHouse connection (on the warehouse database). It is
	// called for every batch, so a connection that failed is asked for again.
	Connect    func(ctx context.Context) (driver.Conn, error)
	Log        *slog.Logger
	BatchRows  int           // outbox rows per ClickHouse batch (default 100)
	Poll       time.Duration // wait when nothing is pending (default 1 s)
	MinBackoff time.Duration // first wait after a failure (default 500 ms), doubling
	MaxBackoff time.Duration // longest wait after failures (default 30 s)
	// Probe is how often a backoff wait checks whether ClickHouse answers again
	// (default 1 s): once it was seen down and answers, the wait ends, so the
	// mirror catches up within a probe of the outage's end, not a backoff.
	Probe time.Duration
}

func (r *Relay) defaults() {
	if r.BatchRows <= 0 {
		r.BatchRows = 100
	}
	if r.Poll <= 0 {
		r.Poll = time.Second
	}
	if r.MinBackoff <= 0 {
		r.MinBackoff = 500 * time.Millisecond
	}
	if r.MaxBackoff <= 0 {
		r.MaxBackoff = 30 * time.Second
	}
	if r.Probe <= 0 {
		r.Probe = time.Second
	}
	if r.Log == nil {
		r.Log = slog.Default()
	}
}

// Run delivers until ctx is cancelled, retrying failures with exponential backoff
// cut short when ClickHouse answers again.
func (r *Relay) Run(ctx context.Context) {
	r.defaults()
	backoff := r.MinBackoff
	for {
		n, err := r.Flush(ctx)
		wait := r.Poll
		switch {
		case ctx.Err() != nil:
			return
		case err != nil:
			r.Log.Warn("outbox relay: delivery failed; will retry", "err", err, "retry_in", backoff.String())
			wait = 0 // waitUntilBack has waited
			if r.waitUntilBack(ctx, backoff) {
				backoff = r.MinBackoff
			} else {
				backoff = min(backoff*2, r.MaxBackoff)
			}
		default:
			backoff = r.MinBackoff
			if n > 0 {
				wait = 0
			}
		}
		if wait > 0 {
			select {
			case <-ctx.Done():
				return
			case <-time.After(wait):
			}
		}
	}
}

// waitUntilBack waits d, probing ClickHouse every r.Probe; it returns true early
// when a probe failed and a later one succeeds (the outage is over). A failure
// while ClickHouse answers (so no probe fails) waits out the whole backoff.
func (r *Relay) waitUntilBack(ctx context.Context, d time.Duration) bool {
	end := time.Now().Add(d)
	sawDown := false
	for {
		step := min(r.Probe, time.Until(end))
		if step <= 0 {
			return false
		}
		select {
		case <-ctx.Done():
			return false
		case <-time.After(step):
		}
		if !r.answers(ctx) {
			sawDown = true
		} else if sawDown {
			return true
		}
	}
}

// answers reports whether ClickHouse accepts a connection and a ping.
func (r *Relay) answers(ctx context.Context) bool {
	ctx, cancel := context.WithTimeout(ctx, r.Probe)
	defer cancel()
	conn, err := r.Connect(ctx)
	return err == nil && conn.Ping(ctx) == nil
}

// Flush delivers pending batches until none is left or one fails; it returns the
// number of outbox rows delivered.
func (r *Relay) Flush(ctx context.Context) (int, error) {
	r.defaults()
	total := 0
	for {
		n, err := r.Store.DeliverOutbox(ctx, store.TopicProductLabels, r.BatchRows, func(rows []store.OutboxRow) error {
			conn, err := r.Connect(ctx)
			if err != nil {
				return err
			}
			return sendProductLabels(ctx, conn, rows)
		})
		total += n
		if err != nil || n == 0 {
			return total, err
		}
	}
}

// sendProductLabels writes one ClickHouse batch; version is the outbox id, so the
// ReplacingMergeTree keeps the latest change per (account, product, label) and a
// re-delivered batch is harmless.
func sendProductLabels(ctx context.Context, conn driver.Conn, rows []store.OutboxRow) error {
	b, err := conn.PrepareBatch(ctx, "INSERT INTO product_labels (account_id, product_id, label_id, assigned, version)")
	if err != nil {
		return fmt.Errorf("prepare product_labels batch: %w", err)
	}
	defer func() { _ = b.Abort() }()
	for _, row := range rows {
		var ch store.ProductLabelsChange
		if err := json.Unmarshal(row.Payload, &ch); err != nil {
			return fmt.Errorf("outbox row %d: %w", row.ID, err)
		}
		for _, p := range ch.ProductIDs {
			if err := b.Append(uint32(row.AccountID), p, uint64(ch.LabelID), ch.Assigned, uint64(row.ID)); err != nil {
				return fmt.Errorf("outbox row %d: %w", row.ID, err)
			}
		}
	}
	if err := b.Send(); err != nil {
		return fmt.Errorf("send product_labels batch: %w", err)
	}
	return nil
}

// ForWarehouse is the relay of `pricelens serve`: the app-state pool to the open warehouse.
func ForWarehouse(db *pgxpool.Pool, w *warehouse.Warehouse, log *slog.Logger) *Relay {
	return &Relay{Store: store.New(db), Log: log,
		Connect: func(context.Context) (driver.Conn, error) { return w.Conn, nil }}
}
