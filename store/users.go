package store

import (
	"context"
	"errors"
	"strings"

	"github.com/jackc/pgx/v5"

	"pricelens/store/authz"
)

// User is a users row.
type User struct {
	ID           int64
	Email        string
	PasswordHash *string
	IsSSO        bool
	Blocked      bool
}

// AccountUser is a row of the manage-users grid.
type AccountUser struct {
	ID         int64    `json:"id"`
	Email      string   `json:"email"`
	IsSAML     int      `json:"is_saml"`
	Role       string   `json:"role"`
	RoleID     int      `json:"role_id"`
	Categories []string `json:"categories"`
}

const userCols = `id, email, password_hash, is_saml, blocked`

func scanUser(row pgx.Row) (User, error) {
	var u User
	err := row.Scan(&u.ID, &u.Email, &u.PasswordHash, &u.IsSSO, &u.Blocked)
	if errors.Is(err, pgx.ErrNoRows) {
		return u, NotFound("User not found")
	}
	return u, err
}

// UserByEmail finds a user by e-mail, case-insensitively.
func (s *Store) UserByEmail(ctx context.Context, email string) (User, error) {
	return scanUser(s.DB.QueryRow(ctx, `SELECT `+userCols+` FROM users WHERE lower(email) = lower($1)`, strings.TrimSpace(email)))
}

// UserByID finds a user by id.
func (s *Store) UserByID(ctx context.Context, id int64) (User, error) {
	return scanUser(s.DB.QueryRow(ctx, `SELECT `+userCols+` FROM users WHERE id = $1`, id))
}

// RecordLogin stamps a successful sign-in.
func (s *Store) RecordLogin(ctx context.Context, userID int64) error {
	_, err := s.DB.Exec(ctx, `UPDATE users SET last_login_at = now() WHERE id = $1`, userID)
	return err
}

// SSOUser returns the user of an identity-provider subject: the one linked to the
// subject, else the user with that e-mail (linked now), else a new SSO user.
func (s *Store) SSOUser(ctx context.Context, subject, email string) (User, error) {
	var u User
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		var err error
		u, err = scanUser(tx.QueryRow(ctx, `SELECT `+userCols+` FROM users WHERE sso_subject = $1`, subject))
		if err == nil {
			return nil
		}
		var se *Error
		if !errors.As(err, &se) {
			return err
		}
		u, err = scanUser(tx.QueryRow(ctx, `UPDATE users SET sso_subject = $1, is_saml = true
			WHERE lower(email) = lower($2) AND sso_subject IS NULL RETURNING `+userCols, subject, email))
		if err == nil {
			return audit(ctx, tx, Actor{UserID: u.ID}, "link_sso", "user", u.ID, map[string]any{"email": email})
		}
		if !errors.As(err, &se) {
			return err
		}
		u, err = scanUser(tx.QueryRow(ctx, `INSERT INTO users (email, is_saml, sso_subject) VALUES ($1, true, $2)
			RETURNING `+userCols, email, subject))
		if err != nil {
			if isUniqueViolation(err) {
				return Conflict("This email address is already linked to another single sign-on identity")
			}
			return err
		}
		return audit(ctx, tx, Actor{UserID: u.ID}, "create", "user", u.ID, map[string]any{"email": email, "sso": true})
	})
	return u, err
}

// AccountUsers lists the users assigned to an account (blocked ones omitted).
func (s *Store) AccountUsers(ctx context.Context, accountID int64) ([]AccountUser, error) {
	rows, err := s.DB.Query(ctx, `SELECT u.id, u.email, CASE WHEN u.is_saml THEN 1 ELSE 0 END, m.role, r.id, m.categories
		FROM memberships m JOIN users u ON u.id = m.user_id
		JOIN account_roles r ON r.account_id = m.account_id AND r.name = m.role
		WHERE m.account_id = $1 AND NOT m.blocked ORDER BY lower(u.email)`, accountID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (AccountUser, error) {
		var u AccountUser
		err := r.Scan(&u.ID, &u.Email, &u.IsSAML, &u.Role, &u.RoleID, &u.Categories)
		return u, err
	})
}

// Invitation is what adding an e-mail to an account sends. The same answer and the
// same kind of mail go out whether or not the address already has a user, so the
// call neither reveals that an address exists nor hands the caller its credentials.
type Invitation struct {
	// TokenHash is the hash of the set-password token a new user receives; an
	// existing user keeps their credentials and signs in as before.
	TokenHash string
	// Mail builds the message for a new user (with the set-password link) or an
	// existing one (a notice of the new membership).
	Mail func(newUser bool) Mail
}

// inviteLife is how long a new user's set-password link stays valid.
const inviteLife = "7 days"

