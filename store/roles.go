package store

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"

	"pricelens/store/authz"
)

// Role is one of an account's roles: its role-type id and name (account data
// role_types, the users grid's Role column, the permissions grid's columns).
type Role struct {
	ID   int    `json:"id" openapi:"always"`
	Name string `json:"name" openapi:"always"`
}

// AccountRoles lists an account's roles by id.
func (s *Store) AccountRoles(ctx context.Context, accountID int64) ([]Role, error) {
	rows, err := s.DB.Query(ctx, `SELECT id, name FROM account_roles WHERE account_id = $1 ORDER BY id`, accountID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[Role])
}

// errUnknownRole answers a role reference that names none of the account's roles.
func errUnknownRole(field string) error { return Invalid(field, "Unknown role") }

// resolveRole finds the account's role a request names (by id, or by name ignoring
// case); field names the request field in the error.
func resolveRole(ctx context.Context, q pgx.Tx, accountID int64, ref authz.RoleRef, field string) (Role, error) {
	var r Role
	err := q.QueryRow(ctx, `SELECT id, name FROM account_roles WHERE account_id = $1 AND (id = $2::bigint OR lower(name) = lower($3))`,
		accountID, ref.ID, ref.Name).Scan(&r.ID, &r.Name)
	if errors.Is(err, pgx.ErrNoRows) {
		return r, errUnknownRole(field)
	}
	return r, err
}

// cleanRoleName trims a role name and checks it: 1–50 characters, not only digits
// (a number names a role by its id).
func cleanRoleName(name string) (string, error) {
	name = strings.TrimSpace(name)
	if name == "" {
		return "", Invalid("roleName", "Role name is required")
	}
	if strings.Trim(name, "0123456789") == "" {
		return "", Invalid("roleName", "A role name can't be only digits")
	}
	if len([]rune(name)) > 50 {
		return "", Invalid("roleName", "A role name can't be longer than 50 characters")
	}
	return name, nil
}

// errRoleTaken answers a name another role of the account already has.
var errRoleTaken = &Error{Kind: KindConflict, Message: "A role with this name already exists", Field: "roleName"}

// AddRole adds a role to the account with the next id; it holds no permission until
// they are ticked in the permissions grid.
func (s *Store) AddRole(ctx context.Context, a Actor, name string) (Role, error) {
	name, err := cleanRoleName(name)
	if err != nil {
		return Role{}, err
	}
	r := Role{Name: name}
	err = s.inTx(ctx, func(tx pgx.Tx) error {
		if err := ownGrants(ctx, tx, a.AccountID); err != nil {
			return err
		}
		err := tx.QueryRow(ctx, `INSERT INTO account_roles (account_id, id, name)
			SELECT $1, coalesce(max(id), 0) + 1, $2 FROM account_roles WHERE account_id = $1 RETURNING id`, a.AccountID, name).Scan(&r.ID)
		if isUniqueViolation(err) {
			return errRoleTaken
		}
		if err != nil {
			return err
		}
		return audit(ctx, tx, a, "create", "role", r.ID, map[string]any{"name": name})
	})
	return r, err
}

// RenameRole renames one of the account's roles; its members and grants follow
// (the foreign keys cascade the name).
func (s *Store) RenameRole(ctx context.Context, a Actor, id int, name string) error {
	name, err := cleanRoleName(name)
	if err != nil {
		return err
	}
	return s.inTx(ctx, func(tx pgx.Tx) error {
		if err := ownGrants(ctx, tx, a.AccountID); err != nil {
			return err
		}
		var old string
		err := tx.QueryRow(ctx, `SELECT name FROM account_roles WHERE account_id = $1 AND id = $2::bigint FOR UPDATE`, a.AccountID, id).Scan(&old)
		if errors.Is(err, pgx.ErrNoRows) {
			return NotFound("Role not found")
		}
		if err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `UPDATE account_roles SET name = $3 WHERE account_id = $1 AND id = $2::bigint`, a.AccountID, id, name)
		if isUniqueViolation(err) {
			return errRoleTaken
		}
		if err != nil {
			return err
		}
		return audit(ctx, tx, a, "rename", "role", id, map[string]any{"from": old, "to": name})
	})
}

// Roles that stay: 1 is the account's administrator role (its members reset and
// block users) and 2 the new-user default (the add-user dialog's role type 2).
var (
	errDeleteAdminRole   = Conflict("The administrator role can't be deleted; rename it instead")
	errDeleteDefaultRole = Conflict("The new users' default role can't be deleted; rename it instead")
)

