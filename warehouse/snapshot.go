package warehouse

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2"

	"pricelens/engine"
)

// PriceSlots is how many competitor slots also have their price as a plain column
// (p1..p32, migration 00010): sorting or filtering on one competitor's price then
// reads one column instead of the whole price array.
const PriceSlots = engine.PriceSlotColumns

var priceSlotCols, priceSlotExprs = func() (string, string) {
	var cols, exprs []string
	for i := 1; i <= PriceSlots; i++ {
		n := engine.IntLit(int64(i))
		cols = append(cols, "p"+n)
		exprs = append(exprs, "if(length(c_price) >= "+n+", c_price["+n+"], nan)")
	}
	return strings.Join(cols, ", "), strings.Join(exprs, ", ")
}()

// snapshotChunk is the number of products built per INSERT ... SELECT. Chunks are
// ranges of product_id, the second key of products and latest_offers, so each chunk
// reads only its own granules; the JOIN's right side is one row per product (the
// chunk's offers already grouped). A variable only so that a test can force several
// chunks on a small account.
var snapshotChunk = 100_000

// snapshotParallel is how many chunks are built at once: the build of one chunk is
// mostly one thread (FINAL merge + GROUP BY), so two use both cores of the target box.
const snapshotParallel = 2

// snapshotMu serialises rebuilds in this process: they share product_snapshot_build.
var snapshotMu sync.Mutex

// snapshotSelect builds one chunk of an account's snapshot rows from products and
// latest_offers (both ReplacingMergeTree, hence FINAL). The arrays are dense over
// the account's competitor list L (slot_ids, the sorted ids of every competitor with
// an offer): slot i holds competitor L[i] for every product; comp_ids[i] = 0 and the
// price is NaN where that competitor has no offer. The engine then addresses a
// competitor by its fixed slot (c_price[3]) instead of searching comp_ids in each
// row. The right side groups the chunk's offers per product straight into dense
// arrays with groupArrayInsertAt(default, len(L))(value, slot): no product x slot
// cross product and no lambdas (18.16 replicates a lambda's captured arrays per
// element, which made densifying with arrayMap 3x slower). A product without
// offers gets empty arrays from the JOIN, replaced by default-filled ones. NULL
// prices are NaN so that the arrays stay aligned. One JOIN per SELECT level (18.16).
//
// Format arguments: %[1]s account id (engine.IntLit), %[2]s the literal list L (formatted from
// uint32s), %[3]d len(L) (at least 1: a parameter of groupArrayInsertAt), %[4]s the
// chunk's product_id range condition with ? placeholders (bound, never formatted),
// %[5]s the totals of engine.SnapshotTotals (built from the account's settings, numbers only),
// %[6]d the build id.
// totalsCols are the columns engine.SnapshotTotals computes (migration 00020).
const totalsCols = "t_cmp, t_l, t_s, t_h, t_ld, t_ratio, t_price, t_fresh_min, t_stale_max, build_id"

