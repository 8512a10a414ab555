package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"

	"pricelens/jobs/kinds"
)

// Label of an account.
type Label struct {
	ID          int64  `json:"id"`
	Name        string `json:"name"`
	Color       string `json:"color"`
	SSOReadOnly bool   `json:"sso_user_read_only"`
}

// TopicProductLabels is the outbox topic of label assignments mirrored to ClickHouse.
const TopicProductLabels = "product_labels"

// ProductLabelsChange is the outbox payload: one label (un)assigned on many products.
type ProductLabelsChange struct {
	LabelID    int64    `json:"label_id"`
	Assigned   uint8    `json:"assigned"`
	ProductIDs []string `json:"product_ids"`
}

// outboxChunk bounds the product ids per outbox row.
const outboxChunk = 1000

// enqueueLabelChange writes the outbox rows of a label change and queues the job that
// mirrors them to ClickHouse, both in the change's transaction: the change, its
// outbox rows and the job commit or vanish together.
func enqueueLabelChange(ctx context.Context, tx pgx.Tx, accountID, labelID int64, assigned uint8, products []string) error {
	if len(products) == 0 {
		return nil
	}
	for len(products) > 0 {
		n := min(outboxChunk, len(products))
		p, err := json.Marshal(ProductLabelsChange{LabelID: labelID, Assigned: assigned, ProductIDs: products[:n]})
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO outbox (account_id, topic, payload) VALUES ($1, $2, $3)`, accountID, TopicProductLabels, p); err != nil {
			return err
		}
		products = products[n:]
	}
	return kinds.InsertTx(ctx, tx, kinds.MirrorProductLabels{})
}

// Labels lists an account's labels by name (from its catalog).
func (s *Store) Labels(ctx context.Context, accountID int64) ([]Label, error) {
	c, err := s.Catalog(ctx, accountID)
	if c.Labels == nil {
		c.Labels = []Label{}
	}
	return c.Labels, err
}

func scanLabel(row pgx.Row) (Label, error) {
	var l Label
	err := row.Scan(&l.ID, &l.Name, &l.Color, &l.SSOReadOnly)
	if errors.Is(err, pgx.ErrNoRows) {
		return l, NotFound("Label not found")
	}
	return l, err
}

// Label returns one label of the account.
func (s *Store) Label(ctx context.Context, accountID, id int64) (Label, error) {
	return scanLabel(s.DB.QueryRow(ctx, `SELECT id, name, color, sso_user_read_only FROM labels WHERE account_id = $1 AND id = $2`, accountID, id))
}

// LabelByName returns the account's label of a name (case-insensitive).
func (s *Store) LabelByName(ctx context.Context, accountID int64, name string) (Label, error) {
	return scanLabel(s.DB.QueryRow(ctx, `SELECT id, name, color, sso_user_read_only FROM labels WHERE account_id = $1 AND lower(name) = lower($2)`, accountID, name))
}

// CreateLabel creates a label and assigns it to the products (may be none), in one transaction.
func (s *Store) CreateLabel(ctx context.Context, a Actor, name, color string, ssoReadOnly bool, products []string) (Label, int, error) {
	var l Label
	var n int
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		var err error
		l, err = scanLabel(tx.QueryRow(ctx, `INSERT INTO labels (account_id, name, color, sso_user_read_only, created_by)
			VALUES ($1, $2, $3, $4, $5) RETURNING id, name, color, sso_user_read_only`, a.AccountID, name, color, ssoReadOnly, nullID(a.UserID)))
		if isUniqueViolation(err) {
			return Conflict("A label with this name already exists")
		}
		if err != nil {
			return err
		}
		if err := audit(ctx, tx, a, "create", "label", l.ID, map[string]any{"name": name, "color": color}); err != nil {
			return err
		}
		n, err = assign(ctx, tx, a, l.ID, products)
		return err
	})
	s.forgetCatalog(a.AccountID)
	return l, n, err
}

func assign(ctx context.Context, tx pgx.Tx, a Actor, labelID int64, products []string) (int, error) {
	if len(products) == 0 {
		return 0, nil
	}
	tag, err := tx.Exec(ctx, `INSERT INTO label_assignments (account_id, label_id, product_id, assigned_by)
		SELECT $1, $2, p, $3 FROM unnest($4::text[]) AS p ON CONFLICT (label_id, product_id) DO NOTHING`,
		a.AccountID, labelID, nullID(a.UserID), products)
	if err != nil {
		return 0, err
	}
	if err := enqueueLabelChange(ctx, tx, a.AccountID, labelID, 1, products); err != nil {
		return 0, err
	}
	return int(tag.RowsAffected()), audit(ctx, tx, a, "assign", "label", labelID, map[string]any{"products": len(products), "new": tag.RowsAffected()})
}

// AssignLabel assigns an account's label to products; it returns how many were new.
func (s *Store) AssignLabel(ctx context.Context, a Actor, labelID int64, products []string) (int, error) {
	var n int
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		if _, err := scanLabel(tx.QueryRow(ctx, `SELECT id, name, color, sso_user_read_only FROM labels WHERE account_id = $1 AND id = $2 FOR SHARE`,
			a.AccountID, labelID)); err != nil {
			return err
		}
		var err error
		n, err = assign(ctx, tx, a, labelID, products)
		return err
	})
	return n, err
}

// UnassignLabel removes an account's label from products; it returns how many were removed.
func (s *Store) UnassignLabel(ctx context.Context, a Actor, labelID int64, products []string) (int, error) {
	var n int
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `DELETE FROM label_assignments WHERE account_id = $1 AND label_id = $2 AND product_id = ANY($3)`,
			a.AccountID, labelID, products)
		if err != nil {
			return err
		}
		n = int(tag.RowsAffected())
		if err := enqueueLabelChange(ctx, tx, a.AccountID, labelID, 0, products); err != nil {
			return err
		}
		return audit(ctx, tx, a, "unassign", "label", labelID, map[string]any{"products": len(products), "removed": n})
	})
	return n, err
}

// DeleteLabel deletes an account's label and its assignments (mirrored as unassigned).
func (s *Store) DeleteLabel(ctx context.Context, a Actor, labelID int64) error {
	defer s.forgetCatalog(a.AccountID)
	return s.inTx(ctx, func(tx pgx.Tx) error {
		var products []string
		rows, err := tx.Query(ctx, `SELECT product_id FROM label_assignments WHERE account_id = $1 AND label_id = $2`, a.AccountID, labelID)
		if err != nil {
			return err
		}
		if products, err = pgx.CollectRows(rows, pgx.RowTo[string]); err != nil {
			return err
		}
		var name string
		if err := tx.QueryRow(ctx, `DELETE FROM labels WHERE account_id = $1 AND id = $2 RETURNING name`, a.AccountID, labelID).Scan(&name); err != nil {
			if errors.Is(err, pgx.ErrNoRows) {
				return NotFound("Label not found")
			}
			return err
		}
		if err := enqueueLabelChange(ctx, tx, a.AccountID, labelID, 0, products); err != nil {
			return err
		}
		return audit(ctx, tx, a, "delete", "label", labelID, map[string]any{"name": name, "products": len(products)})
	})
}

// LabeledProducts lists the products carrying a label of the account (for tests and exports).
func (s *Store) LabeledProducts(ctx context.Context, accountID, labelID int64) ([]string, error) {
	rows, err := s.DB.Query(ctx, `SELECT product_id FROM label_assignments WHERE account_id = $1 AND label_id = $2 ORDER BY product_id`, accountID, labelID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[string])
}

// PutLabel creates the account's (a.AccountID) label of this name, compared
// case-insensitively, or gives it the colour; when it already has it nothing is
// written, not even an audit row.
func (t *Tx) PutLabel(ctx context.Context, a Actor, name, color string) (Label, error) {
	var inserted bool
	var l Label
	err := t.tx.QueryRow(ctx, `INSERT INTO labels (account_id, name, color, created_by) VALUES ($1, $2, $3, $4)
		ON CONFLICT (account_id, lower(name)) DO UPDATE SET color = EXCLUDED.color WHERE labels.color IS DISTINCT FROM EXCLUDED.color
		RETURNING id, name, color, sso_user_read_only, xmax = 0`, a.AccountID, name, color, nullID(a.UserID)).
		Scan(&l.ID, &l.Name, &l.Color, &l.SSOReadOnly, &inserted)
	if errors.Is(err, pgx.ErrNoRows) {
		return scanLabel(t.tx.QueryRow(ctx, `SELECT id, name, color, sso_user_read_only FROM labels WHERE account_id = $1 AND lower(name) = lower($2)`,
			a.AccountID, name))
	}
	if err != nil {
		return l, err
	}
	t.changed[a.AccountID] = true
	return l, audit(ctx, t.tx, a, map[bool]string{true: "create", false: "update"}[inserted], "label", l.ID, map[string]any{"name": name, "color": color})
}

// LabelAssignment is one (label, product) pair of an account.
type LabelAssignment struct {
	LabelID   int64
	ProductID string
}

// ReplaceLabelAssignments makes as the account's (a.AccountID) label assignments,
// in bulk, and audits the replacement; when they already are, nothing is written.
// It queues no ClickHouse mirror: its caller, the demo seeder, writes
// product_labels itself along with the rest of the warehouse.
func (t *Tx) ReplaceLabelAssignments(ctx context.Context, a Actor, as []LabelAssignment) error {
	rows, err := t.tx.Query(ctx, `SELECT label_id, product_id FROM label_assignments WHERE account_id = $1`, a.AccountID)
	if err != nil {
		return err
	}
	have, err := pgx.CollectRows(rows, pgx.RowToStructByPos[LabelAssignment])
	if err != nil {
		return err
	}
	key := func(x LabelAssignment) string { return strconv.FormatInt(x.LabelID, 10) + "\x00" + x.ProductID }
	haveSet := make(map[string]bool, len(have))
	for _, x := range have {
		haveSet[key(x)] = true
	}
	same := len(have) == len(as)
	for _, x := range as {
		same = same && haveSet[key(x)]
	}
	if same {
		return nil
	}
	if _, err := t.tx.Exec(ctx, `DELETE FROM label_assignments WHERE account_id = $1`, a.AccountID); err != nil {
		return err
	}
	now := time.Now().UTC()
	in := make([][]any, len(as))
	for i, x := range as {
		in[i] = []any{a.AccountID, x.LabelID, x.ProductID, nullID(a.UserID), now}
	}
	if _, err := t.tx.CopyFrom(ctx, pgx.Identifier{"label_assignments"},
		[]string{"account_id", "label_id", "product_id", "assigned_by", "assigned_at"}, pgx.CopyFromRows(in)); err != nil {
		return fmt.Errorf("label assignments: %w", err)
	}
	return audit(ctx, t.tx, a, "replace", "label_assignments", a.AccountID, map[string]any{"before": len(have), "after": len(as)})
}
