package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Store is the app-state store over one PostgreSQL pool. Every method that reads or
// changes an account's rows takes the account id and scopes its SQL by it; every
// change writes its audit_log row in the same transaction.
type Store struct {
	DB *pgxpool.Pool
}

// New returns the store over a pool.
func New(db *pgxpool.Pool) *Store { return &Store{DB: db} }

// Actor is who makes a change, in which account (0 when none applies).
type Actor struct {
	UserID    int64
	AccountID int64
}

// Kind classifies a store error so that the API maps it to one status.
type Kind int

const (
	KindNotFound Kind = iota + 1
	KindConflict
	KindInvalid
	KindForbidden
)

// Error is a typed store failure with a message a person can act on.
type Error struct {
	Kind    Kind
	Message string
	Field   string
	Code    string // optional API error code, e.g. "share_unavailable"
}

func (e *Error) Error() string { return e.Message }

// NotFound, Conflict and Invalid build typed errors.
func NotFound(msg string) error { return &Error{Kind: KindNotFound, Message: msg} }
func Conflict(msg string) error { return &Error{Kind: KindConflict, Message: msg} }
func Invalid(field, msg string) error {
	return &Error{Kind: KindInvalid, Message: msg, Field: field}
}

// ErrNotControlled refuses a change to a user's credentials or block state when the
// actor does not administer every account the user belongs to: an administrator of
// one account must never be able to take over a user of another (issue 11).
var ErrNotControlled = &Error{Kind: KindForbidden, Message: "Feature is locked for this user"}

// isUniqueViolation reports a unique-constraint failure (SQLSTATE 23505).
func isUniqueViolation(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == "23505"
}

// inTx runs fn in a transaction, committing when it returns nil.
func (s *Store) inTx(ctx context.Context, fn func(tx pgx.Tx) error) error {
	tx, err := s.DB.Begin(ctx)
	if err != nil {
		return err
	}
	defer func() { _ = tx.Rollback(ctx) }()
	if err := fn(tx); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// Tx is a store transaction for a caller whose changes must commit together or not
// at all: the demo seeder writes its accounts, users, memberships and labels so,
// since a half-written seed would make `seed --if-empty` skip for good. Every
// change still writes its audit row in the transaction; the catalogs of the
// accounts it changed are forgotten after it ends.
type Tx struct {
	tx      pgx.Tx
	changed map[int64]bool // accounts whose catalog changed
}

// InTx runs fn in one transaction, committing when it returns nil.
func (s *Store) InTx(ctx context.Context, fn func(*Tx) error) error {
	t := &Tx{changed: map[int64]bool{}}
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		t.tx = tx
		return fn(t)
	})
	for id := range t.changed {
		s.forgetCatalog(id)
	}
	return err
}

// audit writes the audit_log row of a change inside the change's transaction.
func audit(ctx context.Context, tx pgx.Tx, a Actor, action, entity string, entityID any, detail any) error {
	var acc, usr *int64
	if a.AccountID != 0 {
		acc = &a.AccountID
	}
	if a.UserID != 0 {
		usr = &a.UserID
	}
	if detail == nil {
		detail = map[string]any{}
	}
	d, err := json.Marshal(detail)
	if err != nil {
		return err
	}
	_, err = tx.Exec(ctx, `INSERT INTO audit_log (account_id, user_id, action, entity, entity_id, detail)
		VALUES ($1, $2, $3, $4, $5, $6)`, acc, usr, action, entity, fmt.Sprint(entityID), d)
	return err
}

// auditDenied records a refused attempt outside the refused change's (rolled back)
// transaction, so every attempt on another account's user leaves a trace.
func (s *Store) auditDenied(ctx context.Context, a Actor, action, entity string, entityID any, detail any) error {
	return s.inTx(ctx, func(tx pgx.Tx) error { return audit(ctx, tx, a, "denied_"+action, entity, entityID, detail) })
}

// AuditEntry is one row of the audit log.
type AuditEntry struct {
	AccountID *int64
	UserID    *int64
	Action    string
	Entity    string
	EntityID  string
}

// AuditLog returns an account's audit rows, oldest first (used by tests and admins).
func (s *Store) AuditLog(ctx context.Context, accountID int64) ([]AuditEntry, error) {
	rows, err := s.DB.Query(ctx, `SELECT account_id, user_id, action, entity, entity_id FROM audit_log
		WHERE account_id = $1 ORDER BY id`, accountID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (AuditEntry, error) {
		var e AuditEntry
		err := r.Scan(&e.AccountID, &e.UserID, &e.Action, &e.Entity, &e.EntityID)
		return e, err
	})
}

// nullID is NULL for a zero id (changes made by the system, not a user).
func nullID(id int64) *int64 {
	if id == 0 {
		return nil
	}
	return &id
}

// nullTime is NULL for the zero time (not known).
func nullTime(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	return &t
}
