package warehouse

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2"
)

// PriceSlots is how many competitor slots also have their price as a plain column
// (p1..p32, migration 00010): sorting or filtering on one competitor's price then
// reads one column instead of the whole price array.
const PriceSlots = 32

var priceSlotCols, priceSlotExprs = func() (string, string) {
	var cols, exprs []string
	for i := 1; i <= PriceSlots; i++ {
		cols = append(cols, fmt.Sprintf("p%d", i))
		exprs = append(exprs, fmt.Sprintf("if(length(c_price) >= %d, c_price[%d], nan)", i, i))
	}
	return strings.Join(cols, ", "), strings.Join(exprs, ", ")
}()

// snapshotChunk is the number of products built per INSERT ... SELECT.
const snapshotChunk = 50_000

// snapshotMu serialises rebuilds in this process: they share product_snapshot_build.
var snapshotMu sync.Mutex

// snapshotSelect builds one chunk of an account's snapshot rows from products and
// latest_offers (both ReplacingMergeTree, hence FINAL). The arrays are dense over
// the account's competitor list L (slot_ids, the sorted ids of every competitor with
// an offer): slot i holds competitor L[i] for every product; comp_ids[i] = 0 and the
// price is NaN where that competitor has no offer. The engine then addresses a
// competitor by its fixed slot (c_price[3]) instead of searching comp_ids in each
// row. Dense rows come from (product x slot) ANY LEFT JOIN (offer at its slot),
// grouped back per product and sorted by slot. NULL prices are NaN so that the
// arrays stay aligned. One JOIN per SELECT level (18.16).
var snapshotSelect = `
INSERT INTO product_snapshot_build (account_id, product_id, name, brand, mfgr_prod_id, super_category, category,
    vertical, my_price, cost, currency, url, img_url, in_stock, revenue_30d, units_30d, page_views_30d, search_text,
    slot_ids, comp_ids, c_price, c_delta, c_seen, c_in_stock, c_on_sale, c_name, c_brand, c_mfgr, c_url, c_img, c_prod_id, built_at,
    ` + priceSlotCols + `)
SELECT account_id, product_id, name, brand, mfgr_prod_id, super_category, category,
    vertical, my_price, cost, currency, url, img_url, in_stock, revenue_30d, units_30d, page_views_30d,
    lowerUTF8(concat(name, '\n', brand, '\n', mfgr_prod_id, '\n', product_id)),
    L, comp_ids, c_price,
    arrayMap((x, m) -> if(x > 0 AND m > 0, (m - x) / x * 100, nan), c_price, arrayResize(emptyArrayFloat64(), length(c_price), my_price)),
    c_seen, c_in_stock, c_on_sale, c_name, c_brand, c_mfgr, c_url, c_img, c_prod_id, now(),
    ` + priceSlotExprs + `
FROM (
    SELECT account_id, product_id, any(name) AS name, any(brand) AS brand, any(mfgr_prod_id) AS mfgr_prod_id,
        any(super_category) AS super_category, any(category) AS category, any(vertical) AS vertical,
        any(my_price) AS my_price, any(cost) AS cost, any(currency) AS currency, any(url) AS url, any(img_url) AS img_url,
        any(in_stock) AS in_stock, any(revenue_30d) AS revenue_30d, any(units_30d) AS units_30d,
        any(page_views_30d) AS page_views_30d, any(L) AS L,
        arraySort(groupArray(tuple(slot, o_comp, ifNull(o_price, nan), o_seen, o_in_stock, o_on_sale,
            o_name, o_brand, o_mfgr, o_url, o_img, o_pid))) AS o,
        arrayMap(t -> tupleElement(t, 2), o) AS comp_ids,
        arrayMap(t -> tupleElement(t, 3), o) AS c_price,
        arrayMap(t -> tupleElement(t, 4), o) AS c_seen,
        arrayMap(t -> tupleElement(t, 5), o) AS c_in_stock,
        arrayMap(t -> tupleElement(t, 6), o) AS c_on_sale,
        arrayMap(t -> tupleElement(t, 7), o) AS c_name,
        arrayMap(t -> tupleElement(t, 8), o) AS c_brand,
        arrayMap(t -> tupleElement(t, 9), o) AS c_mfgr,
        arrayMap(t -> tupleElement(t, 10), o) AS c_url,
        arrayMap(t -> tupleElement(t, 11), o) AS c_img,
        arrayMap(t -> tupleElement(t, 12), o) AS c_prod_id
    FROM (
        WITH (SELECT arraySort(groupUniqArray(competitor_id)) FROM latest_offers WHERE account_id = %[1]d) AS L
        SELECT account_id, product_id, name, brand, mfgr_prod_id, super_category, category, vertical, my_price, cost,
               currency, url, img_url, in_stock, revenue_30d, units_30d, page_views_30d, L, slot
        FROM products FINAL
        LEFT ARRAY JOIN arrayEnumerate(L) AS slot
        WHERE account_id = %[1]d AND cityHash64(product_id) %% %[2]d = %[3]d
    ) ANY LEFT JOIN (
        WITH (SELECT arraySort(groupUniqArray(competitor_id)) FROM latest_offers WHERE account_id = %[1]d) AS L
        SELECT account_id, product_id, toUInt32(indexOf(L, competitor_id)) AS slot, competitor_id AS o_comp, price AS o_price,
               scanned_at AS o_seen, in_stock AS o_in_stock, on_sale AS o_on_sale, name AS o_name, brand AS o_brand,
               mfgr_prod_id AS o_mfgr, url AS o_url, img_url AS o_img, comp_product_id AS o_pid
        FROM latest_offers FINAL
        WHERE account_id = %[1]d AND cityHash64(product_id) %% %[2]d = %[3]d
    ) USING account_id, product_id, slot
    GROUP BY account_id, product_id
)`