// AddInternalUser assigns the e-mail's user to the account, creating an internal user
// without a password when none exists, and queues the invitation in the same
// transaction. A blocked member added again is unblocked with the new role and categories.
// The role is one of the account's (400 "Unknown role" otherwise).
func (s *Store) AddInternalUser(ctx context.Context, a Actor, email string, ref authz.RoleRef, categories []string, inv Invitation) (id int64, err error) {
	if categories == nil {
		categories = []string{}
	}
	err = s.inTx(ctx, func(tx pgx.Tx) error {
		r, err := resolveRole(ctx, tx, a.AccountID, ref, "user_role")
		if err != nil {
			return err
		}
		role := r.Name
		u, err := scanUser(tx.QueryRow(ctx, `SELECT `+userCols+` FROM users WHERE lower(email) = lower($1) FOR UPDATE`, email))
		var se *Error
		created := false
		switch {
		case err == nil:
			id = u.ID
		case errors.As(err, &se):
			if err := tx.QueryRow(ctx, `INSERT INTO users (email) VALUES ($1) RETURNING id`, email).Scan(&id); err != nil {
				return err
			}
			created = true
			if _, err := tx.Exec(ctx, `INSERT INTO password_resets (token_hash, user_id, expires_at)
				VALUES ($1, $2, now() + $3::interval)`, inv.TokenHash, id, inviteLife); err != nil {
				return err
			}
			if err := audit(ctx, tx, a, "create", "user", id, map[string]any{"email": email}); err != nil {
				return err
			}
		default:
			return err
		}
		tag, err := tx.Exec(ctx, `INSERT INTO memberships (user_id, account_id, role, categories) VALUES ($1, $2, $3, $4)
			ON CONFLICT (user_id, account_id) DO UPDATE SET blocked = false, role = EXCLUDED.role, categories = EXCLUDED.categories
			WHERE memberships.blocked`, id, a.AccountID, role, categories)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return Conflict("This user is already assigned to this account")
		}
		if _, err := queueMail(ctx, tx, a, inv.Mail(created)); err != nil {
			return err
		}
		return audit(ctx, tx, a, "assign", "membership", id, map[string]any{"role": role, "categories": categories, "existing_user": !created})
	})
	return id, err
}

// controls reports whether the actor is an unblocked administrator (a member of the
// role with id authz.AdminRoleID, whatever its name) of every account
// the target user belongs to (blocked memberships included): only then may the actor
// change the user's password, e-mail or block state.
func controls(ctx context.Context, tx pgx.Tx, actorID, targetID int64) (bool, error) {
	var ok bool
	err := tx.QueryRow(ctx, `SELECT NOT EXISTS (
			SELECT 1 FROM memberships t
			WHERE t.user_id = $2 AND NOT EXISTS (
				SELECT 1 FROM memberships c
				JOIN account_roles r ON r.account_id = c.account_id AND r.name = c.role AND r.id = $3::bigint
				WHERE c.user_id = $1 AND c.account_id = t.account_id AND NOT c.blocked))`,
		actorID, targetID, authz.AdminRoleID).Scan(&ok)
	return ok, err
}

// controlled runs change on a member of the actor's account whose credentials the
// actor controls (see controls); a refused attempt changes nothing and is audited
// as denied_<action>.
func (s *Store) controlled(ctx context.Context, a Actor, userID int64, action string, change func(tx pgx.Tx, u User) error) error {
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		u, err := member(ctx, tx, a.AccountID, userID)
		if err != nil {
			return err
		}
		ok, err := controls(ctx, tx, a.UserID, userID)
		if err != nil {
			return err
		}
		if !ok {
			return ErrNotControlled
		}
		return change(tx, u)
	})
	if errors.Is(err, ErrNotControlled) {
		if aerr := s.auditDenied(ctx, a, action, "user", userID, nil); aerr != nil {
			return aerr
		}
	}
	return err
}

// member locks and returns the target user of a user-management call, which must be
// assigned to the actor's account (blocked or not: a blocked member can still be
// deleted). User.Blocked is the membership's block state.
func member(ctx context.Context, tx pgx.Tx, accountID, userID int64) (User, error) {
	return scanUser(tx.QueryRow(ctx, `SELECT u.id, u.email, u.password_hash, u.is_saml, m.blocked
		FROM users u JOIN memberships m ON m.user_id = u.id AND m.account_id = $1
		WHERE u.id = $2 FOR UPDATE OF u, m`, accountID, userID))
}

// activeMember is member for calls that apply to unblocked members only.
func activeMember(ctx context.Context, tx pgx.Tx, accountID, userID int64) (User, error) {
	u, err := member(ctx, tx, accountID, userID)
	if err == nil && u.Blocked {
		return u, NotFound("User not found")
	}
	return u, err
}