var snapshotSelect = `
INSERT INTO ` + engine.TableProductSnapshotBuild.String() + ` (account_id, product_id, name, brand, mfgr_prod_id, super_category, category,
    vertical, my_price, cost, currency, url, img_url, in_stock, revenue_30d, units_30d, page_views_30d, mrp, search_text,
    slot_ids, comp_ids, c_price, c_delta, c_seen, c_in_stock, c_on_sale, c_name, c_brand, c_mfgr, c_url, c_img, c_prod_id, built_at,
    ` + priceSlotCols + `, ` + totalsCols + `)
SELECT account_id, product_id, name, brand, mfgr_prod_id, super_category, category,
    vertical, my_price, cost, currency, url, img_url, in_stock, revenue_30d, units_30d, page_views_30d, mrp,
    lowerUTF8(concat(name, '\n', brand, '\n', mfgr_prod_id, '\n', product_id)),
    L, comp_ids, c_price,
    arrayMap((x, m) -> if(x > 0 AND m > 0, (m - x) / x * 100, nan), c_price, arrayResize(emptyArrayFloat64(), length(c_price), my_price)) AS c_delta,
    c_seen, c_in_stock, c_on_sale, c_name, c_brand, c_mfgr, c_url, c_img, c_prod_id, now(),
    ` + priceSlotExprs + `, %[5]s, %[6]d
FROM (
    SELECT account_id, product_id, name, brand, mfgr_prod_id, super_category, category, vertical, my_price, cost,
        currency, url, img_url, in_stock, revenue_30d, units_30d, page_views_30d, mrp, L, length(L) AS n,
        if(notEmpty(d_comp), d_comp, arrayResize(emptyArrayUInt32(), n)) AS comp_ids,
        if(notEmpty(d_price), d_price, arrayResize(emptyArrayFloat64(), n, nan)) AS c_price,
        if(notEmpty(d_seen), d_seen, arrayResize(emptyArrayDateTime(), n)) AS c_seen,
        if(notEmpty(d_in_stock), d_in_stock, arrayResize(emptyArrayUInt8(), n)) AS c_in_stock,
        if(notEmpty(d_on_sale), d_on_sale, arrayResize(emptyArrayUInt8(), n)) AS c_on_sale,
        if(notEmpty(d_name), d_name, arrayResize(emptyArrayString(), n)) AS c_name,
        if(notEmpty(d_brand), d_brand, arrayResize(emptyArrayString(), n)) AS c_brand,
        if(notEmpty(d_mfgr), d_mfgr, arrayResize(emptyArrayString(), n)) AS c_mfgr,
        if(notEmpty(d_url), d_url, arrayResize(emptyArrayString(), n)) AS c_url,
        if(notEmpty(d_img), d_img, arrayResize(emptyArrayString(), n)) AS c_img,
        if(notEmpty(d_pid), d_pid, arrayResize(emptyArrayString(), n)) AS c_prod_id
    FROM (
        SELECT account_id, product_id, name, brand, mfgr_prod_id, super_category, category, vertical, my_price, cost,
               currency, url, img_url, in_stock, revenue_30d, units_30d, page_views_30d, mrp, %[2]s AS L
        FROM ` + engine.TableProducts.String() + ` FINAL
        WHERE account_id = %[1]s AND %[4]s
    ) ANY LEFT JOIN (
        SELECT account_id, product_id,
            groupArrayInsertAt(0, %[3]d)(competitor_id, slot) AS d_comp,
            groupArrayInsertAt(nan, %[3]d)(ifNull(price, nan), slot) AS d_price,
            groupArrayInsertAt(0, %[3]d)(scanned_at, slot) AS d_seen,
            groupArrayInsertAt(0, %[3]d)(in_stock, slot) AS d_in_stock,
            groupArrayInsertAt(0, %[3]d)(on_sale, slot) AS d_on_sale,
            groupArrayInsertAt('', %[3]d)(name, slot) AS d_name,
            groupArrayInsertAt('', %[3]d)(brand, slot) AS d_brand,
            groupArrayInsertAt('', %[3]d)(mfgr_prod_id, slot) AS d_mfgr,
            groupArrayInsertAt('', %[3]d)(url, slot) AS d_url,
            groupArrayInsertAt('', %[3]d)(img_url, slot) AS d_img,
            groupArrayInsertAt('', %[3]d)(comp_product_id, slot) AS d_pid
        FROM (
            SELECT account_id, product_id, competitor_id, toUInt32(indexOf(%[2]s, competitor_id) - 1) AS slot, price,
                   scanned_at, in_stock, on_sale, name, brand, mfgr_prod_id, url, img_url, comp_product_id
            FROM ` + engine.TableLatestOffers.String() + ` FINAL
            WHERE account_id = %[1]s AND %[4]s
        )
        GROUP BY account_id, product_id
    ) USING account_id, product_id
)`

// snapshotChunkRange is one chunk's product_id range [lo, hi); hi == "" means open.
type snapshotChunkRange struct{ lo, hi string }

// cond is the range condition with ? placeholders and its arguments, once per use
// (the query filters both sides of the JOIN).
func (r snapshotChunkRange) cond() (string, []any) {
	if r.hi == "" {
		return "product_id >= ?", []any{r.lo}
	}
	return "product_id >= ? AND product_id < ?", []any{r.lo, r.hi}
}

// snapshotRanges splits an account's products into ranges of about snapshotChunk
// ids: every snapshotChunk-th id in key order is a boundary.
func (w *Warehouse) snapshotRanges(ctx context.Context, account uint32) ([]snapshotChunkRange, error) {
	rows, err := w.Conn.Query(ctx, `SELECT product_id FROM (
		SELECT product_id FROM `+engine.TableProducts.String()+` WHERE account_id = ? ORDER BY product_id)
		WHERE rowNumberInAllBlocks() % ? = 0 AND rowNumberInAllBlocks() > 0`, account, uint64(snapshotChunk))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []snapshotChunkRange{{lo: ""}}
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		if id == out[len(out)-1].lo {
			continue // duplicate id of an unmerged ReplacingMergeTree part
		}
		out[len(out)-1].hi = id
		out = append(out, snapshotChunkRange{lo: id})
	}
	return out, rows.Err()
}

