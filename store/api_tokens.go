package store

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
)

// TokenMember is the user and membership a bearer token names, read on each
// request the token makes, so a user blocked or removed from the account loses a
// token's access at once rather than when it expires. found is false when the
// user or the membership is gone or blocked.
func (s *Store) TokenMember(ctx context.Context, userID, accountID int64) (m Membership, email string, isSSO, found bool, err error) {
	err = s.DB.QueryRow(ctx, `SELECT m.role, m.categories, u.email, u.is_saml
		FROM memberships m JOIN users u ON u.id = m.user_id
		WHERE m.user_id = $1 AND m.account_id = $2 AND NOT m.blocked AND NOT u.blocked`, userID, accountID).
		Scan(&m.Role, &m.Categories, &email, &isSSO)
	if errors.Is(err, pgx.ErrNoRows) {
		return m, "", false, false, nil
	}
	return m, email, isSSO, err == nil, err
}