// ErrSSOUser is returned when a call that only internal users support targets an SSO user.
var ErrSSOUser = &Error{Kind: KindConflict, Message: "can't do action to sso user"}

// RemoveMember removes a user's assignment to the account, blocked or not. A user
// whose last membership this was and who never signed in (an invitation sent to a
// mistyped address) is deleted as well, so the address can be invited again cleanly.
func (s *Store) RemoveMember(ctx context.Context, a Actor, userID int64) error {
	return s.inTx(ctx, func(tx pgx.Tx) error {
		u, err := member(ctx, tx, a.AccountID, userID)
		if err != nil {
			return err
		}
		if u.IsSSO {
			return ErrSSOUser
		}
		if userID == a.UserID {
			return Conflict("You can't delete yourself")
		}
		if err := keepingPermissionAdmins(ctx, tx, a.AccountID, func() error {
			_, err := tx.Exec(ctx, `DELETE FROM memberships WHERE user_id = $1 AND account_id = $2`, userID, a.AccountID)
			return err
		}); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `DELETE FROM sessions WHERE user_id = $1 AND account_id = $2`, userID, a.AccountID); err != nil {
			return err
		}
		tag, err := tx.Exec(ctx, `DELETE FROM users WHERE id = $1 AND last_login_at IS NULL
			AND NOT EXISTS (SELECT 1 FROM memberships WHERE user_id = $1)`, userID)
		if err != nil {
			return err
		}
		return audit(ctx, tx, a, "delete", "membership", userID, map[string]any{"email": u.Email, "user_deleted": tag.RowsAffected() == 1})
	})
}

// BlockMember blocks a user in the account: the membership stays but grants nothing,
// and the user's sessions end. Blocking needs control of the user (see controls).
func (s *Store) BlockMember(ctx context.Context, a Actor, userID int64) error {
	return s.controlled(ctx, a, userID, "block", func(tx pgx.Tx, u User) error {
		if u.Blocked {
			return NotFound("User not found")
		}
		if userID == a.UserID {
			return Conflict("You can't block yourself")
		}
		if err := keepingPermissionAdmins(ctx, tx, a.AccountID, func() error {
			_, err := tx.Exec(ctx, `UPDATE memberships SET blocked = true WHERE user_id = $1 AND account_id = $2`, userID, a.AccountID)
			return err
		}); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `DELETE FROM sessions WHERE user_id = $1 AND account_id = $2`, userID, a.AccountID); err != nil {
			return err
		}
		return audit(ctx, tx, a, "block", "membership", userID, map[string]any{"email": u.Email})
	})
}

// ResetMemberPassword sets a new password hash for an internal user of the account
// whom the actor controls (see controls) and ends the user's sessions.
func (s *Store) ResetMemberPassword(ctx context.Context, a Actor, userID int64, hash string) error {
	return s.controlled(ctx, a, userID, "reset_password", func(tx pgx.Tx, u User) error {
		if u.Blocked {
			return NotFound("User not found")
		}
		if u.IsSSO {
			return ErrSSOUser
		}
		if _, err := tx.Exec(ctx, `UPDATE users SET password_hash = $1 WHERE id = $2`, hash, userID); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `DELETE FROM sessions WHERE user_id = $1`, userID); err != nil {
			return err
		}
		return audit(ctx, tx, a, "reset_password", "user", userID, nil)
	})
}

// SetPassword sets the password hash of the internal user with this e-mail and
// ends the user's sessions, as a reset does. It is the operator's way in
// (`pricelens user set-password`): no account or actor, so the audit row names
// neither; an unknown address is NotFound and an SSO user, who has no password
// here, ErrSSOUser.
func (s *Store) SetPassword(ctx context.Context, email, hash string) error {
	return s.inTx(ctx, func(tx pgx.Tx) error {
		u, err := scanUser(tx.QueryRow(ctx, `SELECT `+userCols+` FROM users WHERE lower(email) = lower($1) FOR UPDATE`, strings.TrimSpace(email)))
		if err != nil {
			return err
		}
		if u.IsSSO {
			return ErrSSOUser
		}
		if _, err := tx.Exec(ctx, `UPDATE users SET password_hash = $1 WHERE id = $2`, hash, u.ID); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `DELETE FROM sessions WHERE user_id = $1`, u.ID); err != nil {
			return err
		}
		return audit(ctx, tx, Actor{}, "set_password", "user", u.ID, map[string]any{"email": u.Email, "by": "command line"})
	})
}

