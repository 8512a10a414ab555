package warehouse

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"sync/atomic"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2"
	"golang.org/x/sync/errgroup"

	"pricelens/engine"
	"pricelens/progress"
)

// trendRollupChunkScans is how many scans one rollup build query reads at most (a
// chunk of products; a product with more is a chunk alone): the build groups each
// pair's scans into arrays in memory, ~40 bytes a scan (100k products with 90 daily
// scans of 20 competitors, 180M scans, went over the 7.45 GiB query limit); the work
// itself is per span, not per carried day (engine.TrendRollupChanges).
const trendRollupChunkScans = 20_000_000

// trendRollupChunkProducts is how many products one rollup build query reads at
// most: the chunk's products and my-price changes are joined by product id (900k
// products with one scan per pair took 31 s of CPU and 6.2 GiB as one chunk).
const trendRollupChunkProducts = 100_000

// trendRollupWorkers is how many chunks of a rollup build run at once, each on a
// connection of its own: one at a time kept ~0.8 of the two cores busy at L (a
// full build of account 1: 545 s for 455 s of ClickHouse CPU; the joins and the
// merge of each GROUP BY run on one thread); two took 344 s.
const trendRollupWorkers = 2

// RollupChunks bounds the chunks of a rollup build (zero: trendRollupChunkScans,
// trendRollupChunkProducts). Tests set small ones to build S in many chunks.
type RollupChunks struct {
	Scans    uint64
	Products int
}

// trendRollupTimeout bounds each statement of a rollup build (a chunk runs for
// seconds to a minute on two busy cores; far above a report's limit).
const trendRollupTimeout = 10 * time.Minute

// rollupBuild is the previous build of an account's rollup, as the refresh needs it.
type rollupBuild struct {
	builtAt   time.Time
	firstDay  time.Time
	lastDay   time.Time
	staleness uint32
	parity    float64
	lower     float64
	upper     float64
	comps     []uint32
}