// RefreshSnapshots rebuilds the per-product report snapshot (migration 00010:
// the product row plus the latest offer of every competitor in parallel arrays)
// for the given accounts, so that the tabular grid reads one row per product
// instead of pivoting offers. Call it after every load of products or offers.
// With no account ids it rebuilds every account found in products.
//
// Each account is built into product_snapshot_build and swapped into
// product_snapshot with REPLACE PARTITION (the partition key is account_id), which
// is atomic for readers: they see the old snapshot or the new one, never a half.
func (w *Warehouse) RefreshSnapshots(ctx context.Context, accountIDs ...uint32) error {
	snapshotMu.Lock()
	defer snapshotMu.Unlock()
	if len(accountIDs) == 0 {
		rows, err := w.Conn.Query(ctx, "SELECT DISTINCT account_id FROM products ORDER BY account_id")
		if err != nil {
			return fmt.Errorf("snapshot: list accounts: %w", err)
		}
		for rows.Next() {
			var id uint32
			if err := rows.Scan(&id); err != nil {
				rows.Close()
				return err
			}
			accountIDs = append(accountIDs, id)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
	}
	// Rebuilds of 1M products take seconds; give them more than the report limit.
	ctx = clickhouse.Context(ctx, clickhouse.WithSettings(clickhouse.Settings{
		"max_execution_time": int((10 * time.Minute).Seconds()),
	}))
	for _, id := range accountIDs {
		var n uint64
		if err := w.Conn.QueryRow(ctx, "SELECT count() FROM products WHERE account_id = ?", id).Scan(&n); err != nil {
			return fmt.Errorf("snapshot of account %d: %w", id, err)
		}
		// The JOIN's right side (the offers pivot) is held in memory: build in chunks
		// of about snapshotChunk products (by hash of product_id) so that 1M products
		// x 20 competitors stays far below the memory limit.
		chunks := int(n/snapshotChunk) + 1
		// The account id is a uint32 formatted with %d: never text from a user.
		steps := []string{fmt.Sprintf("ALTER TABLE product_snapshot_build DROP PARTITION %d", id)}
		for i := 0; i < chunks; i++ {
			steps = append(steps, fmt.Sprintf(snapshotSelect, id, chunks, i))
		}
		steps = append(steps,
			fmt.Sprintf("ALTER TABLE product_snapshot REPLACE PARTITION %d FROM product_snapshot_build", id),
			fmt.Sprintf("ALTER TABLE product_snapshot_build DROP PARTITION %d", id))
		for _, q := range steps {
			if err := w.Conn.Exec(ctx, q); err != nil {
				return fmt.Errorf("snapshot of account %d: %w", id, err)
			}
		}
	}
	return nil
}
