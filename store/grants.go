package store

import (
	"context"

	"github.com/jackc/pgx/v5"

	"pricelens/store/authz"
)

// AccountGrants returns an account's role grants: its own rows once they were
// edited, the compiled defaults before.
func (s *Store) AccountGrants(ctx context.Context, accountID int64) ([]authz.Grant, error) {
	var custom bool
	if err := s.DB.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM role_grants_accounts WHERE account_id = $1)`, accountID).Scan(&custom); err != nil {
		return nil, err
	}
	if !custom {
		return authz.DefaultGrants(), nil
	}
	rows, err := s.DB.Query(ctx, `SELECT role, resource, action, code FROM role_grants WHERE account_id = $1`, accountID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (authz.Grant, error) {
		var g authz.Grant
		var res, code int16
		var act string
		err := r.Scan(&g.Role, &res, &act, &code)
		g.Resource, g.Action, g.Code = authz.Resource(res), authz.Action(act), authz.Code(code)
		return g, err
	})
}

// SetGrant grants or revokes one (resource, action, code) of one of the account's
// roles, named by g.Role. The first edit copies the defaults into the account's own
// rows, in the same transaction. A revoke that would leave nobody able to manage
// permissions is refused (409).
func (s *Store) SetGrant(ctx context.Context, a Actor, g authz.Grant, granted bool) error {
	return s.inTx(ctx, func(tx pgx.Tx) error {
		role, err := resolveRole(ctx, tx, a.AccountID, authz.RoleRef{Name: g.Role}, "roleName")
		if err != nil {
			return err
		}
		g.Role = role.Name
		if err := ownGrants(ctx, tx, a.AccountID); err != nil {
			return err
		}
		if granted {
			_, err = tx.Exec(ctx, `INSERT INTO role_grants (account_id, role, resource, action, code) VALUES ($1, $2, $3, $4, $5)
				ON CONFLICT DO NOTHING`, a.AccountID, g.Role, int(g.Resource), string(g.Action), int(g.Code))
		} else {
			err = keepingPermissionAdmins(ctx, tx, a.AccountID, func() error {
				_, err := tx.Exec(ctx, `DELETE FROM role_grants WHERE account_id = $1 AND role = $2 AND resource = $3 AND action = $4 AND code = $5`,
					a.AccountID, g.Role, int(g.Resource), string(g.Action), int(g.Code))
				return err
			})
		}
		if err != nil {
			return err
		}
		return audit(ctx, tx, a, map[bool]string{true: "grant", false: "revoke"}[granted], "permission", g.RowID(), map[string]any{"role": g.Role})
	})
}