// UpdateMember changes a member's role (one of the account's) and/or categories
// (nil leaves either unchanged). Nobody changes their own role, and a change that
// leaves nobody able to manage permissions is refused.
func (s *Store) UpdateMember(ctx context.Context, a Actor, userID int64, ref *authz.RoleRef, categories []string) error {
	return s.inTx(ctx, func(tx pgx.Tx) error {
		if _, err := activeMember(ctx, tx, a.AccountID, userID); err != nil {
			return err
		}
		var role *string
		if ref != nil {
			r, err := resolveRole(ctx, tx, a.AccountID, *ref, "role")
			if err != nil {
				return err
			}
			role = &r.Name
			var current string
			if err := tx.QueryRow(ctx, `SELECT role FROM memberships WHERE user_id = $1 AND account_id = $2`, userID, a.AccountID).Scan(&current); err != nil {
				return err
			}
			if userID == a.UserID && current != r.Name {
				return Conflict("You can't change your own role")
			}
			if err := keepingPermissionAdmins(ctx, tx, a.AccountID, func() error {
				_, err := tx.Exec(ctx, `UPDATE memberships SET role = $1 WHERE user_id = $2 AND account_id = $3`, r.Name, userID, a.AccountID)
				return err
			}); err != nil {
				return err
			}
		}
		if categories != nil {
			if _, err := tx.Exec(ctx, `UPDATE memberships SET categories = $1 WHERE user_id = $2 AND account_id = $3`, categories, userID, a.AccountID); err != nil {
				return err
			}
		}
		return audit(ctx, tx, a, "update", "membership", userID, map[string]any{"role": role, "categories": categories})
	})
}

// SetOwnEmail changes the actor's own e-mail (internal users only).
func (s *Store) SetOwnEmail(ctx context.Context, a Actor, email string) error {
	return s.inTx(ctx, func(tx pgx.Tx) error {
		u, err := scanUser(tx.QueryRow(ctx, `SELECT `+userCols+` FROM users WHERE id = $1 FOR UPDATE`, a.UserID))
		if err != nil {
			return err
		}
		if u.IsSSO {
			return Conflict("Single sign-on users change their e-mail at their identity provider")
		}
		if _, err := tx.Exec(ctx, `UPDATE users SET email = $1 WHERE id = $2`, email, a.UserID); err != nil {
			if isUniqueViolation(err) {
				return Conflict("This email address is already in use")
			}
			return err
		}
		return audit(ctx, tx, a, "update_email", "user", a.UserID, map[string]any{"from": u.Email, "to": email})
	})
}

// UserID finds a user's id by e-mail, case-insensitively; found is false when there
// is none.
func (t *Tx) UserID(ctx context.Context, email string) (id int64, found bool, err error) {
	err = t.tx.QueryRow(ctx, `SELECT id FROM users WHERE lower(email) = lower($1)`, email).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, false, nil
	}
	return id, err == nil, err
}

// CreateUser creates an internal user with a password hash (the demo seeder's
// users; the actor is the system, UserID 0) and audits it.
func (t *Tx) CreateUser(ctx context.Context, a Actor, email, passwordHash string) (int64, error) {
	var id int64
	err := t.tx.QueryRow(ctx, `INSERT INTO users (email, password_hash) VALUES ($1, $2) RETURNING id`, email, passwordHash).Scan(&id)
	if isUniqueViolation(err) {
		return 0, Conflict("A user with this e-mail already exists")
	}
	if err != nil {
		return 0, err
	}
	return id, audit(ctx, t.tx, a, "create", "user", id, map[string]any{"email": email})
}

// SetMembership assigns a user to an account with the role and categories, or
// changes an assignment to them; when it is already so nothing is written. The
// block state is left as it is.
func (t *Tx) SetMembership(ctx context.Context, a Actor, userID, accountID int64, role string, categories []string) error {
	if categories == nil {
		categories = []string{}
	}
	var inserted bool
	err := t.tx.QueryRow(ctx, `INSERT INTO memberships (user_id, account_id, role, categories) VALUES ($1, $2, $3, $4)
		ON CONFLICT (user_id, account_id) DO UPDATE SET role = EXCLUDED.role, categories = EXCLUDED.categories
		WHERE (memberships.role, memberships.categories) IS DISTINCT FROM (EXCLUDED.role, EXCLUDED.categories)
		RETURNING xmax = 0`, userID, accountID, role, categories).Scan(&inserted)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil
	}
	if err != nil {
		return err
	}
	return audit(ctx, t.tx, Actor{UserID: a.UserID, AccountID: accountID}, map[bool]string{true: "assign", false: "update"}[inserted],
		"membership", userID, map[string]any{"role": role, "categories": categories})
}
