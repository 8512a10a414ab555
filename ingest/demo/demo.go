// Package demo generates the demo data set behind `pricelens seed`: three accounts with
// different competitor sets (the third has one competitor), a 6 › 40 › 150 category tree, skewed brands, lognormal
// prices, latest offers, daily and sparse (monthly) history, business metrics and labels, plus the
// demo users. The same size and seed always give the same rows (see Checksums).
package demo

import (
	"context"
	"fmt"
	"io"
	"os"
	"sort"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"pricelens/progress"
	"pricelens/store"
	"pricelens/warehouse"
)

// Size is a named data set size (docs/benchmarks.md#targets).
type Size string

const (
	S Size = "S" // tests: 10k products × 8 competitors, 30 days of daily history, a scan a month back to 90 days
	M Size = "M"
	// L is the benchmark: 1M products × 20 competitors, 90 days of daily history for
	// 100k of them, a scan a month back to a year (3 years for those 100k).
	L Size = "L"
)

// ParseSize accepts S, M or L.
func ParseSize(s string) (Size, error) {
	switch Size(s) {
	case S, M, L:
		return Size(s), nil
	}
	return "", fmt.Errorf("size must be S, M or L, not %q", s)
}

// Options of a load.
type Options struct {
	Size Size
	Seed int64
	// IfEmpty makes Load a no-op when demo account 1 already exists.
	IfEmpty bool
	// AdminPassword is the demo users' password when they are created; empty means
	// generate one and print it once.
	AdminPassword string
	// Out receives the password line and the summary (nil: discarded).
	Out io.Writer
	// Progress receives the progress of each long step (nil: standard error).
	Progress io.Writer
	// ProgressEvery is the time between two progress lines when Progress is not a
	// terminal (0: the reporter's default).
	ProgressEvery time.Duration
	// Checksums adds the data set's checksums to the summary (costs a full scan).
	Checksums bool
}

// Summary of a load.
type Summary struct {
	Size    Size
	Seed    int64
	Skipped bool // IfEmpty and the demo accounts existed
	// Rows per ClickHouse table (demo accounts only) and "label_assignments".
	Rows         map[string]uint64
	Elapsed      time.Duration
	UsersCreated []string
	// GeneratedPassword is set when the users were created with a generated password.
	GeneratedPassword string
	Checksums         map[string]string
	// StepTime is the time per step; generating steps are summed over both workers.
	StepTime map[string]time.Duration
}

// Load replaces the demo accounts' data with the data set of o.Size and o.Seed.
func Load(ctx context.Context, w *warehouse.Warehouse, db *pgxpool.Pool, o Options) (Summary, error) {
	if o.Size == "" {
		o.Size = S
	}
	if _, err := ParseSize(string(o.Size)); err != nil {
		return Summary{}, err
	}
	return load(ctx, w, db, o, plans(o.Size))
}

