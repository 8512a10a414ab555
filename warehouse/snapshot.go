package warehouse

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2"
	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"

	"pricelens/engine"
	"pricelens/progress"
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

// snapshotBuildTimeout bounds one chunk statement of a full build (about 15 s each at
// L on a quiet machine); the fold job's own timeout (jobs.FoldTimeout) bounds the whole.
const snapshotBuildTimeout = 10 * time.Minute

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
// %[6]d the build id, %[7]s the latest offers of the chunk (offersFinal or offersLatest,
// formatted with the same %[1]s, %[2]s and %[4]s), %[8]s the price-change events'
// condition of the insight state (changeEvents: numbers only). The chunk's range
// condition %[4]s appears three times: its args are bound three times.
// totalsCols are the columns engine.SnapshotTotals computes (migrations 00020,
// 00150) and the build id.
const totalsCols = "t_cmp, t_l, t_s, t_h, t_ld, t_ratio, t_price, t_fresh_min, t_stale_max, t_oos_at, build_id"

var snapshotSelect = `
INSERT INTO ` + engine.TableProductSnapshotBuild.String() + ` (account_id, product_id, name, brand, mfgr_prod_id, super_category, category,
    vertical, my_price, cost, currency, url, img_url, in_stock, revenue_30d, units_30d, page_views_30d, mrp, search_text,
    slot_ids, comp_ids, c_price, c_delta, c_seen, c_in_stock, c_on_sale, c_name, c_brand, c_mfgr, c_url, c_img, c_prod_id, built_at,
    ` + priceSlotCols + `, ` + totalsCols + `, t_changed_at)
SELECT account_id, product_id, name, brand, mfgr_prod_id, super_category, category,
    vertical, my_price, cost, currency, url, img_url, in_stock, revenue_30d, units_30d, page_views_30d, mrp,
    lowerUTF8(concat(name, '\n', brand, '\n', mfgr_prod_id, '\n', product_id)),
    L, comp_ids, c_price,
    arrayMap((x, m) -> if(x > 0 AND m > 0, (m - x) / x * 100, nan), c_price, arrayResize(emptyArrayFloat64(), length(c_price), my_price)) AS c_delta,
    c_seen, c_in_stock, c_on_sale, c_name, c_brand, c_mfgr, c_url, c_img, c_prod_id, now(),
    ` + priceSlotExprs + `, %[5]s, %[6]d, t_changed_at
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
    ) AS lhs ANY LEFT JOIN (
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
        FROM (%[7]s)
        GROUP BY account_id, product_id
    ) AS rhs USING account_id, product_id
) AS snap ANY LEFT JOIN (
    SELECT account_id, product_id, toUInt32(max(changed_at)) AS t_changed_at
    FROM ` + engine.TablePriceChanges.String() + `
    WHERE account_id = %[1]s AND %[4]s AND %[8]s
    GROUP BY account_id, product_id
) AS chg USING account_id, product_id`

// changeEvents is the condition on price_changes of a build's t_changed_at
// (migration 00150): the events of the insights' last week before the build plus
// a day (a later reader's week starts later; the day keeps a clock set up to a day
// before the build exact, as the tests' clock at the midnight after the data's
// last scan day is), none after it (a later load's refresh writes them), whose
// previous priced scan lies within the account's staleness limit (engine
// priceChangeProducts' rule).
func changeEvents(settings engine.Settings, start time.Time) string {
	return "changed_at > toDateTime(" + engine.IntLit(start.Add(-(PriceChangeDays+1)*24*time.Hour).Unix()) + ") AND changed_at <= toDateTime(" +
		engine.IntLit(start.Unix()) + ") AND prev_at >= changed_at - " + engine.IntLit(int64(settings.StalenessDays)*86400)
}

// thrice binds a chunk's range args for its three uses in snapshotSelect.
func thrice(args []any) []any { return append(append(append([]any{}, args...), args...), args...) }

// offersFinal reads a chunk's latest offers with FINAL: a range of product ids is a
// range of the table's key. Offers of competitors outside L (a load that added one
// while this build runs) are left for the next build, which has them in its list.
var offersFinal = `
            SELECT account_id, product_id, competitor_id, toUInt32(indexOf(%[2]s, competitor_id) - 1) AS slot, price,
                   scanned_at, in_stock, on_sale, name, brand, mfgr_prod_id, url, img_url, comp_product_id
            FROM ` + engine.TableLatestOffers.String() + ` FINAL
            WHERE account_id = %[1]s AND %[4]s AND has(%[2]s, competitor_id)`

