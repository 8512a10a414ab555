package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"pricelens/engine"
)

// MandatedBrand is a mandated brand of the account (docs/pricer.md): the brand in the
// super category's Verticals, every vertical when empty.
type MandatedBrand struct {
	ID            int64     `json:"id" openapi:"always"`
	SuperCategory string    `json:"super_category" openapi:"always"`
	Verticals     []string  `json:"verticals" openapi:"always"`
	Brand         string    `json:"brand" openapi:"always"`
	Comment       string    `json:"comment" openapi:"always"`
	CreatedBy     string    `json:"created_by" openapi:"always"` // e-mail; "" when the user is gone
	CreatedAt     time.Time `json:"created_at" openapi:"always"`
}

// MandatedBrands lists the account's mandated brands within the super
// categories given (empty: all), by super category and brand.
func (s *Store) MandatedBrands(ctx context.Context, accountID int64, categories []string) ([]MandatedBrand, error) {
	rows, err := s.DB.Query(ctx, `SELECT m.id, m.super_category, m.verticals, m.brand, m.comment, coalesce(u.email, ''), m.created_at
		FROM mandated_brands m LEFT JOIN users u ON u.id = m.created_by
		WHERE m.account_id = $1 AND (cardinality($2::text[]) = 0 OR m.super_category = ANY($2))
		ORDER BY lower(m.super_category), lower(m.brand), m.id`, accountID, categories)
	if err != nil {
		return nil, err
	}
	out, err := pgx.CollectRows(rows, pgx.RowToStructByPos[MandatedBrand])
	if out == nil {
		out = []MandatedBrand{}
	}
	return out, err
}

// SaveMandatedBrands mandates every brand in every super category given, each in
// verticals (empty: all), with the comment, in one transaction. A (super category,
// brand) already mandated takes the new verticals and comment. The caller has
// checked the super categories against the user's category access.
func (s *Store) SaveMandatedBrands(ctx context.Context, a Actor, superCategories, verticals, brands []string, comment string) error {
	if verticals == nil {
		verticals = []string{}
	}
	return s.inTx(ctx, func(tx pgx.Tx) error {
		for _, sc := range superCategories {
			for _, b := range brands {
				var id int64
				if err := tx.QueryRow(ctx, `INSERT INTO mandated_brands (account_id, super_category, verticals, brand, comment, created_by)
					VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT ON CONSTRAINT mandated_brands_one DO UPDATE
					SET verticals = EXCLUDED.verticals, comment = EXCLUDED.comment, created_by = EXCLUDED.created_by, created_at = now()
					RETURNING id`, a.AccountID, sc, verticals, b, comment, nullID(a.UserID)).Scan(&id); err != nil {
					return err
				}
				if err := audit(ctx, tx, a, "save", "mandated_brand", id, map[string]any{"super_category": sc, "verticals": verticals,
					"brand": b, "comment": comment}); err != nil {
					return err
				}
			}
		}
		return nil
	})
}

// DeleteMandatedBrands deletes mandated brands of the account within the super
// categories given (empty: all): every id, or none when one of them is not such
// a mandated brand.
func (s *Store) DeleteMandatedBrands(ctx context.Context, a Actor, ids []int64, categories []string) error {
	return s.inTx(ctx, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `DELETE FROM mandated_brands WHERE account_id = $1 AND id = ANY($2)
			AND (cardinality($3::text[]) = 0 OR super_category = ANY($3)) RETURNING id, super_category, brand`, a.AccountID, ids, categories)
		if err != nil {
			return err
		}
		type gone struct {
			ID           int64
			Super, Brand string
		}
		deleted, err := pgx.CollectRows(rows, pgx.RowToStructByPos[gone])
		if err != nil {
			return err
		}
		if n := distinct(ids); len(deleted) != n {
			return NotFound(fmt.Sprintf("%d of the %d mandated brands to delete do not exist (or are outside your categories); nothing was deleted",
				n-len(deleted), n))
		}
		for _, d := range deleted {
			if err := audit(ctx, tx, a, "delete", "mandated_brand", d.ID, map[string]any{"super_category": d.Super, "brand": d.Brand}); err != nil {
				return err
			}
		}
		return nil
	})
}

