package demo

import (
	"context"
	"fmt"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2"
	"github.com/jackc/pgx/v5/pgxpool"

	"pricelens/engine"
	"pricelens/progress"
	"pricelens/warehouse"
)

// checksumColumns are the hashed columns per fact table: every column except load
// time stamps, with dates and times measured from the anchor day (the newest scan
// day) so that the same seed loaded on another day compares equal. NULL
// prices hash as a flag (cityHash64 of a NULL would drop the row from the sum).
var checksumColumns = map[engine.Table]string{
	engine.TableProducts: `account_id, product_id, name, brand, mfgr_prod_id, toString(super_category), toString(category),
		toString(vertical), my_price, cost, toString(currency), url, img_url, in_stock, revenue_30d, units_30d, page_views_30d`,
	engine.TableOffers: `account_id, product_id, competitor_id, toInt64(scanned_at) - @a, isNull(price), ifNull(price, 0),
		in_stock, on_sale, comp_product_id, name, brand, mfgr_prod_id, url, img_url, load_id`,
	engine.TableLatestOffers: `account_id, product_id, competitor_id, toInt64(scanned_at) - @a, isNull(price), ifNull(price, 0),
		in_stock, on_sale, comp_product_id, name, brand, mfgr_prod_id, url, img_url`,
	engine.TableProductDaily:  `account_id, product_id, toInt64(date) - @d, my_price, cost, units_sold, revenue, page_views`,
	engine.TableProductLabels: `account_id, product_id, label_id, assigned, version`,
}

// Checksums fingerprints the generated data: per ClickHouse fact table the row count
// and the wrapping sum of a row hash (order independent), and for PostgreSQL the
// demo rows that carry generated ids. Equal seeds and sizes give equal maps.
func Checksums(ctx context.Context, w *warehouse.Warehouse, db *pgxpool.Pool) (map[string]string, error) {
	var day time.Time
	if err := w.Conn.QueryRow(ctx, `SELECT max(toDate(scanned_at)) FROM `+engine.TableOffers.String()).Scan(&day); err != nil {
		return nil, fmt.Errorf("checksums: anchor day: %w", err)
	}
	var anchor uint32
	if err := w.Conn.QueryRow(ctx, `SELECT toUInt32(toDateTime(max(toDate(scanned_at)))) FROM `+engine.TableOffers.String()).Scan(&anchor); err != nil {
		return nil, fmt.Errorf("checksums: anchor: %w", err)
	}
	dayNum := day.Unix() / 86400
	out := map[string]string{}
	bar := progress.Start(ctx, "seed: checksums", "tables", float64(len(factTables)))
	defer bar.Finish()
	for _, t := range factTables {
		var n, sum uint64
		q := fmt.Sprintf(`SELECT count(), sum(cityHash64(%s)) FROM %s`, checksumColumns[t], t)
		if err := w.Conn.QueryRow(ctx, q, clickhouse.Named("a", int64(anchor)), clickhouse.Named("d", dayNum)).Scan(&n, &sum); err != nil {
			return nil, fmt.Errorf("checksums %s: %w", t, err)
		}
		out[t.String()] = fmt.Sprintf("%d rows %016x", n, sum)
		bar.Add(1)
	}
	pg := map[string]string{
		"pg.competitors":       `SELECT count(*), coalesce(md5(string_agg(id || ':' || account_id || ':' || name, ',' ORDER BY id)), '') FROM competitors WHERE account_id IN (1, 2, 3)`,
		"pg.labels":            `SELECT count(*), coalesce(md5(string_agg(id || ':' || account_id || ':' || name || ':' || color, ',' ORDER BY id)), '') FROM labels WHERE account_id IN (1, 2, 3)`,
		"pg.label_assignments": `SELECT count(*), coalesce(md5(string_agg(account_id || ':' || label_id || ':' || product_id, ',' ORDER BY label_id, product_id)), '') FROM label_assignments WHERE account_id IN (1, 2, 3)`,
	}
	for k, q := range pg {
		var n int64
		var sum string
		if err := db.QueryRow(ctx, q).Scan(&n, &sum); err != nil {
			return nil, fmt.Errorf("checksums %s: %w", k, err)
		}
		out[k] = fmt.Sprintf("%d rows %s", n, sum)
	}
	return out, nil
}
