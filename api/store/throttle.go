package store

import (
	"context"
	"time"
)

// LoginBlockedUntil returns the latest time until which any of the keys is blocked
// from signing in (zero when none is).
func (s *Store) LoginBlockedUntil(ctx context.Context, keys []string) (time.Time, error) {
	var t *time.Time
	err := s.DB.QueryRow(ctx, `SELECT max(blocked_until) FROM login_failures WHERE key = ANY($1) AND blocked_until > now()`, keys).Scan(&t)
	if err != nil || t == nil {
		return time.Time{}, err
	}
	return *t, nil
}

// RecordLoginFailure counts a failure for each key within the window; from the
// free-th failure on, the key is blocked for base·2^(n-free), at most max.
func (s *Store) RecordLoginFailure(ctx context.Context, keys []string, window time.Duration, free int, base, max time.Duration) error {
	for _, k := range keys {
		_, err := s.DB.Exec(ctx, `INSERT INTO login_failures AS f (key, failures, first_at) VALUES ($1, 1, now())
			ON CONFLICT (key) DO UPDATE SET
				failures = CASE WHEN f.first_at < now() - $2::interval THEN 1 ELSE f.failures + 1 END,
				first_at = CASE WHEN f.first_at < now() - $2::interval THEN now() ELSE f.first_at END`,
			k, window)
		if err != nil {
			return err
		}
		_, err = s.DB.Exec(ctx, `UPDATE login_failures SET blocked_until = now() +
				LEAST($3::interval * power(2, failures - $2), $4::interval)
			WHERE key = $1 AND failures >= $2`, k, free, base, max)
		if err != nil {
			return err
		}
	}
	return nil
}

// ClearLoginFailures forgets the failures of keys after a successful sign-in.
func (s *Store) ClearLoginFailures(ctx context.Context, keys []string) error {
	_, err := s.DB.Exec(ctx, `DELETE FROM login_failures WHERE key = ANY($1)`, keys)
	return err
}
