package store

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"

	"pricelens/jobs/kinds"
)

// Mail is a message queued for the mail sender.
type Mail struct {
	ID         int64 // set when read back
	Kind       string
	Recipients []string
	Subject    string
	Body       string
	Detail     map[string]any
	// Attachments are files sent with the mail (a scheduled report's CSV), read
	// from disk when the mail is composed.
	Attachments []Attachment
}

// Attachment is a file attached to a mail.
type Attachment struct {
	Filename    string
	ContentType string
	Path        string // on the server's disk (under the data dir)
}

// queueMail records a mail and queues its send_mail job in the same transaction, so
// the mail is sent exactly when the change that wrote it commits.
func queueMail(ctx context.Context, tx pgx.Tx, a Actor, m Mail) (int64, error) {
	d, err := json.Marshal(m.Detail)
	if err != nil {
		return 0, err
	}
	var acc, usr *int64
	if a.AccountID != 0 {
		acc = &a.AccountID
	}
	if a.UserID != 0 {
		usr = &a.UserID
	}
	var id int64
	err = tx.QueryRow(ctx, `INSERT INTO mail_messages (account_id, user_id, kind, recipients, subject, body, detail)
		VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`, acc, usr, m.Kind, m.Recipients, m.Subject, m.Body, d).Scan(&id)
	if err != nil {
		return 0, err
	}
	for i, at := range m.Attachments {
		if _, err := tx.Exec(ctx, `INSERT INTO mail_attachments (mail_id, position, filename, content_type, path) VALUES ($1, $2, $3, $4, $5)`,
			id, i, at.Filename, at.ContentType, at.Path); err != nil {
			return 0, err
		}
	}
	return id, kinds.InsertTx(ctx, tx, kinds.SendMail{MailID: id})
}

// QueueMail records a message to send, with its audit row.
func (s *Store) QueueMail(ctx context.Context, a Actor, m Mail) error {
	return s.inTx(ctx, func(tx pgx.Tx) error {
		id, err := queueMail(ctx, tx, a, m)
		if err != nil {
			return err
		}
		return audit(ctx, tx, a, "queue_mail", "mail", id, map[string]any{"kind": m.Kind, "recipients": m.Recipients})
	})
}

// QueuedMail lists the messages of a kind (oldest first), for the sender and tests.
func (s *Store) QueuedMail(ctx context.Context, kind string) ([]Mail, error) {
	rows, err := s.DB.Query(ctx, `SELECT kind, recipients, subject, body, detail FROM mail_messages WHERE kind = $1 ORDER BY id`, kind)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (Mail, error) {
		var m Mail
		err := r.Scan(&m.Kind, &m.Recipients, &m.Subject, &m.Body, &m.Detail)
		return m, err
	})
}

// ErrMailGone is DeliverMail's answer for a mail that no longer exists (its
// account was deleted): there is nothing to send, ever.
var ErrMailGone = errors.New("the mail no longer exists")

// DeliverMail sends one queued mail once: under a lock on its row it
// skips a mail already sent, calls send, and marks the mail sent in the same
// transaction only when send succeeded. A failed send is counted on the row with
// its error (last_error) and returned; the mail stays unsent for the next try.
// The lock makes two deliveries of one mail wait for each other, so the second
// sees sent_at and sends nothing. sent reports whether this call sent it.
//
// One window remains (at-least-once, not exactly-once): when the SMTP server has
// taken the mail but we do not record it — the commit marking it sent fails
// (PostgreSQL went away, or the worker was killed, in that instant), or the
// connection broke after the server stored the message but before its "250 OK"
// reached us — the next try sends it again. SMTP has no way to ask a server
// whether it already has a message, so nothing on our side can close it; the
// window is one reply plus one local commit long.
func (s *Store) DeliverMail(ctx context.Context, id int64, send func(Mail) error) (sent bool, err error) {
	var sendErr error
	err = s.inTx(ctx, func(tx pgx.Tx) error {
		m := Mail{ID: id}
		var sentAt *time.Time
		err := tx.QueryRow(ctx, `SELECT kind, recipients, subject, body, detail, sent_at FROM mail_messages WHERE id = $1 FOR UPDATE`, id).
			Scan(&m.Kind, &m.Recipients, &m.Subject, &m.Body, &m.Detail, &sentAt)
		if errors.Is(err, pgx.ErrNoRows) {
			return ErrMailGone
		}
		if err != nil || sentAt != nil {
			return err
		}
		if m.Attachments, err = mailAttachments(ctx, tx, id); err != nil {
			return err
		}
		if sendErr = send(m); sendErr != nil {
			_, err = tx.Exec(ctx, `UPDATE mail_messages SET attempts = attempts + 1, last_error = $2 WHERE id = $1`, id, sendErr.Error())
			return err
		}
		sent = true
		_, err = tx.Exec(ctx, `UPDATE mail_messages SET attempts = attempts + 1, last_error = NULL, sent_at = now() WHERE id = $1`, id)
		return err
	})
	if err != nil {
		return false, err
	}
	return sent, sendErr
}

