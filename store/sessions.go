package store

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"
)

// Session is a sessions row joined with its user.
type Session struct {
	ID         string
	UserID     int64
	AccountID  int64 // 0 when none selected
	CSRFToken  string
	LastSeenAt time.Time
	ExpiresAt  time.Time
	Email      string
	IsSSO      bool
	Blocked    bool
}

// CreateSession stores a session (id is the SHA-256 of the cookie token).
func (s *Store) CreateSession(ctx context.Context, id string, userID int64, csrf string, expires time.Time) error {
	return s.inTx(ctx, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `INSERT INTO sessions (id, user_id, csrf_token, expires_at) VALUES ($1, $2, $3, $4)`,
			id, userID, csrf, expires); err != nil {
			return err
		}
		// Sessions are not an account's rows; sign-ins are still worth a trace.
		return audit(ctx, tx, Actor{UserID: userID}, "sign_in", "session", "", nil)
	})
}

// SessionByID returns the session and its user; NotFound when there is none.
func (s *Store) SessionByID(ctx context.Context, id string) (Session, error) {
	var ss Session
	var acc *int64
	err := s.DB.QueryRow(ctx, `SELECT s.id, s.user_id, s.account_id, s.csrf_token, s.last_seen_at, s.expires_at,
			u.email, u.is_saml, u.blocked
		FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id = $1`, id).
		Scan(&ss.ID, &ss.UserID, &acc, &ss.CSRFToken, &ss.LastSeenAt, &ss.ExpiresAt, &ss.Email, &ss.IsSSO, &ss.Blocked)
	if errors.Is(err, pgx.ErrNoRows) {
		return ss, NotFound("Session not found")
	}
	if acc != nil {
		ss.AccountID = *acc
	}
	return ss, err
}

// TouchSession records activity (at most one write a few seconds apart per session).
func (s *Store) TouchSession(ctx context.Context, id string) error {
	_, err := s.DB.Exec(ctx, `UPDATE sessions SET last_seen_at = now() WHERE id = $1 AND last_seen_at < now() - interval '5 seconds'`, id)
	return err
}

// SetSessionAccount selects the account of a session.
func (s *Store) SetSessionAccount(ctx context.Context, id string, accountID int64) error {
	_, err := s.DB.Exec(ctx, `UPDATE sessions SET account_id = $2 WHERE id = $1`, id, accountID)
	return err
}

// DeleteSession ends a session.
func (s *Store) DeleteSession(ctx context.Context, id string) error {
	_, err := s.DB.Exec(ctx, `DELETE FROM sessions WHERE id = $1`, id)
	return err
}
