package demo

import (
	"context"
	"fmt"
	"hash/fnv"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2"
	"golang.org/x/sync/errgroup"

	"pricelens/engine"
	"pricelens/progress"
	"pricelens/warehouse"
)

// factTables are the ClickHouse tables the generator fills (views included).
var factTables = []engine.Table{engine.TableProducts, engine.TableOffers, engine.TableLatestOffers, engine.TableProductDaily, engine.TableProductLabels}

// historyStage receives the generated history scans before their parts are attached
// to offers: ATTACH PARTITION ... FROM does not run offers' materialized view, so
// the older scans do not pass through latest_offers, where they would only be
// collapsed away (at L that is 180M rows). One seed runs at a time.
const historyStage = "offers_history_seed"

// historyTable is where the generated history scans are inserted: the stage, or on
// a cluster offers itself (a stage there would be a Distributed table, whose parts
// cannot be attached; latest_offers then collapses the older scans away itself).
func historyTable(w *warehouse.Warehouse) string {
	if w.Cluster != "" {
		return engine.TableOffers.String()
	}
	return historyStage
}

// createHistoryStage (re)creates the empty stage with offers' structure and engine.
func createHistoryStage(ctx context.Context, w *warehouse.Warehouse) error {
	if w.Cluster != "" {
		return nil
	}
	for _, q := range []string{"DROP TABLE IF EXISTS " + historyStage, "CREATE TABLE " + historyStage + " AS " + engine.TableOffers.String()} {
		if err := w.Conn.Exec(ctx, q); err != nil {
			return fmt.Errorf("seed: history stage: %w", err)
		}
	}
	return nil
}

