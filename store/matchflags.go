package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

// MatchFlag is an analyst's report that a competitor's offer is not the same
// product as the account's (match feedback). Open flags are part of the account's
// catalog (Catalog.Flagged), so the grid leaves the pair out of every comparison
// from the next request on. It is also the answer of getFlags, field for field.
type MatchFlag struct {
	ProductID           string     `json:"product_id" openapi:"always"`
	CompetitorID        int64      `json:"competitor_id" openapi:"always"`
	CompetitorName      string     `json:"competitor_name" openapi:"always"`
	CompetitorProductID string     `json:"competitor_product_id" openapi:"always"`
	Reason              string     `json:"reason" openapi:"always"`
	Status              string     `json:"status" openapi:"always"` // open or resolved
	FlaggedBy           string     `json:"flagged_by" openapi:"always"`
	FlaggedAt           time.Time  `json:"flagged_at" openapi:"always"`
	ResolvedBy          string     `json:"resolved_by" openapi:"always"`
	ResolvedAt          *time.Time `json:"resolved_at" openapi:"always"`
}

// Match flag statuses.
const (
	FlagOpen     = "open"
	FlagResolved = "resolved"
)

// FlagMatch flags (or reopens) the match of a product to one of the account's
// competitors. A competitor of another account is NotFound.
func (s *Store) FlagMatch(ctx context.Context, a Actor, productID string, competitorID int64, competitorProductID, reason string) error {
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `INSERT INTO match_flags (account_id, product_id, competitor_id, competitor_product_id, reason, flagged_by)
			SELECT $1, $2, c.id, $4, $5, $6 FROM competitors c WHERE c.id = $3 AND c.account_id = $1
			ON CONFLICT (account_id, product_id, competitor_id) DO UPDATE SET status = 'open', reason = EXCLUDED.reason,
				competitor_product_id = EXCLUDED.competitor_product_id, flagged_by = EXCLUDED.flagged_by, flagged_at = now(),
				resolved_by = NULL, resolved_at = NULL`,
			a.AccountID, productID, competitorID, competitorProductID, reason, nullID(a.UserID))
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return NotFound("Competitor not found")
		}
		return audit(ctx, tx, a, "flag", "match", productID, map[string]any{"competitor_id": competitorID, "reason": reason})
	})
	s.forgetCatalog(a.AccountID)
	return err
}

// UnflagMatch takes a flag back (the match was right after all): the row goes.
func (s *Store) UnflagMatch(ctx context.Context, a Actor, productID string, competitorID int64) error {
	return s.changeFlag(ctx, a, "unflag", productID, competitorID,
		`DELETE FROM match_flags WHERE account_id = $1 AND product_id = $2 AND competitor_id = $3`)
}

// ResolveMatch marks a flag resolved (the data team fixed the match): the pair
// counts again and the flag stays listed as resolved.
func (s *Store) ResolveMatch(ctx context.Context, a Actor, productID string, competitorID int64) error {
	return s.changeFlag(ctx, a, "resolve", productID, competitorID,
		`UPDATE match_flags SET status = 'resolved', resolved_by = $4, resolved_at = now()
			WHERE account_id = $1 AND product_id = $2 AND competitor_id = $3 AND status = 'open'`, nullID(a.UserID))
}

// changeFlag runs one change of a flag ($1 account, $2 product, $3 competitor,
// then extra) with its audit row; a flag that is not there is NotFound.
func (s *Store) changeFlag(ctx context.Context, a Actor, action, productID string, competitorID int64, sql string, extra ...any) error {
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, sql, append([]any{a.AccountID, productID, competitorID}, extra...)...)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return NotFound("This match is not flagged")
		}
		return audit(ctx, tx, a, action, "match", productID, map[string]any{"competitor_id": competitorID})
	})
	s.forgetCatalog(a.AccountID)
	return err
}

// MatchFlags lists the account's flags, open ones first, newest first; status ""
// lists every flag, else only that status.
func (s *Store) MatchFlags(ctx context.Context, accountID int64, status string) ([]MatchFlag, error) {
	if status != "" && status != FlagOpen && status != FlagResolved {
		return nil, errors.New("store: unknown match flag status " + status)
	}
	rows, err := s.DB.Query(ctx, `SELECT f.product_id, f.competitor_id, c.name, f.competitor_product_id, f.reason, f.status,
			coalesce(fu.email, ''), f.flagged_at, coalesce(ru.email, ''), f.resolved_at
		FROM match_flags f JOIN competitors c ON c.id = f.competitor_id AND c.account_id = f.account_id
		LEFT JOIN users fu ON fu.id = f.flagged_by LEFT JOIN users ru ON ru.id = f.resolved_by
		WHERE f.account_id = $1 AND ($2 = '' OR f.status = $2)
		ORDER BY f.status = 'open' DESC, f.flagged_at DESC, f.product_id, f.competitor_id`, accountID, status)
	if err != nil {
		return nil, fmt.Errorf("postgres: read match flags: %w", err)
	}
	var out []MatchFlag
	var f MatchFlag
	_, err = pgx.ForEachRow(rows, []any{&f.ProductID, &f.CompetitorID, &f.CompetitorName, &f.CompetitorProductID, &f.Reason, &f.Status,
		&f.FlaggedBy, &f.FlaggedAt, &f.ResolvedBy, &f.ResolvedAt}, func() error {
		out = append(out, f)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("postgres: read match flags: %w", err)
	}
	return out, nil
}