// DeleteRole deletes one of the account's roles and its grants (the foreign key
// cascades them), refused with a conflict naming how many users still hold it:
// they must get another role first. The caller invalidates the account's policy.
func (s *Store) DeleteRole(ctx context.Context, a Actor, id int) error {
	switch id {
	case 1:
		return errDeleteAdminRole
	case 2:
		return errDeleteDefaultRole
	}
	return s.inTx(ctx, func(tx pgx.Tx) error {
		if err := ownGrants(ctx, tx, a.AccountID); err != nil {
			return err
		}
		var name string
		err := tx.QueryRow(ctx, `SELECT name FROM account_roles WHERE account_id = $1 AND id = $2::bigint FOR UPDATE`, a.AccountID, id).Scan(&name)
		if errors.Is(err, pgx.ErrNoRows) {
			return NotFound("Role not found")
		}
		if err != nil {
			return err
		}
		// The row lock above orders this against a concurrent updateUser giving the
		// role (its foreign key check takes a share lock on the role's row).
		var holders int
		if err := tx.QueryRow(ctx, `SELECT count(*) FROM memberships WHERE account_id = $1 AND role = $2`, a.AccountID, name).Scan(&holders); err != nil {
			return err
		}
		if holders > 0 {
			users := "users still hold"
			if holders == 1 {
				users = "user still holds"
			}
			return Conflict(fmt.Sprintf("The role %q can't be deleted: %d %s it. Give them another role first.", name, holders, users))
		}
		if _, err := tx.Exec(ctx, `DELETE FROM account_roles WHERE account_id = $1 AND id = $2::bigint`, a.AccountID, id); err != nil {
			return err
		}
		return audit(ctx, tx, a, "delete", "role", id, map[string]any{"name": name})
	})
}

// ownGrants makes the account's grants its own rows (a copy of the defaults the
// first time) and locks the account's grant marker, so that changes to roles and
// grants of one account happen one after another. Defaults are keyed by the seeded
// role names, so a role is renamed or added only once the grants are the account's.
func ownGrants(ctx context.Context, tx pgx.Tx, accountID int64) error {
	tag, err := tx.Exec(ctx, `INSERT INTO role_grants_accounts (account_id) VALUES ($1) ON CONFLICT DO NOTHING`, accountID)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		_, err = tx.Exec(ctx, `UPDATE role_grants_accounts SET updated_at = now() WHERE account_id = $1`, accountID)
		return err
	}
	for _, d := range authz.DefaultGrants() {
		if _, err := tx.Exec(ctx, `INSERT INTO role_grants (account_id, role, resource, action, code) VALUES ($1, $2, $3, $4, $5)`,
			accountID, d.Role, int(d.Resource), string(d.Action), int(d.Code)); err != nil {
			return err
		}
	}
	return nil
}

// errLockout refuses a change after which no user of the account could manage
// permissions any more: nobody could undo it from the application.
var errLockout = Conflict("This change would leave no user of the account able to manage permissions")

// permissionAdmins reports whether some unblocked member of the account holds a role
// that may both read and update the permissions grid. It first locks the account
// row, so concurrent changes to members and grants of one account are checked one
// after another (each check statement then sees the other's committed change).
func permissionAdmins(ctx context.Context, tx pgx.Tx, accountID int64) (bool, error) {
	if _, err := tx.Exec(ctx, `SELECT 1 FROM accounts WHERE id = $1 FOR NO KEY UPDATE`, accountID); err != nil {
		return false, err
	}
	code := int(authz.ManagePermissionToRole)
	var ok bool
	err := tx.QueryRow(ctx, `
		WITH holders AS (
			SELECT role FROM role_grants WHERE account_id = $1 AND code = $2 AND action IN ('read:any', 'update:any')
			GROUP BY role HAVING count(DISTINCT action) = 2
			UNION ALL
			SELECT unnest($3::text[]) WHERE NOT EXISTS (SELECT 1 FROM role_grants_accounts WHERE account_id = $1))
		SELECT EXISTS (SELECT 1 FROM memberships WHERE account_id = $1 AND NOT blocked AND role IN (SELECT role FROM holders))`,
		accountID, code, defaultPermissionAdmins()).Scan(&ok)
	return ok, err
}

// defaultPermissionAdmins are the roles that may read and update the permissions
// grid under the default grants.
func defaultPermissionAdmins() []string {
	acts := map[string]int{}
	for _, g := range authz.DefaultGrants() {
		if g.Code == authz.ManagePermissionToRole && (g.Action == authz.Read || g.Action == authz.Update) {
			acts[g.Role]++
		}
	}
	var out []string
	for role, n := range acts {
		if n == 2 {
			out = append(out, role)
		}
	}
	return out
}

// keepingPermissionAdmins runs change and refuses it (errLockout) when the account
// had a user able to manage permissions before and has none after.
func keepingPermissionAdmins(ctx context.Context, tx pgx.Tx, accountID int64, change func() error) error {
	before, err := permissionAdmins(ctx, tx, accountID)
	if err != nil {
		return err
	}
	if err := change(); err != nil {
		return err
	}
	if !before {
		return nil
	}
	after, err := permissionAdmins(ctx, tx, accountID)
	if err != nil {
		return err
	}
	if !after {
		return errLockout
	}
	return nil
}
