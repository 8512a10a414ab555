package store

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"
)

// The price feed's bookkeeping (migration 00241, package feed): a batch claims the
// approved prices not yet fed, the files are written, then the batch is marked
// written. A record belongs to at most one batch, ever.

// FeedRow is one approved price of a feed batch.
type FeedRow struct {
	ApprovalID int64
	ProductID  string
	OldPrice   float64
	NewPrice   float64
	ChangePct  float64
	RunID      int64
	Approver   string // the deciding user's e-mail; "auto-approved" for the run's own decisions
	ApprovedAt time.Time
}

// AutoApprover names the approver of a price the run approved within the
// auto-approve threshold.
const AutoApprover = "auto-approved"

// FeedBatch is a claimed batch of the account's price feed.
type FeedBatch struct {
	ID        int64
	AccountID int64
	CreatedAt time.Time
}

// FeedAccounts lists the accounts that have something to feed: an open batch or
// an approved price not yet in a batch.
func (s *Store) FeedAccounts(ctx context.Context) ([]int64, error) {
	rows, err := s.DB.Query(ctx, `SELECT account_id FROM price_feed_batches WHERE status = 'open'
		UNION SELECT DISTINCT account_id FROM approval_records WHERE status = 'approved' AND feed_batch_id IS NULL ORDER BY 1`)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[int64])
}

// OpenFeedBatches are the account's claimed batches whose files were not marked
// written (a feed run stopped between the two), oldest first.
func (s *Store) OpenFeedBatches(ctx context.Context, accountID int64) ([]FeedBatch, error) {
	rows, err := s.DB.Query(ctx, `SELECT id, account_id, created_at FROM price_feed_batches WHERE account_id = $1 AND status = 'open' ORDER BY id`, accountID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[FeedBatch])
}

// ClaimFeedBatch puts every approved price of the account not yet fed into a new
// open batch, in one transaction; found is false (no batch) when there is none.
// Two claims at once serialise on the account's row lock: a price is claimed once.
func (s *Store) ClaimFeedBatch(ctx context.Context, accountID int64) (b FeedBatch, found bool, err error) {
	err = s.inTx(ctx, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT id FROM accounts WHERE id = $1 FOR UPDATE`, accountID); err != nil {
			return err
		}
		var n int64
		if err := tx.QueryRow(ctx, `SELECT count(*) FROM approval_records WHERE account_id = $1 AND status = 'approved' AND feed_batch_id IS NULL`,
			accountID).Scan(&n); err != nil || n == 0 {
			return err
		}
		if err := tx.QueryRow(ctx, `INSERT INTO price_feed_batches (account_id, status, rows) VALUES ($1, 'open', $2) RETURNING id, account_id, created_at`,
			accountID, n).Scan(&b.ID, &b.AccountID, &b.CreatedAt); err != nil {
			return err
		}
		found = true
		_, err := tx.Exec(ctx, `UPDATE approval_records SET feed_batch_id = $2 WHERE account_id = $1 AND status = 'approved' AND feed_batch_id IS NULL`,
			accountID, b.ID)
		return err
	})
	return b, found, err
}

// FeedBatchRows are the approved prices of a batch of the account, by record id:
// the same rows every time it is asked (a rewritten batch is the same file).
func (s *Store) FeedBatchRows(ctx context.Context, accountID, batchID int64) ([]FeedRow, error) {
	rows, err := s.DB.Query(ctx, `SELECT r.id, r.product_id, r.current_price, r.recommended_price, r.change_pct, r.run_id,
			CASE WHEN r.decided_by IS NULL AND r.reason = 'auto_approved' THEN $3 ELSE coalesce(u.email, '') END,
			coalesce(r.decided_at, r.created_at)
		FROM approval_records r LEFT JOIN users u ON u.id = r.decided_by
		WHERE r.account_id = $1 AND r.feed_batch_id = $2 ORDER BY r.id`, accountID, batchID, AutoApprover)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[FeedRow])
}

// MarkFeedBatchWritten records that a batch's files are in place. Marking a batch
// already written (two runs recovering it at once) is a no-op.
func (s *Store) MarkFeedBatchWritten(ctx context.Context, accountID, batchID int64, rows int64, files []string) error {
	tag, err := s.DB.Exec(ctx, `UPDATE price_feed_batches SET status = 'written', rows = $3, files = $4, written_at = now()
		WHERE account_id = $1 AND id = $2 AND status = 'open'`, accountID, batchID, rows, files)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		var st string
		err := s.DB.QueryRow(ctx, `SELECT status FROM price_feed_batches WHERE account_id = $1 AND id = $2`, accountID, batchID).Scan(&st)
		if errors.Is(err, pgx.ErrNoRows) {
			return NotFound("This price feed batch does not exist.")
		}
		return err
	}
	return nil
}

// feedLockClass is the first key of the PostgreSQL advisory lock that keeps two
// feed runs of one account (the schedule and `pricelens export --price-feed`)
// from writing the same batch at once.
const feedLockClass = 0x66656564 // "feed"

// WithFeedLock runs f holding the account's price feed lock (a session lock on a
// connection of its own, so f's queries run beside it).
func (s *Store) WithFeedLock(ctx context.Context, accountID int64, f func() error) error {
	conn, err := s.DB.Acquire(ctx)
	if err != nil {
		return err
	}
	defer conn.Release()
	if _, err := conn.Exec(ctx, "SELECT pg_advisory_lock($1, $2)", int32(feedLockClass), int32(accountID)); err != nil {
		return err
	}
	defer func() {
		uctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if _, err := conn.Exec(uctx, "SELECT pg_advisory_unlock($1, $2)", int32(feedLockClass), int32(accountID)); err != nil {
			_ = conn.Conn().Close(uctx) // the lock dies with the session
		}
	}()
	return f()
}
