package store

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"time"

	"github.com/jackc/pgx/v5"
)

// Throttle is the sign-in throttle's policy: after Free failures within Window for
// one key (an e-mail or a client address), each further attempt waits
// Base·2^(failures-Free), at most Max.
type Throttle struct {
	Window, Base, Max time.Duration
	Free              int
}

// AdmitLogin decides whether a sign-in attempt may check its password, and counts it
// as a failure before the check. Attempts on the same keys run one after the other
// (transaction-scoped advisory locks taken in key order), so a burst of parallel
// guesses gets no more checks than the same guesses sent in sequence; each
// statement after the lock sees the previous attempt's committed count. It returns
// the time until which a key is blocked (and counts nothing) when one is; a zero
// time admits the attempt. LoginSucceeded takes the count back for a right password.
func (s *Store) AdmitLogin(ctx context.Context, keys []string, t Throttle) (time.Time, error) {
	keys = boundedKeys(keys)
	var until *time.Time
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		if err := lockKeys(ctx, tx, keys); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO login_failures (key, failures)
			SELECT k, 0 FROM unnest($1::text[]) AS k ON CONFLICT (key) DO NOTHING`, keys); err != nil {
			return err
		}
		if err := tx.QueryRow(ctx, `SELECT max(blocked_until) FROM login_failures
			WHERE key = ANY($1) AND blocked_until > now()`, keys).Scan(&until); err != nil {
			return err
		}
		if until != nil {
			return nil
		}
		if _, err := tx.Exec(ctx, `UPDATE login_failures SET
				failures = CASE WHEN first_at < now() - $2::interval THEN 1 ELSE failures + 1 END,
				first_at = CASE WHEN first_at < now() - $2::interval THEN now() ELSE first_at END
			WHERE key = ANY($1)`, keys, t.Window); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `UPDATE login_failures
			SET blocked_until = now() + LEAST($3::interval * power(2, failures - $2), $4::interval)
			WHERE key = ANY($1) AND failures >= $2`, keys, t.Free, t.Base, t.Max)
		return err
	})
	if err != nil || until == nil {
		return time.Time{}, err
	}
	return *until, nil
}

// maxKey is the longest throttle key kept as it is: a key is the text of a
// sign-in's e-mail, whatever its length, and a B-tree index entry holds at most
// about 2.7 kB.
const maxKey = 256

// boundedKeys replaces each key longer than maxKey by its SHA-256 (hex), which
// throttles the same text the same way.
func boundedKeys(keys []string) []string {
	out := make([]string, len(keys))
	for i, k := range keys {
		if len(k) > maxKey {
			sum := sha256.Sum256([]byte(k))
			k = "sha256:" + hex.EncodeToString(sum[:])
		}
		out[i] = k
	}
	return out
}

// lockKeys takes a transaction-scoped advisory lock per throttle key, in key order
// so that two attempts never wait on each other crosswise.
func lockKeys(ctx context.Context, tx pgx.Tx, keys []string) error {
	_, err := tx.Exec(ctx, `SELECT count(pg_advisory_xact_lock(hashtextextended(k, 0)))
		FROM (SELECT unnest($1::text[]) AS k ORDER BY 1) AS sorted`, keys)
	return err
}

// LoginSucceeded clears the e-mail's failures after a right password and takes this
// attempt's count back from the address, whose earlier failures (other e-mails'
// guesses from there) stay counted: signing in to one's own account must not
// reset the throttle for guesses at other accounts.
func (s *Store) LoginSucceeded(ctx context.Context, emailKey, addrKey string, t Throttle) error {
	bounded := boundedKeys([]string{emailKey, addrKey})
	emailKey, addrKey = bounded[0], bounded[1]
	return s.inTx(ctx, func(tx pgx.Tx) error {
		if err := lockKeys(ctx, tx, []string{emailKey, addrKey}); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `DELETE FROM login_failures WHERE key = $1`, emailKey); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `UPDATE login_failures SET failures = greatest(failures - 1, 0),
			blocked_until = CASE WHEN failures - 1 >= $2 THEN blocked_until END WHERE key = $1`, addrKey, t.Free)
		return err
	})
}