// attachHistory moves the staged history into offers, month partition by month
// partition, and drops the stage.
func attachHistory(ctx context.Context, w *warehouse.Warehouse) error {
	if w.Cluster != "" {
		return nil
	}
	rows, err := w.Conn.Query(ctx, `SELECT DISTINCT partition FROM system.parts
		WHERE database = currentDatabase() AND table = ? AND active ORDER BY partition`, historyStage)
	if err != nil {
		return fmt.Errorf("seed: history partitions: %w", err)
	}
	var parts []uint64
	for rows.Next() {
		var p string
		if err := rows.Scan(&p); err != nil {
			rows.Close()
			return err
		}
		n, err := strconv.ParseUint(p, 10, 32) // toYYYYMM: a number, formatted back as one
		if err != nil {
			rows.Close()
			return fmt.Errorf("seed: history partition %q: %w", p, err)
		}
		parts = append(parts, n)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	bar := progress.Start(ctx, "seed: attach history", "partitions", float64(len(parts)))
	defer bar.Finish()
	for _, p := range parts {
		if err := w.Conn.Exec(ctx, fmt.Sprintf("ALTER TABLE %s ATTACH PARTITION %d FROM %s", engine.TableOffers, p, historyStage)); err != nil {
			return fmt.Errorf("seed: attach history partition %d: %w", p, err)
		}
		bar.Add(1)
	}
	return w.Conn.Exec(ctx, "DROP TABLE IF EXISTS "+historyStage)
}

// clock fixes the time axis of one load: the anchor day is yesterday in the
// server's time zone (so every scan is in the past), and all dates are that day
// minus a generated number of days. Checksums measure dates from the anchor, so a
// re-seed on another day still compares equal.
type clock struct {
	day    string // anchor day, YYYY-MM-DD
	anchor uint32 // its midnight (server time zone), Unix seconds
	now    uint32 // load time stamp (updated_at)
}

func readClock(ctx context.Context, w *warehouse.Warehouse) (clock, error) {
	var c clock
	var d time.Time
	var a, n uint32
	if err := w.Conn.QueryRow(ctx, `SELECT yesterday(), toUInt32(toDateTime(yesterday())), toUInt32(now())`).Scan(&d, &a, &n); err != nil {
		return c, fmt.Errorf("clickhouse clock: %w", err)
	}
	return clock{day: d.Format("2006-01-02"), anchor: a, now: n}, nil
}

// job is one chunk of one generating INSERT.
type job struct {
	step      string
	sql       string
	args      []any
	blockSize int
	estRows   float64
}

// competitor draws are fixed per competitor name: a carry rate (share of the
// catalogue it lists), a price bias and a noise level.
func competitorDraws(name string) (carry, bias, noise float64) {
	h := fnv.New64a()
	_, _ = h.Write([]byte(name))
	x := h.Sum64()
	f := func(k uint) float64 { return float64((x>>(k*16))&0xffff) / 65536 }
	return 0.78 + 0.2*f(0), -0.06 + 0.14*f(1), 0.03 + 0.07*f(2)
}

// expectedScanAge is E[floor((maxScanAge+1) · U^2.5)], used only to plan progress.
func expectedScanAge() float64 {
	const n = 10000
	s := 0.0
	for i := 0; i < n; i++ {
		u := (float64(i) + 0.5) / n
		s += math.Floor(float64(maxScanAge+1) * math.Pow(u, 2.5))
	}
	return s / n
}

// expectedSparseScans is the mean number of sparse scans of a pair without daily
// history over a window of w days (ceil((w-1-ks)/sparseStep) over the latest scan's
// age ks), used only to plan progress and chunks.
func expectedSparseScans(w int) float64 {
	const n = 10000
	s := 0.0
	for i := 0; i < n; i++ {
		u := (float64(i) + 0.5) / n
		ks := math.Floor(float64(maxScanAge+1) * math.Pow(u, 2.5))
		s += max(math.Ceil((float64(w)-1-ks)/sparseStep), 0)
	}
	return s / n
}

// accountArgs binds everything one account's queries use.
func accountArgs(p accountPlan, seed int64, size Size, ck clock, compIDs []uint32) ([]any, float64) {
	vs := verticals()
	var vmu, vsig []float64
	var vnoun, vsuper, vcat, vname []string
	for _, v := range vs {
		vmu = append(vmu, v.mu)
		vsig = append(vsig, v.sigma)
		vnoun = append(vnoun, singular(v.name))
		vsuper = append(vsuper, v.super)
		vcat = append(vcat, v.category)
		vname = append(vname, v.name)
	}
	names := competitorNames[p.ID][:p.Competitors]
	var carry, bias, noise []float64
	var domains []string
	sumCarry := 0.0
	for _, n := range names {
		c, b, z := competitorDraws(n)
		carry, bias, noise = append(carry, c), append(bias, b), append(noise, z)
		domains = append(domains, domainOf(n))
		sumCarry += c
	}
	// Product ids grow with the product index (index × step + a random part below the
	// step), so every generated stream arrives in sort-key order and ClickHouse writes
	// it without reordering: measured 2–7× cheaper than the same rows shuffled.
	idstep := uint64(math.MaxUint64) / uint64(p.Products)
	bs := brands()
	args := []any{
		clickhouse.Named("seed", seed), clickhouse.Named("account", p.ID), clickhouse.Named("hn", p.HistoryProducts),
		clickhouse.Named("nv", len(vs)), clickhouse.Named("nb", len(bs)), clickhouse.Named("vperm", verticalPopularity(vs)),
		clickhouse.Named("brands", bs), clickhouse.Named("vmu", vmu), clickhouse.Named("vsig", vsig),
		clickhouse.Named("vnoun", vnoun), clickhouse.Named("vsuper", vsuper),
		clickhouse.Named("vcat", vcat), clickhouse.Named("vname", vname), clickhouse.Named("adj", adjectives),
		clickhouse.Named("colours", colours), clickhouse.Named("prefix", p.Prefix), clickhouse.Named("idstep", idstep),
		clickhouse.Named("currency", p.Currency), clickhouse.Named("host", p.ShopHost), clickhouse.Named("now", ck.now),
		clickhouse.Named("day", ck.day), clickhouse.Named("anchor", ck.anchor), clickhouse.Named("days", p.HistoryDays), clickhouse.Named("mdays", p.MetricsDays),
		clickhouse.Named("sparse", p.SparseDays), clickhouse.Named("hsparse", p.HistorySparseDays),
		clickhouse.Named("ncomp", p.Competitors), clickhouse.Named("cid", compIDs), clickhouse.Named("bias", bias),
		clickhouse.Named("noise", noise), clickhouse.Named("carry", carry), clickhouse.Named("cdomain", domains),
		clickhouse.Named("loadid", fmt.Sprintf("demo-%s-%d", size, seed)),
	}
	return args, sumCarry
}

// plannedJobs splits every generating INSERT of an account into chunks of a few
// million rows: each finishes well inside the driver's read timeout, and two
// workers keep both cores busy. max_block_size is per step: ARRAY JOIN multiplies a
// block of products by competitors × days, and blocks that outgrow the CPU cache
// made the history query 2.5× slower (measured: 1024 products 6.3 s, 128 products 2.4 s).
func plannedJobs(p accountPlan, args []any, sumCarry float64, history string) []job {
	var js []job
	// chunks calls f for [from, to) cut into ranges of per.
	chunks := func(from, to, per int, f func(lo, hi int)) {
		for lo := from; lo < to; lo += per {
			f(lo, min(lo+per, to))
		}
	}
	chunks(0, p.Products, 200_000, func(lo, hi int) {
		js = append(js, job{"products", productsInsert(lo, hi), args, 2048, float64(hi - lo)})
	})
	chunks(0, p.Products, max(2_000_000/p.Competitors, 1000), func(lo, hi int) {
		js = append(js, job{"offers", offersInsert(lo, hi), args, 2048, 3 * float64(hi-lo) * sumCarry})
	})
	perPair := float64(p.HistoryDays-1) - expectedScanAge()
	chunks(0, p.HistoryProducts, max(int(4_000_000/(sumCarry*perPair)), 100), func(lo, hi int) {
		js = append(js, job{"offer history", historyInsert(history, lo, hi), args, 128, float64(hi-lo) * sumCarry * perPair})
	})
	// Sparse history: history products first (more scans per pair), then the others.
	// 512 products a block (a block is products × competitors × ~12–34 scans): at a
	// tenth of L, 128 took 36.8 s, 512 33.6 s, 2048 42.1 s (summed busy time, load 2.2–3.3).
	for _, r := range []struct {
		lo, hi  int
		perPair float64
	}{
		{0, p.HistoryProducts, max(math.Ceil(float64(p.HistorySparseDays-p.HistoryDays)/sparseStep), 0)},
		{p.HistoryProducts, p.Products, expectedSparseScans(p.SparseDays)},
	} {
		if r.perPair <= 0 || r.hi <= r.lo {
			continue
		}
		chunks(r.lo, r.hi, max(int(4_000_000/(sumCarry*r.perPair)), 100), func(lo, hi int) {
			js = append(js, job{"sparse history", sparseHistoryInsert(history, lo, hi), args, 512, float64(hi-lo) * sumCarry * r.perPair})
		})
	}
	chunks(0, p.HistoryProducts, max(4_000_000/p.MetricsDays, 1000), func(lo, hi int) {
		js = append(js, job{"product history", productDailyInsert(lo, hi), args, 256, float64(hi-lo) * float64(p.MetricsDays)})
	})
	return js
}

// runJobs runs the chunks on two connections at once.
// It returns the busy time per step (summed over workers).
func runJobs(ctx context.Context, w *warehouse.Warehouse, js []job, prog *progress.Bar) (map[string]time.Duration, error) {
	var mu sync.Mutex
	busy := map[string]time.Duration{}
	g, ctx := errgroup.WithContext(ctx)
	var next atomic.Int64
	for range 2 {
		g.Go(func() error {
			for {
				i := int(next.Add(1) - 1)
				if i >= len(js) {
					return nil
				}
				j := js[i]
				qctx := clickhouse.Context(ctx, clickhouse.WithSettings(clickhouse.Settings{
					"max_block_size":     j.blockSize,
					"max_execution_time": 0,
					// One insert block per chunk (instead of 1M-row blocks) gives a few
					// large parts rather than hundreds of small ones: background merges
					// then do not compete for the two cores, and inserts never reach
					// parts_to_delay_insert.
					"min_insert_block_size_rows":  8_000_000,
					"min_insert_block_size_bytes": 1 << 30,
				}))
				t0 := time.Now()
				if err := w.Conn.Exec(qctx, j.sql, j.args...); err != nil {
					return fmt.Errorf("seed %s: %w", j.step, err)
				}
				mu.Lock()
				busy[j.step] += time.Since(t0)
				mu.Unlock()
				prog.Add(j.estRows)
			}
		})
	}
	err := g.Wait()
	return busy, err
}

// singular turns a vertical name into the noun used in product names.
func singular(name string) string {
	switch {
	case strings.HasSuffix(name, "ware"), strings.HasSuffix(name, "Decor"):
		return name
	case strings.HasSuffix(name, "Knives"):
		return strings.TrimSuffix(name, "ves") + "fe"
	case strings.HasSuffix(name, "shes"), strings.HasSuffix(name, "xes"), strings.HasSuffix(name, "sses"):
		return strings.TrimSuffix(name, "es")
	case strings.HasSuffix(name, "s"):
		return strings.TrimSuffix(name, "s")
	}
	return name
}

// clearFacts removes the demo accounts' facts. When the demo accounts are the only
// ones in the warehouse, TRUNCATE is instant; otherwise the rows are deleted with a
// mutation (asynchronous on 18.16) and the call waits until it has finished.
func clearFacts(ctx context.Context, w *warehouse.Warehouse, ids []uint32) error {
	others := uint64(0)
	for _, t := range factTables {
		var n uint64
		q := fmt.Sprintf("SELECT count() FROM %s WHERE account_id NOT IN (%s)", t, idList(ids))
		if err := w.Conn.QueryRow(ctx, q).Scan(&n); err != nil {
			return fmt.Errorf("seed: count %s: %w", t, err)
		}
		others += n
	}
	// The views' target tables are in factTables: clearing offers does not reach them.
	// The price-change events derive from offers; the seed records them again.
	for _, t := range append(slices.Clone(factTables), engine.TablePriceChanges) {
		var err error
		if others == 0 {
			err = w.ExecParts(ctx, "TRUNCATE TABLE %s", t)
		} else {
			err = w.ExecParts(ctx, "ALTER TABLE %s DELETE WHERE account_id IN ("+idList(ids)+")", t)
		}
		if err != nil {
			return fmt.Errorf("seed: clear %s: %w", t, err)
		}
	}
	if others == 0 {
		return nil
	}
	deadline := time.Now().Add(15 * time.Minute)
	for {
		var pending uint64
		if err := w.Conn.QueryRow(ctx, `SELECT count() FROM system.mutations WHERE database = ? AND is_done = 0`, w.Database).Scan(&pending); err != nil {
			return fmt.Errorf("seed: wait for deletes: %w", err)
		}
		if pending == 0 {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("seed: deleting the old demo rows is still running after 15 minutes (see system.mutations)")
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(200 * time.Millisecond):
		}
	}
}

// idList writes account ids as a SQL list (numbers of ours, never request text).
func idList(ids []uint32) string {
	parts := make([]string, len(ids))
	for i, id := range ids {
		parts[i] = strconv.FormatUint(uint64(id), 10)
	}
	return strings.Join(parts, ", ")
}