// competitorList is the account's sorted competitor ids as a ClickHouse array
// literal (formatted from integers, never from user text), and its length.
func (w *Warehouse) competitorList(ctx context.Context, account uint32) (string, int, error) {
	var ids []uint32
	if err := w.Conn.QueryRow(ctx,
		"SELECT arraySort(groupUniqArray(competitor_id)) FROM "+engine.TableLatestOffers.String()+" WHERE account_id = ?", account).Scan(&ids); err != nil {
		return "", 0, err
	}
	if len(ids) == 0 {
		return "emptyArrayUInt32()", 0, nil
	}
	parts := make([]string, len(ids))
	for i, id := range ids {
		parts[i] = engine.IntLit(int64(id))
	}
	return "CAST([" + strings.Join(parts, ",") + "] AS Array(UInt32))", len(ids), nil
}

// RefreshSnapshots rebuilds the per-product report snapshot (migration 00010:
// the product row plus the latest offer of every competitor in parallel arrays,
// and the all-competitor totals of migration 00020 computed with the account's
// settings) for the given accounts, so that the tabular grid reads one row per
// product instead of pivoting offers. Call it after every load of products or
// offers. Accounts are rebuilt in id order.
//
// Each account is built into product_snapshot_build and swapped into
// product_snapshot with REPLACE PARTITION (the partition key is account_id), which
// is atomic for readers: they see the old snapshot or the new one, never a half.
func (w *Warehouse) RefreshSnapshots(ctx context.Context, accounts map[uint32]engine.Settings) error {
	snapshotMu.Lock()
	defer snapshotMu.Unlock()
	ids := make([]uint32, 0, len(accounts))
	for id := range accounts {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	// Rebuilds of 1M products take seconds; give them more than the report limit.
	ctx = clickhouse.Context(ctx, clickhouse.WithSettings(clickhouse.Settings{
		"max_execution_time": int((10 * time.Minute).Seconds()),
	}))
	for _, id := range ids {
		if err := w.refreshAccount(ctx, id, accounts[id]); err != nil {
			return fmt.Errorf("snapshot of account %d: %w", id, err)
		}
	}
	return nil
}

// refreshAccount builds one account into product_snapshot_build, chunk by chunk
// (snapshotParallel at a time), and swaps it into product_snapshot.
func (w *Warehouse) refreshAccount(ctx context.Context, id uint32, settings engine.Settings) error {
	start := time.Now()
	totals := strings.Join(engine.SnapshotTotals(settings, start), ",\n    ")
	build := uint64(start.UnixNano())
	list, n, err := w.competitorList(ctx, id)
	if err != nil {
		return err
	}
	ranges, err := w.snapshotRanges(ctx, id)
	if err != nil {
		return err
	}
	// The account id is a uint32 written as a literal number: never text from a user.
	part := engine.IntLit(int64(id))
	if err := w.Conn.Exec(ctx, "ALTER TABLE "+engine.TableProductSnapshotBuild.String()+" DROP PARTITION "+part); err != nil {
		return err
	}
	work := make(chan snapshotChunkRange)
	errs := make(chan error, snapshotParallel)
	var wg sync.WaitGroup
	for range snapshotParallel {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for r := range work {
				cond, args := r.cond()
				q := fmt.Sprintf(snapshotSelect, part, list, max(n, 1), cond, totals, build)
				if err := w.Conn.Exec(ctx, q, append(append([]any{}, args...), args...)...); err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	var buildErr error
feed:
	for _, r := range ranges {
		select {
		case work <- r:
		case buildErr = <-errs:
			break feed
		}
	}
	close(work)
	wg.Wait()
	if buildErr == nil {
		select {
		case buildErr = <-errs:
		default:
		}
	}
	if buildErr != nil {
		return buildErr
	}
	// The build's facts first, then the swap: a reader that sees the new rows finds
	// their build_id here (engine.Totals).
	if err := w.Conn.Exec(ctx, `INSERT INTO `+engine.TableSnapshotBuilds.String()+` (account_id, build_id, built_at, fresh_min, stale_max, parity, lower, upper)
		SELECT account_id, any(build_id), now(), min(t_fresh_min), max(t_stale_max), ?, ?, ?
		FROM `+engine.TableProductSnapshotBuild.String()+` WHERE account_id = ? GROUP BY account_id`,
		settings.Parity, settings.Lower, settings.Upper, id); err != nil {
		return err
	}
	for _, q := range []string{
		"ALTER TABLE " + engine.TableProductSnapshot.String() + " REPLACE PARTITION " + part + " FROM " + engine.TableProductSnapshotBuild.String(),
		"ALTER TABLE " + engine.TableProductSnapshotBuild.String() + " DROP PARTITION " + part,
	} {
		if err := w.Conn.Exec(ctx, q); err != nil {
			return err
		}
	}
	return nil
}
