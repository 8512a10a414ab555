package jobs

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"
	"github.com/riverqueue/river"

	"pricelens/jobs/kinds"
	"pricelens/store"
)

// mirrorBatchRows is how many outbox rows go to ClickHouse in one batch.
const mirrorBatchRows = 100

// mirrorEvery is the period of the safety-net job: it catches changes whose own job
// was skipped as a duplicate of one already running, and outbox rows written
// before River was added.
const mirrorEvery = 5 * time.Second

// mirrorProductLabels delivers the label outbox to ClickHouse's product_labels in
// batches, marking rows processed only after ClickHouse accepted their batch, so a
// ClickHouse outage delays the mirror but loses nothing.
type mirrorProductLabels struct {
	river.WorkerDefaults[kinds.MirrorProductLabels]
	deps Deps
}

func (w *mirrorProductLabels) Work(ctx context.Context, _ *river.Job[kinds.MirrorProductLabels]) error {
	st := store.New(w.deps.DB)
	for {
		n, err := st.DeliverOutbox(ctx, store.TopicProductLabels, mirrorBatchRows, func(rows []store.OutboxRow) error {
			conn, err := w.deps.ClickHouse(ctx)
			if err != nil {
				return err
			}
			return sendProductLabels(ctx, conn, rows)
		})
		if err != nil || n == 0 {
			return err
		}
	}
}

// NextRetry retries quickly and caps the wait at two seconds: the mirror should
// catch up within seconds once ClickHouse answers again, and a retry is one cheap
// query when it does not.
func (w *mirrorProductLabels) NextRetry(job *river.Job[kinds.MirrorProductLabels]) time.Time {
	wait := 2 * time.Second
	if job.Attempt < 4 {
		wait = 250 * time.Millisecond << max(job.Attempt-1, 0)
	}
	return time.Now().Add(wait)
}

func (w *mirrorProductLabels) periodic() *river.PeriodicJob {
	return river.NewPeriodicJob(river.PeriodicInterval(mirrorEvery),
		func() (river.JobArgs, *river.InsertOpts) { return kinds.MirrorProductLabels{}, nil },
		&river.PeriodicJobOpts{RunOnStart: true})
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