// refreshTrendRollup brings account id's trend rollup (migration 00050,
// engine.TrendRollupBuild) up to yesterday. Only the months from the earliest
// month whose scans or business metrics changed since the previous build (parts of
// offers / product_daily written since; a scan carries into the days after it),
// or from the month after the previous build's last day, are rebuilt; a new
// catalogue (products written since), other settings or competitors, or no
// previous build rebuild the whole history (up to 3 years back). The months are
// built chunk by chunk of products, two chunks at a time (each chunk's pair runs
// first, into trend_runs_build, then the rollup's difference rows from them), then
// summed into trend_rollup_build; the runs are swapped whole into trend_runs (with
// the current ones before the rebuilt months), each month into trend_rollup with
// REPLACE PARTITION, then the build row written. An account without scans gets no
// rollup (its trends read the raw scans, which are empty). It reads the snapshot's
// products (weights, categories): call it after the snapshot's refresh.
func (w *Warehouse) refreshTrendRollup(ctx context.Context, id uint32, settings engine.Settings, loads ScanLoads, now time.Time) error {
	if settings.StalenessDays <= 0 {
		settings.StalenessDays = engine.DefaultSettings().StalenessDays
	}
	started := time.Now()
	acc := engine.IntLit(int64(id))
	if err := w.dropAccountPartitions(ctx, engine.TableTrendRollupBuild, id); err != nil {
		return err
	}
	if err := w.ExecParts(ctx, "ALTER TABLE %s DROP PARTITION "+acc, engine.TableTrendRunsBuild); err != nil {
		return err
	}
	var first time.Time
	var ids []uint32
	if err := w.Conn.QueryRow(ctx, "SELECT toDateTime(toDate(min(scanned_at))), arraySort(groupUniqArray(competitor_id)) FROM "+
		engine.TableOffers.String()+" WHERE account_id = ?", id).Scan(&first, &ids); err != nil {
		return err
	}
	today := time.Date(now.UTC().Year(), now.UTC().Month(), now.UTC().Day(), 0, 0, 0, 0, time.UTC)
	last := today.AddDate(0, 0, -1)
	if earliest := today.AddDate(-engine.TrendYearsBack, 0, 0); first.Before(earliest) {
		first = earliest
	}
	first = time.Date(first.Year(), first.Month(), first.Day(), 0, 0, 0, 0, time.UTC)
	if len(ids) == 0 || first.After(last) {
		if err := w.ExecParts(ctx, "ALTER TABLE %s DROP PARTITION "+acc, engine.TableTrendRuns); err != nil {
			return err
		}
		return w.dropAccountPartitions(ctx, engine.TableTrendRollup, id)
	}
	from, work, err := w.rollupStart(ctx, id, settings, ids, loads, first, last)
	if err != nil {
		return err
	}
	if !work {
		// Nothing changed since the previous build: the rollup is exact as of now, and
		// saying so keeps a load that wrote nothing from sending trends to the raw
		// scans until the next change.
		return w.recordRollupBuild(ctx, id, uint64(now.UnixNano()), started, first, last, settings, ids)
	}
	comps := make([]engine.Competitor, len(ids))
	for i, c := range ids {
		comps[i] = engine.Competitor{ID: int64(c)}
	}
	// Cluster: with a delta, the snapshot's reads are GLOBAL IN subqueries, which the
	// shards cannot run themselves (merge() there reads their default database).
	a := engine.Account{AccountID: id, Settings: settings, Now: now, Cluster: w.Cluster != ""}
	// The rollup's products are the snapshot's, a delta's included.
	if a.SnapshotDelta, err = w.SnapshotDelta(ctx, id); err != nil {
		return err
	}
	if err := w.dropAccountPartitions(ctx, engine.TableTrendRollupDeltas, id); err != nil {
		return err
	}
	chunk := RollupChunks{Scans: trendRollupChunkScans, Products: trendRollupChunkProducts}
	if w.RollupChunks.Scans > 0 {
		chunk.Scans = w.RollupChunks.Scans
	}
	if w.RollupChunks.Products > 0 {
		chunk.Products = w.RollupChunks.Products
	}
	ranges, err := w.scanRanges(ctx, id, from.AddDate(0, 0, 1-settings.StalenessDays), last.AddDate(0, 0, 1), chunk.Scans, chunk.Products)
	if err != nil {
		return err
	}
	ctx = clickhouse.Context(ctx, clickhouse.WithSettings(clickhouse.Settings{"max_execution_time": int(trendRollupTimeout.Seconds())}))
	// The chunks and the sum over them, as steps of the command's progress bar (the
	// 3-year rollup of an L account takes minutes).
	bar := progress.Start(ctx, fmt.Sprintf("trend rollup of account %d", id), "steps", float64(len(ranges)+1))
	defer bar.Finish()
	// Chunks write rows of their own products only (runs) or rows the last step sums
	// (differences), so they run in any order, side by side.
	var next atomic.Int64
	g, gctx := errgroup.WithContext(ctx)
	for range min(trendRollupWorkers, len(ranges)) {
		g.Go(func() error {
			conn, err := w.ownConn(trendRollupTimeout)
			if err != nil {
				return err
			}
			defer conn.Close()
			for i := int(next.Add(1) - 1); i < len(ranges); i = int(next.Add(1) - 1) {
				sts, err := engine.TrendRollupChanges(a, comps, from, last, ranges[i].lo, ranges[i].hi)
				if err != nil {
					return err
				}
				for _, st := range sts {
					if err := conn.Exec(gctx, st.SQL, st.Args...); err != nil {
						return fmt.Errorf("trend rollup: %w", err)
					}
				}
				bar.Add(1)
			}
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return err
	}
	conn, err := w.ownConn(trendRollupTimeout)
	if err != nil {
		return err
	}
	defer conn.Close()
	build := uint64(now.UnixNano())
	st, err := engine.TrendRollupFromChanges(a, from, last, build)
	if err != nil {
		return err
	}
	if err := conn.Exec(ctx, st.SQL, st.Args...); err != nil {
		return fmt.Errorf("trend rollup: %w", err)
	}
	bar.Add(1)
	if err := w.dropAccountPartitions(ctx, engine.TableTrendRollupDeltas, id); err != nil {
		return err
	}
	// The runs: the new ones of [from, last] and, for a partial build, the current
	// ones before from, swapped in whole.
	if from.After(first) {
		st, err := engine.TrendRunsBefore(a, comps, first, from)
		if err != nil {
			return err
		}
		if err := conn.Exec(ctx, st.SQL, st.Args...); err != nil {
			return fmt.Errorf("trend runs: %w", err)
		}
	}
	if err := w.ExecParts(ctx, "ALTER TABLE %[1]s REPLACE PARTITION "+acc+" FROM %[2]s", engine.TableTrendRuns, engine.TableTrendRunsBuild); err != nil {
		return err
	}
	if err := w.ExecParts(ctx, "ALTER TABLE %s DROP PARTITION "+acc, engine.TableTrendRunsBuild); err != nil {
		return err
	}
	// Every month from the first rebuilt one: a month with no rows in the build
	// becomes empty. Older months keep their rows. The build's facts are written
	// after the swaps: until then readers keep the previous facts, whose days the
	// new rows cover exactly too.
	for m := time.Date(from.Year(), from.Month(), 1, 0, 0, 0, 0, time.UTC); !m.After(last); m = m.AddDate(0, 1, 0) {
		part := "(" + acc + ", " + engine.IntLit(int64(m.Year()*100+int(m.Month()))) + ")"
		if err := w.ExecParts(ctx, "ALTER TABLE %[1]s REPLACE PARTITION "+part+" FROM %[2]s", engine.TableTrendRollup, engine.TableTrendRollupBuild); err != nil {
			return err
		}
		if err := w.ExecParts(ctx, "ALTER TABLE %s DROP PARTITION "+part, engine.TableTrendRollupBuild); err != nil {
			return err
		}
	}
	return w.recordRollupBuild(ctx, id, build, started, first, last, settings, ids)
}

// scanRanges cuts account id's products into ranges [lo, hi) of product ids ("":
// open) of at most products products with scans in [from, end) that add up to at
// most scans (a product with more is a range alone), in id order. Products without
// scans fall in some range.
func (w *Warehouse) scanRanges(ctx context.Context, id uint32, from, end time.Time, scans uint64, products int) ([]snapshotChunkRange, error) {
	rows, err := w.Conn.Query(ctx, `SELECT product_id, count() FROM `+engine.TableOffers.String()+`
		WHERE account_id = ? AND scanned_at >= toDateTime(?) AND scanned_at < toDateTime(?) GROUP BY product_id ORDER BY product_id`,
		id, uint32(from.Unix()), uint32(end.Unix()))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []snapshotChunkRange{{lo: ""}}
	var n uint64
	k := 0
	for rows.Next() {
		var pid string
		var c uint64
		if err := rows.Scan(&pid, &c); err != nil {
			return nil, err
		}
		if k > 0 && (n+c > scans || k == products) {
			out[len(out)-1].hi = pid
			out = append(out, snapshotChunkRange{lo: pid})
			n, k = 0, 0
		}
		n, k = n+c, k+1
	}
	return out, rows.Err()
}

// recordRollupBuild writes the build row that makes a rollup readable: what it
// covers and when its build started (a load after that makes it stale).
func (w *Warehouse) recordRollupBuild(ctx context.Context, id uint32, build uint64, started, first, last time.Time, settings engine.Settings, ids []uint32) error {
	return w.Conn.Exec(ctx, `INSERT INTO `+engine.TableTrendRollupBuilds.String()+` (account_id, build_id, built_at, first_day, last_day, staleness, parity, lower, upper, competitors)
		SELECT ?, ?, toDateTime(?), toDate(?), toDate(?), ?, ?, ?, ?, CAST(? AS Array(UInt32))`,
		id, build, uint32(started.Unix()), first.Format("2006-01-02"), last.Format("2006-01-02"), uint32(settings.StalenessDays),
		settings.Parity, settings.Lower, settings.Upper, ids)
}

// partitionText is a (account, month) partition as system.parts prints it.
var partitionText = regexp.MustCompile(`^\((\d+),\d+\)$`)

// dropAccountPartitions drops every partition of account id from t (partitioned by
// (account_id, month)); the partition text is ClickHouse's own, re-checked to be
// two numbers before it is printed.
func (w *Warehouse) dropAccountPartitions(ctx context.Context, t engine.Table, id uint32) error {
	var parts []string
	rows, err := w.Conn.Query(ctx, `SELECT DISTINCT partition FROM system.parts WHERE database = currentDatabase() AND table = ? AND active`, t.String())
	if err != nil {
		return err
	}
	for rows.Next() {
		var p string
		if err := rows.Scan(&p); err != nil {
			rows.Close()
			return err
		}
		if m := partitionText.FindStringSubmatch(p); m != nil && m[1] == engine.IntLit(int64(id)) {
			parts = append(parts, p)
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for _, p := range parts {
		if err := w.ExecParts(ctx, "ALTER TABLE %s DROP PARTITION "+p, t); err != nil {
			return err
		}
	}
	return nil
}

// ScanLoads lists the scan loads into an account since a time, by the load ids
// their scans carry (offers.load_id): every load that may have written a scan of
// the account since then, finished or not (store.ScanLoadsSince).
type ScanLoads func(ctx context.Context, account uint32, since time.Time) ([]string, error)

// rollupStart is the first day the refresh must rebuild (see refreshTrendRollup):
// first for a full build, else the first day of the earliest changed month; work
// is false when nothing changed since the previous build and it reaches last.
//
// With loads (nil: unknown), a changed month of offers counts only from the
// earliest scan day the loads since the build wrote: a scan carries into the days
// after it, never before, so scans after the build's last day change none of its
// days. The usual load (today's scans, after the nightly build's yesterday) then
// rebuilds nothing: at L a load of 1M scans rebuilt the whole month, 3.5 minutes,
// on every load (issue 30); merges rewrite parts of offers all the time, so the
// parts alone cannot tell.
func (w *Warehouse) rollupStart(ctx context.Context, id uint32, s engine.Settings, comps []uint32, loads ScanLoads, first, last time.Time) (_ time.Time, work bool, _ error) {
	prev, err := w.lastRollupBuild(ctx, id)
	if err != nil || prev == nil {
		return first, true, err
	}
	// A rollup built before the runs were kept (migration 00140) has none to keep.
	var runs uint64
	if err := w.Conn.QueryRow(ctx, "SELECT count() FROM "+engine.TableTrendRuns.String()+" WHERE account_id = ?", id).Scan(&runs); err != nil || runs == 0 {
		return first, true, err
	}
	if prev.staleness != uint32(s.StalenessDays) || prev.parity != s.Parity || prev.lower != s.Lower || prev.upper != s.Upper ||
		!slices.Equal(prev.comps, comps) || first.Before(prev.firstDay) {
		return first, true, nil
	}
	// Parts written since the previous build started (a merge rewrites a part too:
	// that rebuilds more than needed, never less), on every shard of a cluster.
	// Partition ids of offers and product_daily are YYYYMM; products has one partition.
	var changed []string
	rows, err := w.Conn.Query(ctx, rollupChangedPartsSQL(w.partsSource()),
		w.Database, w.storedName(engine.TableOffers), w.storedName(engine.TableProductDaily), w.storedName(engine.TableProducts),
		uint32(prev.builtAt.Unix()))
	if err != nil {
		return first, true, err
	}
	defer rows.Close()
	start := prev.lastDay.AddDate(0, 0, 1)
	var scanMonth time.Time // the earliest changed month of offers, when loads tell its days
	for rows.Next() {
		var table, partition string
		if err := rows.Scan(&table, &partition); err != nil {
			return first, true, err
		}
		if table == w.storedName(engine.TableProducts) {
			return first, true, nil
		}
		m, err := time.Parse("200601", partition)
		if err != nil {
			return first, true, nil
		}
		if loads != nil && table == w.storedName(engine.TableOffers) {
			if scanMonth.IsZero() || m.Before(scanMonth) {
				scanMonth = m
			}
			continue
		}
		changed = append(changed, partition)
		if m.Before(start) {
			start = m
		}
	}
	if err := rows.Err(); err != nil {
		return first, true, err
	}
	rows.Close()
	if !scanMonth.IsZero() && !scanMonth.After(prev.lastDay) {
		day, found, err := w.firstLoadedScanDay(ctx, id, loads, prev.builtAt, scanMonth, prev.lastDay)
		if err != nil {
			return first, true, err
		}
		if found {
			changed = append(changed, day.Format("200601"))
			if day.Before(start) {
				start = day
			}
		}
	}
	if start.Before(first) {
		start = first
	}
	if len(changed) == 0 && start.After(last) {
		return start, false, nil // nothing changed, no new day
	}
	if start.After(last) {
		start = last
	}
	return time.Date(start.Year(), start.Month(), 1, 0, 0, 0, 0, time.UTC), true, nil
}

// firstLoadedScanDay is the earliest day in [from, last] with a scan of account id
// written by the loads since a build started (found false: none). It reads the
// load ids of the account's scans in those days only (a month or two).
func (w *Warehouse) firstLoadedScanDay(ctx context.Context, id uint32, loads ScanLoads, since, from, last time.Time) (_ time.Time, found bool, _ error) {
	ids, err := loads(ctx, id, since)
	if err != nil || len(ids) == 0 {
		return time.Time{}, false, err
	}
	var n uint64
	var day time.Time
	if err := w.Conn.QueryRow(ctx, `SELECT count(), toDateTime(toDate(min(scanned_at))) FROM `+engine.TableOffers.String()+`
		WHERE account_id = ? AND scanned_at >= toDateTime(?) AND scanned_at < toDateTime(?) AND has(?, load_id)`,
		id, uint32(from.Unix()), uint32(last.AddDate(0, 0, 1).Unix()), ids).Scan(&n, &day); err != nil {
		return time.Time{}, false, err
	}
	return day.UTC(), n > 0, nil
}

// rollupChangedPartsSQL reads the partitions of offers, product_daily and products
// (their stored names, after the database) with a part written at or after a time,
// from parts (Warehouse.partsSource).
func rollupChangedPartsSQL(parts string) string {
	return `SELECT DISTINCT table, partition FROM ` + parts + ` WHERE database = ? AND active
		AND table IN (?, ?, ?) AND modification_time >= toDateTime(?)`
}

// lastRollupBuild is the account's newest rollup build (nil: none).
func (w *Warehouse) lastRollupBuild(ctx context.Context, id uint32) (*rollupBuild, error) {
	rows, err := w.Conn.Query(ctx, `SELECT built_at, toDateTime(first_day), toDateTime(last_day), staleness, parity, lower, upper, competitors
		FROM `+engine.TableTrendRollupBuilds.String()+` WHERE account_id = ? ORDER BY build_id DESC LIMIT 1`, id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	if !rows.Next() {
		return nil, rows.Err()
	}
	var b rollupBuild
	if err := rows.Scan(&b.builtAt, &b.firstDay, &b.lastDay, &b.staleness, &b.parity, &b.lower, &b.upper, &b.comps); err != nil {
		return nil, err
	}
	b.firstDay, b.lastDay = b.firstDay.UTC(), b.lastDay.UTC()
	return &b, nil
}

// RefreshTrendRollups brings the trend rollup of the given accounts (with their
// metric settings) up to date (refreshTrendRollup): `pricelens refresh`, the seed
// and the refresh_trend_rollups job call it; loads (nil: unknown, for writers of
// scans that record no load) narrows what a load changed (rollupStart). Loads do not: a rollup older than the
// account's last load is not read (trend/), so a load never waits for it.
func (w *Warehouse) RefreshTrendRollups(ctx context.Context, accounts map[uint32]engine.Settings, loads ScanLoads) error {
	snapshotMu.Lock()
	defer snapshotMu.Unlock()
	for id, s := range accounts {
		if err := w.refreshTrendRollup(ctx, id, s, loads, time.Now()); err != nil {
			return fmt.Errorf("trend rollup of account %d: %w", id, err)
		}
	}
	return nil
}

// TrendRollup reads what the account's current trend rollup covers (nil: none).
func (w *Warehouse) TrendRollup(ctx context.Context, id uint32) (*engine.TrendRollup, error) {
	res, err := w.Query(ctx, SQL(`SELECT toString(first_day), toString(last_day), staleness, parity, lower, upper, competitors, build_id
		FROM `+engine.TableTrendRollupBuilds.String()+` WHERE account_id = ? ORDER BY build_id DESC LIMIT 1`, id))
	if err != nil || len(res.Rows) == 0 {
		return nil, err
	}
	r := res.Rows[0]
	out := &engine.TrendRollup{}
	out.FirstDay, _ = time.Parse("2006-01-02", r[0].(string))
	out.LastDay, _ = time.Parse("2006-01-02", r[1].(string))
	st, _ := r[2].(uint64)
	out.Staleness = int(st)
	out.Parity, _ = r[3].(float64)
	out.Lower, _ = r[4].(float64)
	out.Upper, _ = r[5].(float64)
	ids, _ := r[6].([]uint32)
	for _, c := range ids {
		out.Competitors = append(out.Competitors, int64(c))
	}
	// The build id is its start in nanoseconds: built_at's whole seconds made a load
	// that finished in the second before the refresh started look newer than the
	// build, so the trends said "data as of" until the next refresh (10 minutes).
	at, _ := r[7].(uint64)
	out.BuiltAt = time.Unix(0, int64(at)).UTC()
	return out, nil
}

// ScansLoadedSince reports whether the loads (offers.load_id values) wrote a scan of
// the account's product; they are the loads since a rollup build at t, so the
// product page then reads its scans, not the build's runs. Only the months of the
// parts of offers written since t are read (a load of recent scans: a granule or
// two, not the product's ~40); a part that merged a load's rows is written since t
// too. On a cluster it answers true (parts are per shard).
func (w *Warehouse) ScansLoadedSince(ctx context.Context, account uint32, product string, loads []string, t time.Time) (bool, error) {
	if w.Cluster != "" {
		return true, nil
	}
	if len(loads) == 0 {
		return false, nil
	}
	var first string
	if err := w.Conn.QueryRow(ctx, `SELECT min(partition) FROM system.parts WHERE database = ? AND table = ? AND active AND modification_time >= toDateTime(?)`,
		w.Database, engine.TableOffers.String(), uint32(t.Unix())).Scan(&first); err != nil {
		return true, err
	}
	if first == "" {
		return false, nil // nothing written since
	}
	m, err := time.Parse("200601", first)
	if err != nil {
		return true, nil
	}
	var n uint64
	err = w.Conn.QueryRow(ctx, `SELECT count() FROM `+engine.TableOffers.String()+` WHERE account_id = ? AND product_id = ? AND scanned_at >= toDateTime(?) AND has(?, load_id)`,
		account, product, uint32(m.Unix()), loads).Scan(&n)
	return n > 0 || err != nil, err
}
