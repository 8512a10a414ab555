package store

import (
	"context"
)

// SuperCategory is a super category of an account with its id.
type SuperCategory struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// SuperCategoryIDs returns the ids of an account's super category names, giving
// each name it has not seen yet the next id (ids never change or go away).
func (s *Store) SuperCategoryIDs(ctx context.Context, accountID int64, names []string) (map[string]int64, error) {
	out := map[string]int64{}
	if len(names) == 0 {
		return out, nil
	}
	if _, err := s.DB.Exec(ctx, `INSERT INTO super_categories (account_id, name) SELECT $1, n FROM unnest($2::text[]) n
		ORDER BY n ON CONFLICT DO NOTHING`, accountID, names); err != nil {
		return nil, err
	}
	rows, err := s.DB.Query(ctx, `SELECT id, name FROM super_categories WHERE account_id = $1 AND name = ANY($2)`, accountID, names)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var c SuperCategory
		if err := rows.Scan(&c.ID, &c.Name); err != nil {
			return nil, err
		}
		out[c.Name] = c.ID
	}
	return out, rows.Err()
}

// SuperCategoryNames resolves super category ids of the account to their names, in
// the order given; an id the account does not have is a 400 naming field.
func (s *Store) SuperCategoryNames(ctx context.Context, accountID int64, ids []int64, field string) ([]string, error) {
	names := make([]string, 0, len(ids))
	if len(ids) == 0 {
		return names, nil
	}
	byID := map[int64]string{}
	rows, err := s.DB.Query(ctx, `SELECT id, name FROM super_categories WHERE account_id = $1 AND id = ANY($2)`, accountID, ids)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var c SuperCategory
		if err := rows.Scan(&c.ID, &c.Name); err != nil {
			return nil, err
		}
		byID[c.ID] = c.Name
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	seen := map[int64]bool{}
	for _, id := range ids {
		name, ok := byID[id]
		if !ok {
			return nil, Invalid(field, "Unknown category")
		}
		if !seen[id] {
			seen[id] = true
			names = append(names, name)
		}
	}
	return names, nil
}
