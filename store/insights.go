package store

import (
	"context"
	"time"
)

// AlertsNotifiedSince counts the account's alerts that mailed changes since the
// given time: the pricing insights panel's "alert reports to review".
func (s *Store) AlertsNotifiedSince(ctx context.Context, accountID int64, since time.Time) (int, error) {
	var n int
	err := s.DB.QueryRow(ctx, `SELECT count(*) FROM alerts WHERE account_id = $1 AND last_notified_at >= $2`, accountID, since).Scan(&n)
	return n, err
}