func distinct(ids []int64) int {
	seen := map[int64]bool{}
	for _, id := range ids {
		seen[id] = true
	}
	return len(seen)
}

// MandatedFSN is a row of a mandated FSN upload.
type MandatedFSN struct {
	Line    int // the file's line, for the report
	FSN     string
	Comment string
}

// Refusal is a row of an upload that was not applied, and why.
type Refusal struct {
	Line   int    `json:"line" openapi:"always"`
	FSN    string `json:"fsn" openapi:"always"`
	Reason string `json:"reason" openapi:"always"`
}

// AddMandatedFSNs mandates the FSNs (a mandated one takes the new comment) in one
// transaction with one audit row.
func (s *Store) AddMandatedFSNs(ctx context.Context, a Actor, rows []MandatedFSN) error {
	ids, comments := make([]string, len(rows)), make([]string, len(rows))
	for i, r := range rows {
		ids[i], comments[i] = r.FSN, r.Comment
	}
	return s.inTx(ctx, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `INSERT INTO mandated_fsns (account_id, product_id, comment, created_by)
			SELECT $1, f, c, $4 FROM unnest($2::text[], $3::text[]) AS u(f, c)
			ON CONFLICT (account_id, product_id) DO UPDATE SET comment = EXCLUDED.comment, created_by = EXCLUDED.created_by, created_at = now()`,
			a.AccountID, ids, comments, nullID(a.UserID)); err != nil {
			return err
		}
		return audit(ctx, tx, a, "add", "mandated_fsns", len(rows), map[string]any{"fsns": len(rows)})
	})
}

// RemoveMandatedFSNs removes the FSNs from the mandated ones, all or none: a row
// naming an FSN that is not mandated is refused, and then nothing changes.
func (s *Store) RemoveMandatedFSNs(ctx context.Context, a Actor, rows []MandatedFSN) ([]Refusal, error) {
	ids := make([]string, len(rows))
	for i, r := range rows {
		ids[i] = r.FSN
	}
	var refused []Refusal
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		res, err := tx.Query(ctx, `DELETE FROM mandated_fsns WHERE account_id = $1 AND product_id = ANY($2) RETURNING product_id`, a.AccountID, ids)
		if err != nil {
			return err
		}
		gone, err := pgx.CollectRows(res, pgx.RowTo[string])
		if err != nil {
			return err
		}
		was := make(map[string]bool, len(gone))
		for _, g := range gone {
			was[g] = true
		}
		for _, r := range rows {
			if !was[r.FSN] {
				refused = append(refused, Refusal{Line: r.Line, FSN: r.FSN, Reason: "this FSN is not mandated"})
			}
		}
		if len(refused) > 0 {
			return errRefused
		}
		return audit(ctx, tx, a, "remove", "mandated_fsns", len(rows), map[string]any{"fsns": len(rows)})
	})
	if errors.Is(err, errRefused) {
		return refused, nil
	}
	return nil, err
}

var errRefused = errors.New("rows refused")

// MandatedFSNCount is how many FSNs the account has mandated.
func (s *Store) MandatedFSNCount(ctx context.Context, accountID int64) (int64, error) {
	var n int64
	err := s.DB.QueryRow(ctx, `SELECT count(*) FROM mandated_fsns WHERE account_id = $1`, accountID).Scan(&n)
	return n, err
}

// EngineMandated is what a pricer run of the account keeps out of automatic
// changes (engine.Account.Mandated).
func (s *Store) EngineMandated(ctx context.Context, accountID int64) (*engine.Mandated, error) {
	m := &engine.Mandated{}
	rows, err := s.DB.Query(ctx, `SELECT super_category, verticals, brand FROM mandated_brands WHERE account_id = $1`, accountID)
	if err != nil {
		return nil, err
	}
	if m.Brands, err = pgx.CollectRows(rows, pgx.RowToStructByPos[engine.MandatedBrand]); err != nil {
		return nil, err
	}
	rows, err = s.DB.Query(ctx, `SELECT product_id FROM mandated_fsns WHERE account_id = $1`, accountID)
	if err != nil {
		return nil, err
	}
	if m.FSNs, err = pgx.CollectRows(rows, pgx.RowTo[string]); err != nil {
		return nil, err
	}
	return m, nil
}
