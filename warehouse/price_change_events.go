package warehouse

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2"

	"pricelens/engine"
	"pricelens/progress"
)

// Price-change events (migration 00120): the insights panel's change counts read
// them instead of the offer history (engine/insights.go). RecordPriceChanges runs
// in the refresh after every scans load for the products the load touched, and for
// everything with `pricelens refresh --price-changes` (the backfill).

// PriceChangeDays is the longest period the events are read for (the insights' last
// week), so the period a refresh of everything records.
const PriceChangeDays = 7

// priceChangeRetention is how old an event may get before its month's partition is
// dropped: the insights read 7 days; whole months go, so up to two months stay.
const priceChangeRetention = 40 * 24 * time.Hour

// priceChangeChunk is how many products one INSERT … SELECT handles: each groups the
// chunk's pairs' scans into arrays, so the chunk bounds its memory, and it must end
// within the connection's read timeout (an INSERT … SELECT sends nothing while it
// runs): at L under load 11-15, 100k products took over 60 s, 25k 15-22 s.
var priceChangeChunk = 10_000

// priceChangeSelect writes the events of one chunk: per (product, competitor) the
// last priced scan before the period (argMaxIf: no array of the lookback's scans)
// and the period's priced scans sorted by time; each of those is paired with the
// one before it (the arrays shifted by one, no lambda captures, which 18.16 copies
// per element), and a scan whose price differs from its predecessor's is an event.
// Of two scans of a pair at the same second (unmerged duplicates of the
// ReplacingMergeTree) with the same price, neither is a change.
// Format arguments: %[1]s the account id, %[2]s the chunk's product condition (with
// ? placeholders, bound), %[3]s the lookback start and %[4]s the period start (unix
// seconds, IntLit).
var priceChangeSelect = `INSERT INTO ` + engine.TablePriceChanges.String() + ` (account_id, changed_at, product_id, competitor_id, price, prev_price, prev_at)
SELECT account_id, t, product_id, competitor_id, p, pp, pt
FROM (
    SELECT account_id, product_id, competitor_id,
        argMaxIf(x, scanned_at, scanned_at < toDateTime(%[4]s)) AS p0,
        maxIf(scanned_at, scanned_at < toDateTime(%[4]s)) AS t0,
        arraySort(groupArrayIf(scanned_at, scanned_at >= toDateTime(%[4]s))) AS ts,
        arraySort((x_, t_) -> t_, groupArrayIf(x, scanned_at >= toDateTime(%[4]s)), groupArrayIf(scanned_at, scanned_at >= toDateTime(%[4]s))) AS ps
    FROM (
        SELECT account_id, product_id, competitor_id, scanned_at, assumeNotNull(price) AS x
        FROM ` + engine.TableOffers.String() + `
        WHERE account_id = %[1]s AND %[2]s AND price IS NOT NULL AND scanned_at > toDateTime(%[3]s))
    GROUP BY account_id, product_id, competitor_id
    HAVING notEmpty(ts)
)
ARRAY JOIN ts AS t, ps AS p, arrayPopBack(arrayPushFront(ts, t0)) AS pt, arrayPopBack(arrayPushFront(ps, p0)) AS pp
WHERE pt > toDateTime(0) AND p != pp`

// RecordPriceChanges writes the account's price-change events of scans at or after
// from, for products (nil: every product of the account), finding each pair's
// previous priced scan up to lookbackDays before (the account's staleness limit: an
// older predecessor would not count anyway). Recording again writes the same rows.
// A load of scans older than scans already recorded writes the events it causes;
// an event it makes void (the later scan now equals its new predecessor) stays.
func (w *Warehouse) RecordPriceChanges(ctx context.Context, account uint32, products []string, from time.Time, lookbackDays int) error {
	ctx = longRunning(ctx)
	since := from.Add(-time.Duration(lookbackDays) * 24 * time.Hour)
	sql := func(cond string) string {
		return fmt.Sprintf(priceChangeSelect, engine.IntLit(int64(account)), cond,
			engine.IntLit(since.Unix()), engine.IntLit(from.Unix()))
	}
	if products == nil {
		ranges, err := w.productRanges(ctx, account, priceChangeChunk)
		if err != nil {
			return err
		}
		bar := progress.Start(ctx, fmt.Sprintf("price changes of account %d", account), "chunks", float64(len(ranges)))
		defer bar.Finish()
		if err := w.runParallel(ctx, len(ranges), func(ctx context.Context, i int) error {
			cond, args := ranges[i].cond()
			err := w.Conn.Exec(ctx, sql(cond), args...)
			bar.Add(1)
			return err
		}); err != nil {
			return fmt.Errorf("price changes of account %d: %w", account, err)
		}
	} else {
		sorted := slices.Compact(slices.Sorted(slices.Values(products)))
		for lo := 0; lo < len(sorted); lo += priceChangeChunk {
			chunk := sorted[lo:min(lo+priceChangeChunk, len(sorted))]
			t, err := externalTable(engine.Set{Name: "touched", Type: "String", Values: anySlice(chunk)})
			if err != nil {
				return err
			}
			cctx := clickhouse.Context(ctx, clickhouse.WithExternalTable(t))
			if err := w.Conn.Exec(cctx, sql("product_id IN (SELECT v FROM touched)")); err != nil {
				return fmt.Errorf("price changes of account %d: %w", account, err)
			}
		}
	}
	return w.dropOldPriceChanges(ctx)
}

// dropOldPriceChanges drops the month partitions of events older than the retention:
// the table stays small without a TTL (18.16 has none).
func (w *Warehouse) dropOldPriceChanges(ctx context.Context) error {
	keep := time.Now().UTC().Add(-priceChangeRetention)
	oldest := keep.Year()*100 + int(keep.Month())
	rows, err := w.Conn.Query(ctx, `SELECT DISTINCT partition FROM `+w.partsSource()+`
		WHERE database = ? AND table = ? AND active`, w.Database, w.storedName(engine.TablePriceChanges))
	if err != nil {
		return err
	}
	var old []string
	for rows.Next() {
		var p string
		if err := rows.Scan(&p); err != nil {
			rows.Close()
			return err
		}
		if n, err := strconv.Atoi(p); err == nil && n < oldest {
			old = append(old, engine.IntLit(int64(n)))
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for _, p := range old {
		if err := w.ExecParts(ctx, "ALTER TABLE %s DROP PARTITION "+p, engine.TablePriceChanges); err != nil {
			return err
		}
	}
	return nil
}