// offersLatest is offersFinal without FINAL, for a scattered set of products: their
// rows lie in almost every granule, and FINAL merges all of them in one thread (at L,
// 50k random products: 17 s against 6.5 s). The newest row per (product, competitor)
// is the first by scanned_at descending (LIMIT 1 BY); an argMax over a tuple of the
// columns gave the same rows 3-4x slower (per 5k-product range at L: 1.8-3.0 s
// against 0.5-0.8 s). Of two scans of one pair at the same second either may win,
// where FINAL keeps the one inserted last.
var offersLatest = `
            SELECT account_id, product_id, competitor_id, toUInt32(indexOf(%[2]s, competitor_id) - 1) AS slot, price,
                   scanned_at, in_stock, on_sale, name, brand, mfgr_prod_id, url, img_url, comp_product_id
            FROM ` + engine.TableLatestOffers.String() + `
            WHERE account_id = %[1]s AND %[4]s AND has(%[2]s, competitor_id)
            ORDER BY account_id, product_id, competitor_id, scanned_at DESC
            LIMIT 1 BY account_id, product_id, competitor_id`

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
	return w.productRanges(ctx, account, snapshotChunk)
}

// productRanges splits an account's products into ranges of about size ids.
func (w *Warehouse) productRanges(ctx context.Context, account uint32, size int) ([]snapshotChunkRange, error) {
	rows, err := w.Conn.Query(ctx, `SELECT product_id FROM (
		SELECT product_id FROM `+engine.TableProducts.String()+` WHERE account_id = ? ORDER BY product_id)
		WHERE rowNumberInAllBlocks() % ? = 0 AND rowNumberInAllBlocks() > 0`, account, uint64(size))
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
// literal (formatted from integers, never from user text), and the ids.
func (w *Warehouse) competitorList(ctx context.Context, account uint32) (string, []uint32, error) {
	var ids []uint32
	if err := w.Conn.QueryRow(ctx,
		"SELECT arraySort(groupUniqArray(competitor_id)) FROM "+engine.TableLatestOffers.String()+" WHERE account_id = ?", account).Scan(&ids); err != nil {
		return "", nil, err
	}
	if len(ids) == 0 {
		return "emptyArrayUInt32()", nil, nil
	}
	parts := make([]string, len(ids))
	for i, id := range ids {
		parts[i] = engine.IntLit(int64(id))
	}
	return "CAST([" + strings.Join(parts, ",") + "] AS Array(UInt32))", ids, nil
}

// RefreshSnapshots rebuilds the per-product report snapshot (migration 00010:
// the product row plus the latest offer of every competitor in parallel arrays,
// and the all-competitor totals of migration 00020 computed with the account's
// settings) for the given accounts, so that the tabular grid reads one row per
// product instead of pivoting offers. Accounts are rebuilt in id order. After a
// load, RefreshSnapshot rebuilds only what the load touched.
//
// Each account is built into product_snapshot_build and swapped into
// product_snapshot with REPLACE PARTITION (the partition key is account_id), which
// is atomic for readers: they see the old snapshot or the new one, never a half.
// The account's delta (migration 00090) is folded in without a mixed moment: the
// build goes into the delta first (it then hides every base row), then into the
// base, and only then is the delta dropped.
func (w *Warehouse) RefreshSnapshots(ctx context.Context, accounts map[uint32]engine.Settings) error {
	snapshotMu.Lock()
	defer snapshotMu.Unlock()
	ids := make([]uint32, 0, len(accounts))
	for id := range accounts {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	ctx = longRunning(ctx)
	for _, id := range ids {
		if err := w.refreshAccount(ctx, id, accounts[id]); err != nil {
			return fmt.Errorf("snapshot of account %d: %w", id, err)
		}
	}
	return nil
}

// longRunning gives snapshot builds more than the report limit: a full rebuild of
// 1M products takes tens of seconds.
func longRunning(ctx context.Context) context.Context {
	return clickhouse.Context(ctx, clickhouse.WithSettings(clickhouse.Settings{
		"max_execution_time": int((10 * time.Minute).Seconds()),
	}))
}

// DeltaShare is the largest share of an account's products the delta may hold
// after a refresh; a load that would take it past this rebuilds the whole account
// (which empties the delta). Reads of an account with a delta pay for sets of its
// products' hashes (and jobs' fold_snapshot_deltas empties it once loads pause).
const DeltaShare = 0.2

// SnapshotRefresh says what RefreshSnapshot did.
type SnapshotRefresh struct {
	Full     bool   // the whole account was rebuilt
	Reason   string // why it was rebuilt in full ("" for a delta refresh)
	Products int    // products rebuilt into the delta
}

// RefreshSnapshot brings one account's snapshot up to date after its products
// changed (their catalogue rows or their offers): only those products, into the
// delta, when that is exact and small; else the whole account. products nil means
// any product may have changed.
//
// The delta path rebuilds the products' rows from products and latest_offers
// exactly as a full build would, with the same competitor slots and the build's
// settings, keeps the delta's earlier rows (hard links), records the build's facts (its
// scan-time bounds widened by the base build's, so the stored totals are used only
// while exact for every visible row) and swaps the account's delta partition in one
// REPLACE PARTITION: readers see all of this refresh or none of it.
func (w *Warehouse) RefreshSnapshot(ctx context.Context, id uint32, settings engine.Settings, products []string) (SnapshotRefresh, error) {
	snapshotMu.Lock()
	defer snapshotMu.Unlock()
	ctx = longRunning(ctx)
	reason, err := w.refreshDelta(ctx, id, settings, products)
	if err != nil {
		return SnapshotRefresh{}, fmt.Errorf("snapshot of account %d: %w", id, err)
	}
	if reason == "" {
		return SnapshotRefresh{Products: len(products)}, nil
	}
	if err := w.refreshAccount(ctx, id, settings); err != nil {
		return SnapshotRefresh{}, fmt.Errorf("snapshot of account %d: %w", id, err)
	}
	return SnapshotRefresh{Full: true, Reason: reason}, nil
}

// SnapshotDelta is the newest build id of the account's snapshot delta (0: none),
// what every read of the snapshot must know (engine.Account.SnapshotDelta).
func (w *Warehouse) SnapshotDelta(ctx context.Context, account uint32) (uint64, error) {
	return w.Count(ctx, SQL("SELECT max(build_id) FROM "+engine.TableProductSnapshotDelta.String()+" WHERE account_id = ?", account))
}

// ReportVersion is a number that changes whenever what the account's reports read
// may have: a snapshot build (full, or a load's refresh of a few products; each
// writes snapshot_builds before its swap and the delta's newest build after it)
// or a label assigned or taken away (the label mirror's newest version). Answers
// over the snapshot may be kept while it stays the same.
func (w *Warehouse) ReportVersion(ctx context.Context, account uint32) (uint64, error) {
	return w.Count(ctx, SQL("SELECT "+reportVersionExpr, account, account, account))
}

// reportVersionExpr is ReportVersion's value as one SQL expression (three bound
// account ids), for the reads that return it beside other snapshot facts.
var reportVersionExpr = "cityHash64((SELECT max(build_id) FROM " + engine.TableSnapshotBuilds.String() + " WHERE account_id = ?), " +
	"(SELECT max(build_id) FROM " + engine.TableProductSnapshotDelta.String() + " WHERE account_id = ?), " +
	"(SELECT max(version) FROM " + engine.TableProductLabels.String() + " WHERE account_id = ?))"

// SnapshotState is SnapshotDelta and ReportVersion in one read: a request that
// compiles without the snapshot's slots (a count on product columns) and may be
// answered from the report service's order cache needs both, and each read is a
// round trip to the server. The version is read with the delta, before anything
// is computed with it.
func (w *Warehouse) SnapshotState(ctx context.Context, account uint32) (delta, version uint64, err error) {
	// The delta's build is read once, for both (the same number ReportVersion hashes).
	res, err := w.Query(ctx, SQL("SELECT d, cityHash64(b, d, l) FROM (SELECT (SELECT max(build_id) FROM "+engine.TableSnapshotBuilds.String()+" WHERE account_id = ?) AS b, "+
		"(SELECT max(build_id) FROM "+engine.TableProductSnapshotDelta.String()+" WHERE account_id = ?) AS d, "+
		"(SELECT max(version) FROM "+engine.TableProductLabels.String()+" WHERE account_id = ?) AS l)", account, account, account))
	if err != nil {
		return 0, 0, err
	}
	if len(res.Rows) == 1 {
		delta, _ = res.Rows[0][0].(uint64)
		version, _ = res.Rows[0][1].(uint64)
	}
	return delta, version, nil
}

// SnapshotMeta reads what the compiler needs to know about the account's current
// snapshot, in one small read: the competitors' positions in its arrays, the facts
// of its build (the stored totals' settings and scan-time bounds) and the newest
// build of its delta (0: none). With a delta, its build's facts hold for the base
// rows too (RefreshSnapshot writes them so). The base row read is one a build
// wrote: every built row carries the account's competitor list, while a row put
// into the snapshot by hand (tests and the browser flow bulk-load bare products)
// has none and build 0, and taken for the build it hid every competitor (the
// pricer then changed nothing). An account without competitors has no such row:
// no slots, and the compiler computes without stored totals.
func (w *Warehouse) SnapshotMeta(ctx context.Context, accountID uint32) (map[int64]int, *engine.Totals, uint64, error) {
	slots, totals, delta, _, err := w.SnapshotMetaVersion(ctx, accountID)
	return slots, totals, delta, err
}

// SnapshotMetaVersion is SnapshotMeta and the account's ReportVersion in the same
// read (one round trip instead of two for a request the order cache may answer).
// version is 0 for an account without a snapshot row: the caller then reads it
// on its own.
func (w *Warehouse) SnapshotMetaVersion(ctx context.Context, accountID uint32) (slots map[int64]int, totals *engine.Totals, delta, version uint64, err error) {
	res, err := w.Query(ctx, SQL(`SELECT slot_ids, found, fresh_min, stale_max, parity, lower, upper, delta, change_days, found_fresh_min, found_stale_max, realtime, `+reportVersionExpr+`
		FROM (SELECT account_id, build_id, slot_ids, delta FROM (
				SELECT account_id, build_id, slot_ids, build_id AS delta, 1 AS o FROM product_snapshot_delta WHERE account_id = ? ORDER BY build_id DESC LIMIT 1
				UNION ALL
				SELECT account_id, build_id, slot_ids, toUInt64(0) AS delta, 0 AS o FROM product_snapshot WHERE account_id = ? AND notEmpty(slot_ids) LIMIT 1)
			ORDER BY o DESC LIMIT 1) AS lhs
		ANY LEFT JOIN (SELECT account_id, build_id, build_id AS found, fresh_min, stale_max, parity, lower, upper, change_days,
				found_fresh_min, found_stale_max, realtime
			FROM snapshot_builds WHERE account_id = ?) AS rhs USING account_id, build_id`, accountID, accountID, accountID, accountID, accountID, accountID))
	if err != nil {
		return nil, nil, 0, 0, err
	}
	out := map[int64]int{}
	if len(res.Rows) == 0 {
		return out, nil, 0, 0, nil
	}
	r := res.Rows[0]
	ids, _ := r[0].([]uint32)
	for i, id := range ids {
		out[int64(id)] = i + 1
	}
	delta, _ = r[7].(uint64)
	version, _ = r[12].(uint64)
	b, _ := r[1].(uint64)
	if b == 0 {
		return out, nil, delta, version, nil // built before the totals existed, or no build row
	}
	// Query gives unsigned integers as uint64.
	fresh, _ := r[2].(uint64)
	stale, _ := r[3].(uint64)
	t := &engine.Totals{FreshMin: uint32(fresh), StaleMax: uint32(stale)}
	t.Parity, _ = r[4].(float64)
	t.Lower, _ = r[5].(float64)
	t.Upper, _ = r[6].(float64)
	if days, ok := r[8].(int64); ok && days >= 0 {
		t.Insights, t.ChangeDays = true, int(days)
	}
	t.Build = b
	foundFresh, _ := r[9].(uint64)
	foundStale, _ := r[10].(uint64)
	t.FoundFreshMin, t.FoundStaleMax = uint32(foundFresh), uint32(foundStale)
	rt, _ := r[11].(uint64)
	t.RealTime = rt == 1
	return out, t, delta, version, nil
}

// foundBounds are the scan-time bounds of a build's priced pairs around its cutoff
// (snapshot_builds.found_fresh_min / found_stale_max, migration 00160).
type foundBounds struct{ freshMin, staleMax uint32 }

// buildAssortmentTotals writes a full build's assortment totals (migration 00160,
// engine.AssortmentTotalsBuild) into assortment_totals_build, with the rows of the
// build the account's snapshot shows now (kept for its readers until the next
// build), and returns the bounds of the new build's found pairs. The build's rows
// must be in product_snapshot_build. Its two passes each read every pair of the
// account (a raw assortment report's work), so they run on the build's own
// connection under the build's limit (conn, ctx), as the chunks do, not under a
// report's 30 s.
func (w *Warehouse) buildAssortmentTotals(ctx context.Context, conn driver.Conn, id uint32, build uint64, settings engine.Settings, start time.Time) (foundBounds, error) {
	part := engine.IntLit(int64(id))
	if err := w.ExecParts(ctx, "ALTER TABLE %s DROP PARTITION "+part, engine.TableAssortmentTotalsBuild); err != nil {
		return foundBounds{}, err
	}
	sts, err := engine.AssortmentTotalsBuild(id, build, settings, start)
	if err != nil {
		return foundBounds{}, err
	}
	for _, st := range sts {
		if err := conn.Exec(ctx, st.SQL, st.Args...); err != nil {
			return foundBounds{}, err
		}
	}
	// The build the snapshot shows now: the base's (readers of an account with a delta
	// do not read the totals). Every row's build id, not the first row's: rows put into
	// the snapshot by hand carry build 0 (SnapshotMeta).
	if err := w.Conn.Exec(ctx, `INSERT INTO `+engine.TableAssortmentTotalsBuild.String()+` SELECT * FROM `+engine.TableAssortmentTotals.String()+
		` WHERE account_id = ? AND build_id IN (SELECT build_id FROM `+engine.TableProductSnapshot.String()+` WHERE account_id = ?)`, id, id); err != nil {
		return foundBounds{}, err
	}
	var f foundBounds
	var rows uint64
	if err := w.Conn.QueryRow(ctx, `SELECT count(), min(fresh_min), max(stale_max) FROM `+engine.TableAssortmentTotalsBuild.String()+
		` WHERE account_id = ? AND build_id = ? AND level = 'all'`, id, build).Scan(&rows, &f.freshMin, &f.staleMax); err != nil {
		return foundBounds{}, err
	}
	if rows == 0 { // no pairs at all: the widest bounds (no scan can cross the cutoff)
		f = foundBounds{freshMin: math.MaxUint32}
	}
	return f, nil
}

// buildFacts is a snapshot build's row of snapshot_builds.
type buildFacts struct {
	id                   uint64
	freshMin, staleMax   uint32
	parity, lower, upper float64
	changeDays           int32 // -1: built before the insight state (migration 00150)
}

// refreshDelta refreshes products into the account's delta. It returns why it
// could not (and wrote nothing), or "" when done.
func (w *Warehouse) refreshDelta(ctx context.Context, id uint32, settings engine.Settings, products []string) (string, error) {
	if products == nil {
		return "any product may have changed", nil
	}
	if len(products) == 0 {
		return "", nil
	}
	var baseRows, baseBuild uint64
	var slots []uint32
	if err := w.Conn.QueryRow(ctx, "SELECT count() FROM "+engine.TableProductSnapshot.String()+" WHERE account_id = ?", id).Scan(&baseRows); err != nil {
		return "", err
	}
	if baseRows > 0 {
		if err := w.Conn.QueryRow(ctx, "SELECT build_id, slot_ids FROM "+engine.TableProductSnapshot.String()+" WHERE account_id = ? LIMIT 1", id).
			Scan(&baseBuild, &slots); err != nil {
			return "", err
		}
	}
	var deltaRows uint64
	if err := w.Conn.QueryRow(ctx, "SELECT count() FROM "+engine.TableProductSnapshotDelta.String()+" WHERE account_id = ?", id).Scan(&deltaRows); err != nil {
		return "", err
	}
	if baseRows == 0 || baseBuild == 0 {
		return "no snapshot built yet", nil
	}
	if float64(deltaRows+uint64(len(products))) > DeltaShare*float64(baseRows) {
		return fmt.Sprintf("the change (%d products, %d refreshed before) is more than %.0f%% of the account's %d", len(products), deltaRows, DeltaShare*100, baseRows), nil
	}
	base, err := w.buildFacts(ctx, id, baseBuild)
	if err != nil {
		return "", err
	}
	if base == nil || base.parity != settings.Parity || base.lower != settings.Lower || base.upper != settings.Upper {
		return "the account's metric settings differ from the last full build's", nil
	}
	if base.changeDays != int32(settings.StalenessDays) {
		return "the last full build's insight state is missing or used another staleness limit", nil
	}
	list, comps, err := w.competitorList(ctx, id)
	if err != nil {
		return "", err
	}
	n := len(comps)
	if !slices.Equal(comps, slots) {
		return "the account's competitor list changed", nil
	}
	sorted := slices.Clone(products)
	slices.Sort(sorted)
	sorted = slices.Compact(sorted)
	set := func(ctx context.Context) (context.Context, error) {
		t, err := externalTable(engine.Set{Name: "touched", Type: "String", Values: anySlice(sorted)})
		if err != nil {
			return nil, err
		}
		return clickhouse.Context(ctx, clickhouse.WithExternalTable(t)), nil
	}
	// pno (cityHash64 of the id) stands for the product in the readers' exclusion: it
	// must name one product of the account among the changed ones and the rest.
	cctx, err := set(ctx)
	if err != nil {
		return "", err
	}
	var clashes uint64
	if err := w.Conn.QueryRow(cctx, `SELECT toUInt64((SELECT count() - uniqExact(cityHash64(v)) FROM touched) + (SELECT count() FROM `+
		engine.SnapshotLive+` WHERE account_id = ? AND pno GLOBAL IN (SELECT cityHash64(v) FROM touched) AND product_id GLOBAL NOT IN (SELECT v FROM touched)))`,
		id).Scan(&clashes); err != nil {
		return "", err
	}
	if clashes > 0 {
		return "two of the account's product ids share a hash", nil
	}

	start := time.Now()
	build := uint64(start.UnixNano())
	totals := strings.Join(engine.SnapshotTotals(settings, start), ",\n    ")
	part := engine.IntLit(int64(id))
	buildTable := engine.TableProductSnapshotBuild.String()
	if err := w.ExecParts(ctx, "ALTER TABLE %s DROP PARTITION "+part, engine.TableProductSnapshotBuild); err != nil {
		return "", err
	}
	// The delta's earlier rows stay, with their own build ids (hard links, no copy):
	// readers take each product's newest (engine/snapshot.go).
	if deltaRows > 0 {
		if err := w.ExecParts(ctx, "ALTER TABLE %[1]s ATTACH PARTITION "+part+" FROM %[2]s", engine.TableProductSnapshotBuild, engine.TableProductSnapshotDelta); err != nil {
			return "", err
		}
	}
	// The changed products, in ranges of deltaRange sorted ids (snapshotParallel at a
	// time): each query reads only its range of products and latest_offers, so no
	// query runs long, and both cores work.
	ranges := splitRanges(sorted, max(snapshotParallel, (len(sorted)+deltaRange-1)/deltaRange))
	if err := w.runParallel(ctx, len(ranges), func(ctx context.Context, i int) error {
		cond, args := ranges[i].cond()
		cond += " AND product_id IN (SELECT v FROM touched)"
		q := fmt.Sprintf(snapshotSelect, part, list, max(n, 1), cond, totals, build, fmt.Sprintf(offersLatest, part, list, 0, cond), changeEvents(settings, start))
		qctx, err := set(ctx)
		if err != nil {
			return err
		}
		return w.Conn.Exec(qctx, q, thrice(args)...)
	}); err != nil {
		return "", err
	}
	if afterDeltaBuild != nil {
		afterDeltaBuild()
	}
	var freshMin, staleMax uint32
	var rows uint64
	if err := w.Conn.QueryRow(ctx, "SELECT count(), min(t_fresh_min), max(t_stale_max) FROM "+buildTable+" WHERE account_id = ?", id).
		Scan(&rows, &freshMin, &staleMax); err != nil {
		return "", err
	}
	swap, swapTables := "ALTER TABLE %[1]s REPLACE PARTITION "+part+" FROM %[2]s", []engine.Table{engine.TableProductSnapshotDelta, engine.TableProductSnapshotBuild}
	if rows == 0 {
		// Nothing of the account in the delta (the changed products have no catalogue row).
		freshMin, staleMax = base.freshMin, base.staleMax
		swap, swapTables = "ALTER TABLE %s DROP PARTITION "+part, swapTables[:1]
	}
	if err := w.Conn.Exec(ctx, `INSERT INTO `+engine.TableSnapshotBuilds.String()+` (account_id, build_id, built_at, fresh_min, stale_max, parity, lower, upper, change_days)
		SELECT ?, ?, now(), ?, ?, ?, ?, ?, ?`, id, build, min(freshMin, base.freshMin), max(staleMax, base.staleMax),
		settings.Parity, settings.Lower, settings.Upper, int32(settings.StalenessDays)); err != nil {
		return "", err
	}
	if err := w.ExecParts(ctx, swap, swapTables...); err != nil {
		return "", err
	}
	if err := w.ExecParts(ctx, "ALTER TABLE %s DROP PARTITION "+part, engine.TableProductSnapshotBuild); err != nil {
		return "", err
	}
	return "", nil
}

// deltaRange is how many changed products one delta build query takes. Scattered
// over a 1M-product account, 5,000 products span about 100k product ids: the range
// of a full build's chunk.
const deltaRange = 5_000

// afterDeltaBuild runs between a delta's build and its swap (a test stops the
// refresh there).
var afterDeltaBuild func()

// buildFacts reads a build's row of snapshot_builds (nil when there is none).
func (w *Warehouse) buildFacts(ctx context.Context, id uint32, build uint64) (*buildFacts, error) {
	rows, err := w.Conn.Query(ctx, `SELECT build_id, fresh_min, stale_max, parity, lower, upper, change_days FROM `+engine.TableSnapshotBuilds.String()+
		` WHERE account_id = ? AND build_id = ? LIMIT 1`, id, build)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	if !rows.Next() {
		return nil, rows.Err()
	}
	var f buildFacts
	if err := rows.Scan(&f.id, &f.freshMin, &f.staleMax, &f.parity, &f.lower, &f.upper, &f.changeDays); err != nil {
		return nil, err
	}
	return &f, rows.Err()
}

// splitRanges cuts sorted, distinct ids into k ranges of about equal count.
func splitRanges(sorted []string, k int) []snapshotChunkRange {
	out := []snapshotChunkRange{{lo: ""}}
	for i := 1; i < k && len(sorted) >= 2*k; i++ {
		hi := sorted[i*len(sorted)/k]
		out[len(out)-1].hi = hi
		out = append(out, snapshotChunkRange{lo: hi})
	}
	return out
}

func anySlice(s []string) []any {
	out := make([]any, len(s))
	for i, v := range s {
		out[i] = v
	}
	return out
}

// runParallel runs fn(0..n-1), snapshotParallel at a time, and returns the first error.
func (w *Warehouse) runParallel(ctx context.Context, n int, fn func(context.Context, int) error) error {
	work := make(chan int)
	errs := make(chan error, snapshotParallel)
	var wg sync.WaitGroup
	for range snapshotParallel {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for q := range work {
				if err := fn(ctx, q); err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	var err error
feed:
	for i := range n {
		select {
		case work <- i:
		case err = <-errs:
			break feed
		}
	}
	close(work)
	wg.Wait()
	if err == nil {
		select {
		case err = <-errs:
		default:
		}
	}
	return err
}

// refreshAccount builds one account into product_snapshot_build, chunk by chunk
// (snapshotParallel at a time), and swaps it into product_snapshot.
func (w *Warehouse) refreshAccount(ctx context.Context, id uint32, settings engine.Settings) error {
	start := time.Now()
	totals := strings.Join(engine.SnapshotTotals(settings, start), ",\n    ")
	build := uint64(start.UnixNano())
	list, comps, err := w.competitorList(ctx, id)
	if err != nil {
		return err
	}
	n := len(comps)
	ranges, err := w.snapshotRanges(ctx, id)
	if err != nil {
		return err
	}
	// The account id is a uint32 written as a literal number: never text from a user.
	part := engine.IntLit(int64(id))
	buildTable := engine.TableProductSnapshotBuild.String()
	if err := w.ExecParts(ctx, "ALTER TABLE %s DROP PARTITION "+part, engine.TableProductSnapshotBuild); err != nil {
		return err
	}
	// The chunks and the merge after them, as steps of the command's progress bar
	// (a full build of 1M products takes a minute).
	bar := progress.Start(ctx, fmt.Sprintf("snapshot of account %d", id), "steps", float64(len(ranges)+1))
	defer bar.Finish()
	// The chunks run on connections of their own, under the build's limit rather than a
	// report's: on a busy machine a chunk of an L build can pass a report's 30 s, and the
	// fold job then failed and was retried (issue 30).
	conn, err := w.ownConns(snapshotBuildTimeout, snapshotParallel)
	if err != nil {
		return err
	}
	defer conn.Close()
	cctx := clickhouse.Context(ctx, clickhouse.WithSettings(clickhouse.Settings{"max_execution_time": int(snapshotBuildTimeout.Seconds())}))
	// Each chunk's range condition is bound three times (the query filters each side of its JOINs).
	if err := w.runParallel(cctx, len(ranges), func(ctx context.Context, i int) error {
		cond, args := ranges[i].cond()
		q := fmt.Sprintf(snapshotSelect, part, list, max(n, 1), cond, totals, build, fmt.Sprintf(offersFinal, part, list, 0, cond), changeEvents(settings, start))
		err := conn.Exec(ctx, q, thrice(args)...)
		bar.Add(1)
		return err
	}); err != nil {
		return err
	}
	// One part for the readers: the chunks wrote a part each (8 at L), and a block
	// read from 8 parts took 109 ms where one part took 70 (docs/benchmarks.md). The
	// merge costs the build about 12 s at L, before the swap, so no reader pays it.
	if err := w.OptimizeFinal(ctx, engine.TableProductSnapshotBuild, part); err != nil {
		return err
	}
	bar.Add(1)
	found, err := w.buildAssortmentTotals(cctx, conn, id, build, settings, start)
	if err != nil {
		return err
	}
	if err := w.buildRealTimeState(cctx, conn, id, build); err != nil {
		return err
	}
	shownBefore, err := w.shownBuilds(ctx, id)
	if err != nil {
		return err
	}
	// The build's facts first, then the swap: a reader that sees the new rows finds
	// their build_id here (engine.Totals).
	if err := w.Conn.Exec(ctx, `INSERT INTO `+engine.TableSnapshotBuilds.String()+` (account_id, build_id, built_at, fresh_min, stale_max, parity, lower, upper, change_days,
			found_fresh_min, found_stale_max, realtime)
		SELECT account_id, any(build_id), now(), min(t_fresh_min), max(t_stale_max), ?, ?, ?, ?, ?, ?, 1
		FROM `+buildTable+` WHERE account_id = ? GROUP BY account_id`,
		settings.Parity, settings.Lower, settings.Upper, int32(settings.StalenessDays), found.freshMin, found.staleMax, id); err != nil {
		return err
	}
	// The totals of this build beside those of the build the snapshot shows now,
	// before the snapshot's swap: a reader finds the rows of the build it was told of.
	if err := w.ExecParts(ctx, "ALTER TABLE %[1]s REPLACE PARTITION "+part+" FROM %[2]s", engine.TableAssortmentTotals, engine.TableAssortmentTotalsBuild); err != nil {
		return err
	}
	if err := w.ExecParts(ctx, "ALTER TABLE %s DROP PARTITION "+part, engine.TableAssortmentTotalsBuild); err != nil {
		return err
	}
	var deltaRows uint64
	if err := w.Conn.QueryRow(ctx, "SELECT count() FROM "+engine.TableProductSnapshotDelta.String()+" WHERE account_id = ?", id).Scan(&deltaRows); err != nil {
		return err
	}
	type step struct {
		stmt   string
		tables []engine.Table
	}
	replace := "ALTER TABLE %[1]s REPLACE PARTITION " + part + " FROM %[2]s"
	var swap []step
	if deltaRows > 0 {
		// The new build hides every base row while it is the delta.
		swap = append(swap, step{replace, []engine.Table{engine.TableProductSnapshotDelta, engine.TableProductSnapshotBuild}})
	}
	swap = append(swap, step{replace, []engine.Table{engine.TableProductSnapshot, engine.TableProductSnapshotBuild}})
	if deltaRows > 0 {
		swap = append(swap, step{"ALTER TABLE %s DROP PARTITION " + part, []engine.Table{engine.TableProductSnapshotDelta}})
	}
	swap = append(swap, step{"ALTER TABLE %s DROP PARTITION " + part, []engine.Table{engine.TableProductSnapshotBuild}})
	for _, s := range swap {
		if err := w.ExecParts(ctx, s.stmt, s.tables...); err != nil {
			return err
		}
	}
	return w.dropRealTimeState(ctx, id, append(shownBefore, build))
}

// buildRealTimeState writes a full build's real-time state (migration 00170,
// engine.RealTimeStateBuild) into its own partition of realtime_pairs and
// realtime_buckets: readers name their build, so the partition needs no swap.
// The pairs pass reads every pair of the account, so it runs on the build's own
// connection under the build's limit (conn, ctx), as the chunks do.
func (w *Warehouse) buildRealTimeState(ctx context.Context, conn driver.Conn, id uint32, build uint64) error {
	sts, err := engine.RealTimeStateBuild(id, build)
	if err != nil {
		return err
	}
	for i, st := range sts {
		if err := conn.Exec(ctx, st.SQL, st.Args...); err != nil {
			return err
		}
		if i == 0 {
			// One part for the pages, as for the snapshot: each part of a page's range reads
			// its own edge granules per competitor (at L the insert left 7 parts, and a page
			// read 176k pairs instead of 57k). The merge costs the build 7-14 s at L.
			if err := w.OptimizeFinal(ctx, engine.TableRealTimePairs, realTimePartition(id, build)); err != nil {
				return err
			}
		}
	}
	return nil
}

// realTimePartition is the partition (account, build) of the real-time state's
// tables, as system.parts writes it (OptimizeFinal matches it there).
func realTimePartition(id uint32, build uint64) string {
	return "(" + engine.IntLit(int64(id)) + "," + strconv.FormatUint(build, 10) + ")"
}

// shownBuilds are the builds of the account's snapshot rows now (one, or none; rows
// put into the snapshot by hand carry build 0).
func (w *Warehouse) shownBuilds(ctx context.Context, id uint32) ([]uint64, error) {
	res, err := w.Query(ctx, SQL("SELECT DISTINCT build_id FROM "+engine.TableProductSnapshot.String()+" WHERE account_id = ?", id))
	if err != nil {
		return nil, err
	}
	var out []uint64
	for _, r := range res.Rows {
		b, _ := r[0].(uint64)
		out = append(out, b)
	}
	return out, nil
}

// dropRealTimeState drops the real-time state of the account's earlier builds but
// those in keep (the new build, and the one the snapshot showed before it, whose
// readers may still be reading it). The builds are those the tables hold, not
// snapshot_builds': a build that failed after writing its pairs (about 300 MB at
// L) has no row there, and the next build drops its partition too. The read is
// of one column, constant within each part.
func (w *Warehouse) dropRealTimeState(ctx context.Context, id uint32, keep []uint64) error {
	res, err := w.Query(ctx, SQL("SELECT DISTINCT build_id FROM (SELECT build_id FROM "+engine.TableRealTimePairs.String()+" WHERE account_id = ? UNION ALL SELECT build_id FROM "+
		engine.TableRealTimeBuckets.String()+" WHERE account_id = ?)", id, id))
	if err != nil {
		return err
	}
	for _, r := range res.Rows {
		b, _ := r[0].(uint64)
		if slices.Contains(keep, b) {
			continue
		}
		part := realTimePartition(id, b)
		for _, t := range []engine.Table{engine.TableRealTimePairs, engine.TableRealTimeBuckets} {
			if err := w.ExecParts(ctx, "ALTER TABLE %s DROP PARTITION "+part, t); err != nil {
				return err
			}
		}
	}
	return nil
}
