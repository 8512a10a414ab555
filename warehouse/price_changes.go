package warehouse

import (
	"context"
	"fmt"

	"pricelens/engine"
)

// PriceChange is one row of engine.CompilePriceChanges: a product whose price at
// a competitor changed in an alert's period.
type PriceChange struct {
	ProductID    string
	Name         string
	CompetitorID int64
	Old, New     float64
}

// PriceChanges runs an alert's compiled changes: how many changed in all, and the
// listed rows (none are read when nothing changed).
func (w *Warehouse) PriceChanges(ctx context.Context, rows, count engine.Statement) ([]PriceChange, uint64, error) {
	total, err := w.Count(ctx, count)
	if err != nil || total == 0 {
		return nil, total, err
	}
	qctx, done, id, err := w.queryContext(ctx, "alert", rows)
	if err != nil {
		return nil, 0, err
	}
	defer done()
	rs, err := w.Conn.Query(qctx, rows.SQL, rows.Args...)
	if err != nil {
		return nil, 0, fmt.Errorf("query %s: %w", id, err)
	}
	defer rs.Close()
	var out []PriceChange
	for rs.Next() {
		var c PriceChange
		var comp uint32
		if err := rs.Scan(&c.ProductID, &c.Name, &comp, &c.Old, &c.New); err != nil {
			return nil, 0, fmt.Errorf("query %s: scan: %w", id, err)
		}
		c.CompetitorID = int64(comp)
		out = append(out, c)
	}
	if err := rs.Err(); err != nil {
		return nil, 0, fmt.Errorf("query %s: %w", id, err)
	}
	return out, total, nil
}