// load loads the given plans (tests use small plans with the shape of M and L).
func load(ctx context.Context, w *warehouse.Warehouse, db *pgxpool.Pool, o Options, ps []accountPlan) (Summary, error) {
	start := time.Now()
	out := o.Out
	if out == nil {
		out = io.Discard
	}
	pw := o.Progress
	if pw == nil {
		pw = os.Stderr
	}
	// Every step below that takes long (generating, attaching the history, the
	// snapshots, the trend rollups, the price changes) shows its progress and ETA.
	ctx = progress.NewContext(ctx, progress.New(pw).WithEvery(o.ProgressEvery))
	sum := Summary{Size: o.Size, Seed: o.Seed, Rows: map[string]uint64{}}
	if o.IfEmpty {
		exists, err := accountExists(ctx, db, ps[0].ID)
		if err != nil {
			return sum, fmt.Errorf("seed: %w", err)
		}
		if exists {
			fmt.Fprintf(out, "seed: demo account %d already exists, nothing to do (--if-empty)\n", ps[0].ID)
			sum.Skipped = true
			return sum, nil
		}
	}

	st, err := prepareAppState(ctx, db, ps, o.AdminPassword)
	if err != nil {
		return sum, fmt.Errorf("seed: %w", err)
	}
	sum.UsersCreated = st.usersCreated
	if st.password != "" {
		sum.GeneratedPassword = st.password
		fmt.Fprintf(out, "admin password: %s\n", st.password)
	}

	ids := planIDs(ps)
	if sum.StepTime, err = generateFacts(ctx, w, o, ps, st); err != nil {
		return sum, err
	}
	t0 := time.Now()
	bar := progress.Start(ctx, "seed: labels", "accounts", float64(len(ps)))
	for _, p := range ps {
		n, err := loadLabels(ctx, w, db, o.Seed, p.ID, st.labelIDs[p.ID])
		if err != nil {
			return sum, err
		}
		sum.Rows["label_assignments"] += uint64(n)
		bar.Add(1)
	}
	bar.Finish()
	sum.StepTime["labels"] = time.Since(t0)
	t0 = time.Now()
	settings, err := store.MetricSettings(ctx, db, ids...)
	if err != nil {
		return sum, fmt.Errorf("seed: %w", err)
	}
	// The events first: the snapshot build stores each product's latest change
	// (t_changed_at). The events of the data's last week plus one day: the newest scans are of
	// yesterday, so a clock anywhere in the day after the seed still finds its whole
	// week recorded.
	from := time.Now().Add(-(warehouse.PriceChangeDays + 1) * 24 * time.Hour)
	for _, id := range ids {
		if err := w.RecordPriceChanges(ctx, id, nil, from, settings[id].StalenessDays); err != nil {
			return sum, fmt.Errorf("seed: %w", err)
		}
	}
	if err := w.RefreshSnapshots(ctx, settings); err != nil {
		return sum, fmt.Errorf("seed: refresh snapshots: %w", err)
	}
	if err := w.RefreshTrendRollups(ctx, settings, nil); err != nil {
		return sum, fmt.Errorf("seed: refresh trend rollups: %w", err)
	}
	sum.StepTime["snapshots"] = time.Since(t0)
	for _, t := range factTables {
		var n uint64
		if err := w.Conn.QueryRow(ctx, fmt.Sprintf("SELECT count() FROM %s WHERE account_id IN (%s)", t, idList(ids))).Scan(&n); err != nil {
			return sum, fmt.Errorf("seed: count %s: %w", t, err)
		}
		sum.Rows[t.String()] = n
	}
	if o.Checksums {
		if sum.Checksums, err = Checksums(ctx, w, db); err != nil {
			return sum, err
		}
	}
	sum.Elapsed = time.Since(start)
	printSummary(out, sum)
	return sum, nil
}

// generateFacts replaces the demo accounts' ClickHouse facts (products, offers and
// their history, business metrics) with the generated ones; the labels, snapshots
// and rollups that derive from them are load's later steps. It returns the time per
// step (generating steps summed over both workers).
func generateFacts(ctx context.Context, w *warehouse.Warehouse, o Options, ps []accountPlan, st appState) (map[string]time.Duration, error) {
	ck, err := readClock(ctx, w)
	if err != nil {
		return nil, err
	}
	t0 := time.Now()
	if err := clearFacts(ctx, w, planIDs(ps)); err != nil {
		return nil, err
	}
	clearTime := time.Since(t0)
	var js []job
	total := 0.0
	for _, p := range ps {
		args, sumCarry := accountArgs(p, o.Seed, o.Size, ck, st.competitorIDs[p.ID])
		for _, j := range plannedJobs(p, args, sumCarry, historyTable(w)) {
			js = append(js, j)
			total += j.estRows
		}
	}
	if err := createHistoryStage(ctx, w); err != nil {
		return nil, err
	}
	// Rows are the plan's expected counts of finished chunks (the exact counts come
	// in the summary).
	prog := progress.Start(ctx, "seed: generate", "rows", total)
	steps, err := runJobs(ctx, w, js, prog)
	prog.Finish()
	if err != nil {
		return nil, err
	}
	// The daily and the sparse history share the stage: its attach is counted once.
	t0 = time.Now()
	if err := attachHistory(ctx, w); err != nil {
		return nil, err
	}
	steps["attach history"] = time.Since(t0)
	steps["clear old rows"] = clearTime
	return steps, nil
}

func printSummary(out io.Writer, s Summary) {
	fmt.Fprintf(out, "seeded demo data set %s (seed %d) in %s\n", s.Size, s.Seed, s.Elapsed.Round(100*time.Millisecond))
	keys := make([]string, 0, len(s.Rows))
	for k := range s.Rows {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Fprintf(out, "  %-18s %12d rows\n", k, s.Rows[k])
	}
	steps := make([]string, 0, len(s.StepTime))
	for k := range s.StepTime {
		steps = append(steps, k)
	}
	sort.Strings(steps)
	for _, k := range steps {
		fmt.Fprintf(out, "  step %-18s %8s\n", k, s.StepTime[k].Round(100*time.Millisecond))
	}
	if len(s.Checksums) > 0 {
		keys = keys[:0]
		for k := range s.Checksums {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			fmt.Fprintf(out, "  checksum %-20s %s\n", k, s.Checksums[k])
		}
	}
}
