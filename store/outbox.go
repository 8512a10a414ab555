package store

import (
	"context"
	"encoding/json"

	"github.com/jackc/pgx/v5"
)

// OutboxRow is one pending change to deliver.
type OutboxRow struct {
	ID        int64
	AccountID int64
	Topic     string
	Payload   json.RawMessage
}

// DeliverOutbox locks up to limit pending rows of a topic (oldest first, skipping rows
// another worker holds), calls deliver with them and marks them processed only when
// deliver succeeds; on failure nothing is marked and the rows stay pending.
func (s *Store) DeliverOutbox(ctx context.Context, topic string, limit int, deliver func([]OutboxRow) error) (int, error) {
	var n int
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `SELECT id, account_id, topic, payload FROM outbox
			WHERE processed_at IS NULL AND topic = $1 ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED`, topic, limit)
		if err != nil {
			return err
		}
		batch, err := pgx.CollectRows(rows, pgx.RowToStructByPos[OutboxRow])
		if err != nil || len(batch) == 0 {
			return err
		}
		if err := deliver(batch); err != nil {
			return err
		}
		ids := make([]int64, len(batch))
		for i, r := range batch {
			ids[i] = r.ID
		}
		if _, err := tx.Exec(ctx, `UPDATE outbox SET processed_at = now() WHERE id = ANY($1)`, ids); err != nil {
			return err
		}
		n = len(batch)
		return nil
	})
	return n, err
}

// PendingOutbox counts undelivered rows of a topic.
func (s *Store) PendingOutbox(ctx context.Context, topic string) (int, error) {
	var n int
	err := s.DB.QueryRow(ctx, `SELECT count(*) FROM outbox WHERE processed_at IS NULL AND topic = $1`, topic).Scan(&n)
	return n, err
}
