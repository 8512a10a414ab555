package demo

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5/pgxpool"

	"pricelens/engine"
	"pricelens/store"
	"pricelens/warehouse"
)

// loadLabels assigns about 3 % of an account's products a label (a quarter of those
// a second one), writes the assignments to PostgreSQL (the source of truth) and
// mirrors them into ClickHouse product_labels, as the mirror_product_labels job would.
func loadLabels(ctx context.Context, w *warehouse.Warehouse, db *pgxpool.Pool, seed int64, account uint32, labelIDs []uint64) (int, error) {
	n := uint64(len(labelIDs))
	rows, err := w.Conn.Query(ctx, `
		SELECT product_id, cityHash64(toUInt64(?), toUInt64(account_id), product_id, toUInt64(40)) AS h
		FROM `+engine.TableProducts.String()+` WHERE account_id = ? AND h % 1000 < 30
		ORDER BY product_id`, seed, account)
	if err != nil {
		return 0, fmt.Errorf("seed labels: %w", err)
	}
	var as []store.LabelAssignment
	for rows.Next() {
		var pid string
		var h uint64
		if err := rows.Scan(&pid, &h); err != nil {
			rows.Close()
			return 0, err
		}
		first := (h / 1000) % n
		as = append(as, store.LabelAssignment{LabelID: int64(labelIDs[first]), ProductID: pid})
		if (h/(1000*n))%4 == 0 {
			second := (first + 1 + (h/(4000*n))%(n-1)) % n
			as = append(as, store.LabelAssignment{LabelID: int64(labelIDs[second]), ProductID: pid})
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return 0, fmt.Errorf("seed labels: %w", err)
	}
	if err := replaceLabelAssignments(ctx, db, account, as); err != nil {
		return 0, err
	}
	batch, err := w.Conn.PrepareBatch(ctx, "INSERT INTO "+engine.TableProductLabels.String()+" (account_id, product_id, label_id, assigned, version)")
	if err != nil {
		return 0, fmt.Errorf("seed product_labels: %w", err)
	}
	for _, a := range as {
		if err := batch.Append(account, a.ProductID, uint64(a.LabelID), uint8(1), uint64(1)); err != nil {
			_ = batch.Abort()
			return 0, err
		}
	}
	if err := batch.Send(); err != nil {
		return 0, fmt.Errorf("seed product_labels: %w", err)
	}
	return len(as), nil
}