// mailAttachments are a mail's files in order.
func mailAttachments(ctx context.Context, tx pgx.Tx, id int64) ([]Attachment, error) {
	rows, err := tx.Query(ctx, `SELECT filename, content_type, path FROM mail_attachments WHERE mail_id = $1 ORDER BY position`, id)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[Attachment])
}

// CreatePasswordReset stores a reset token hash and queues the mail with the link.
func (s *Store) CreatePasswordReset(ctx context.Context, userID int64, tokenHash string, m Mail) error {
	return s.inTx(ctx, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `INSERT INTO password_resets (token_hash, user_id, expires_at) VALUES ($1, $2, now() + interval '1 hour')`,
			tokenHash, userID); err != nil {
			return err
		}
		if _, err := queueMail(ctx, tx, Actor{UserID: userID}, m); err != nil {
			return err
		}
		return audit(ctx, tx, Actor{UserID: userID}, "request_reset", "user", userID, nil)
	})
}

// UsePasswordReset sets the password of the token's user once, and ends their sessions.
func (s *Store) UsePasswordReset(ctx context.Context, tokenHash, hash string) error {
	return s.inTx(ctx, func(tx pgx.Tx) error {
		var userID int64
		err := tx.QueryRow(ctx, `UPDATE password_resets SET used_at = now()
			WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING user_id`, tokenHash).Scan(&userID)
		if err == pgx.ErrNoRows {
			return Invalid("token", "This reset link is invalid or has expired.")
		}
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE users SET password_hash = $1 WHERE id = $2 AND NOT is_saml`, hash, userID); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `DELETE FROM sessions WHERE user_id = $1`, userID); err != nil {
			return err
		}
		return audit(ctx, tx, Actor{UserID: userID}, "reset_password", "user", userID, nil)
	})
}

// OIDCRequest is an authorization request in flight.
type OIDCRequest struct {
	State, Verifier, Nonce, Next string
}

// SaveOIDCRequest stores an authorization request (and drops ones older than 10 minutes).
func (s *Store) SaveOIDCRequest(ctx context.Context, r OIDCRequest) error {
	if _, err := s.DB.Exec(ctx, `DELETE FROM oidc_requests WHERE created_at < now() - interval '10 minutes'`); err != nil {
		return err
	}
	_, err := s.DB.Exec(ctx, `INSERT INTO oidc_requests (state, code_verifier, nonce, next_path) VALUES ($1, $2, $3, $4)`,
		r.State, r.Verifier, r.Nonce, r.Next)
	return err
}

// TakeOIDCRequest returns and deletes the request of a state (once; 10-minute life).
func (s *Store) TakeOIDCRequest(ctx context.Context, state string) (OIDCRequest, error) {
	r := OIDCRequest{State: state}
	err := s.DB.QueryRow(ctx, `DELETE FROM oidc_requests WHERE state = $1 AND created_at > now() - interval '10 minutes'
		RETURNING code_verifier, nonce, next_path`, state).Scan(&r.Verifier, &r.Nonce, &r.Next)
	if err == pgx.ErrNoRows {
		return r, NotFound("The sign-in request expired. Please sign in again.")
	}
	return r, err
}
