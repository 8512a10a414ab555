package bench

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"github.com/labstack/echo/v4"

	"pricelens/api/session"
	"pricelens/deploy/config"
	"pricelens/deploy/databases"
	"pricelens/engine"
	"pricelens/ingest"
	"pricelens/jobs"
	"pricelens/report"
	"pricelens/trend"
	"pricelens/warehouse"
)

// Freshness is `pricelens bench-freshness` (make bench-freshness): how long
// after a realistic scan load the reports show it. It writes a Parquet file of new
// scans of --products products picked at random in the account, each by every
// competitor (50k × 20 = 1M rows at L), loads it with `pricelens ingest` (this
// binary, a separate process, as the data team runs it) and meanwhile asks
// getConditionsData through the HTTP API, every 100 ms, whether three of the loaded
// products (the first, middle and last id) show their new price. It prints the
// load's own timings and when the API first showed the scans. The scans are added
// to the account for good (a load like any other); nothing is dropped.
func Freshness(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("bench-freshness", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	products := fs.Int("products", 50_000, "products in the load (each scanned by every competitor)")
	accountFlag := fs.Int64("account", 0, "account id (default: the account with the most products)")
	dirFlag := fs.String("dir", "", "where the file is written (default $PRICELENS_DATA_DIR/bench-freshness; removed after)")
	// Each poll is a search of the account's 1M rows (~170 ms on both cores at L):
	// polled every 100 ms, the poller took most of a core from the refresh it waits
	// for on a 2-core machine, so the default leaves it a quarter of the CPU at most.
	pollEvery := fs.Duration("poll", 500*time.Millisecond, "time between two polls of getConditionsData")
	trendPoll := fs.Duration("trend-poll", 2*time.Second, "time between two asks of the price trend of all products over a year")
	const use = "bench-freshness [--products N] [--account ID] [--dir DIR]"
	if err := fs.Parse(args); err != nil || *products <= 0 {
		return usagef("%v (usage: %s)", err, use)
	}
	c, err := config.Load()
	if err != nil {
		return err
	}
	dir := *dirFlag
	if dir == "" {
		dir = filepath.Join(c.DataDir, "bench-freshness")
	}
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return err
	}
	dbs, err := databases.Open(ctx, c)
	if err != nil {
		return err
	}
	defer dbs.Close()
	accountID, total, err := benchAccount(ctx, dbs.W, c.ClickHouseDB, *accountFlag)
	if err != nil {
		return err
	}
	svc := report.NewService(dbs.W, dbs.DB)
	p := session.Principal{UserID: 1, AccountID: accountID}
	a, err := svc.Account(ctx, p)
	if err != nil {
		return err
	}
	if len(a.Competitors) == 0 || total == 0 {
		return fmt.Errorf("account %d has no competitors or no products", accountID)
	}

	// A random subset of the account's products, a new one every run.
	ids, err := dbs.W.Strings(ctx, warehouse.SQL(`SELECT product_id FROM product_snapshot WHERE account_id = ?
		AND cityHash64(product_id, ?) % ? = 0 ORDER BY product_id LIMIT ?`,
		uint32(accountID), uint64(time.Now().UnixNano()), max(total/uint64(*products), 1), uint64(*products)))
	if err != nil {
		return err
	}
	// A price no scan of the data set has: 7000 + the product's position / 1000.
	price := func(i int) float64 { return 7000 + float64(i)/1000 }
	at := time.Now().UTC().Add(-time.Minute).Truncate(time.Second)
	comps := a.Competitors
	tb := ingest.Table{
		Cols: []ingest.Col{{Name: "product_id"}, {Name: "competitor_id", Type: ingest.ColInt}, {Name: "scanned_at", Type: ingest.ColTimestamp},
			{Name: "price", Type: ingest.ColFloat}, {Name: "in_stock", Type: ingest.ColBool}, {Name: "on_sale", Type: ingest.ColBool},
			{Name: "comp_product_id"}, {Name: "name"}, {Name: "url"}},
		N: len(ids) * len(comps),
		Row: func(i int, dst []any) {
			pi, ci := i/len(comps), i%len(comps)
			id := ids[pi]
			dst[0], dst[1], dst[2], dst[3] = id, comps[ci].ID, at, price(pi)
			dst[4], dst[5] = true, ci%3 == 0
			dst[6], dst[7], dst[8] = fmt.Sprint("C", comps[ci].ID, "-", id), "Rescanned "+id, "https://shop.example/"+id
		},
	}
	path := filepath.Join(dir, fmt.Sprintf("scans-%d.parquet", time.Now().Unix()))
	if err := ingest.WriteFile(path, tb, ingest.Parquet, 131072); err != nil {
		return err
	}
	defer os.Remove(path)
	fmt.Printf("account %d (%d products, %d competitors): %d scans of %d products written to %s\n",
		accountID, total, len(comps), tb.N, len(ids), path)

	base, client, stop, err := gridServer(svc, p, func(g *echo.Group) { addTrendRoutes(g, svc) }, insightRoutes(svc))
	if err != nil {
		return err
	}
	defer stop()
	// The price trend of all products over a year (bench --only trend's first class),
	// asked every --trend-poll from before the load until the jobs after it are done:
	// a load must never take it away (issue 30).
	classes, _, err := trendClasses(ctx, dbs.W, a)
	if err != nil {
		return err
	}
	tp := &trendPoller{body: classes[0].body}
	trendDone := make(chan struct{})
	trendStopped := make(chan struct{})
	go func() {
		defer close(trendStopped)
		for {
			tp.ask(ctx, client, base)
			select {
			case <-trendDone:
				return
			case <-time.After(*trendPoll):
			}
		}
	}()
	probes := []int{0, len(ids) / 2, len(ids) - 1}
	shown := func() (bool, error) {
		for _, i := range probes {
			ok, err := showsPrice(ctx, client, base, ids[i], comps[0].ID, price(i))
			if err != nil || !ok {
				return false, err
			}
		}
		return true, nil
	}
	if ok, err := shown(); err != nil || ok {
		return fmt.Errorf("the API shows the new prices before the load (%v)", err)
	}
	reports := reportProbes(at)
	before := make([]string, len(reports))
	for i, rp := range reports {
		if before[i], err = rp.ask(ctx, client, base); err != nil {
			return fmt.Errorf("%s before the load: %w", rp.name, err)
		}
		if rp.shows(before[i], before[i]) { // an answer that shows a load not made yet
			return fmt.Errorf("%s shows the load before it", rp.name)
		}
	}

	self, err := os.Executable()
	if err != nil {
		return err
	}
	cmd := exec.CommandContext(ctx, self, "ingest", "scans", "--account", fmt.Sprint(accountID), "--rejects-dir", dir, path)
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return err
	}
	var visibleAt atomic.Int64 // ns since start; 0 = not yet
	pollErr := make(chan error, 1)
	done := make(chan struct{})
	go func() {
		defer close(pollErr)
		for {
			ok, err := shown()
			if err != nil {
				pollErr <- err
				return
			}
			if ok {
				visibleAt.Store(int64(time.Since(start)))
				return
			}
			select {
			case <-done:
				return
			case <-time.After(*pollEvery):
			}
		}
	}()
	runErr := cmd.Wait()
	returned := time.Since(start)
	if runErr != nil {
		close(done)
		close(trendDone)
		return fmt.Errorf("pricelens ingest: %w", runErr)
	}
	// The poller goes on after the command returns, for at most a minute.
	select {
	case err := <-pollErr:
		if err != nil {
			return err
		}
	case <-time.After(time.Minute):
		close(done)
		close(trendDone)
		return fmt.Errorf("the API did not show the new prices within a minute of the load returning")
	}
	var delta uint64
	if err := dbs.W.Conn.QueryRow(ctx, "SELECT count() FROM product_snapshot_delta WHERE account_id = ?", uint32(accountID)).Scan(&delta); err != nil {
		return err
	}
	vis := time.Duration(visibleAt.Load())
	fmt.Printf("the command returned after %.1fs; getConditionsData showed the new prices %.1fs after it started (%+.1fs from its return; polled every %s)\n",
		returned.Seconds(), vis.Seconds(), (vis - returned).Seconds(), *pollEvery)
	fmt.Printf("the account's delta now holds %d products (0: the load rebuilt the whole snapshot); load average %s\n", delta, loadAverage())
	// The other reports, asked once the grid shows the load (each reads the same
	// snapshot and delta, so each should show it at once), then every second.
	missed := 0
	for _, line := range probeReports(ctx, client, base, reports, before, start, time.Minute) {
		fmt.Println(line)
		if !strings.Contains(line, "showed the load") {
			missed++
		}
	}

	// The background jobs the load asks for, run here as their workers run them
	// (pricelens serve need not run), each timed beside its job's timeout: the trend
	// rollup's refresh (asked for by the load), then the fold of the snapshot's
	// delta (a minute after the last load).
	t0 := time.Now()
	if err := dbs.W.RefreshTrendRollups(ctx, map[uint32]engine.Settings{uint32(accountID): a.Settings}, ingest.ScanLoads(dbs.DB)); err != nil {
		close(trendDone)
		return fmt.Errorf("refresh_trend_rollups: %w", err)
	}
	refreshed := time.Since(t0)
	fmt.Printf("refresh_trend_rollups took %.1fs (target 30 s; job timeout %s); load average %s\n", refreshed.Seconds(), jobs.RefreshTrendRollupsTimeout, loadAverage())
	t0 = time.Now()
	if err := ingest.RebuildSnapshot(ctx, dbs.W, dbs.DB, uint32(accountID)); err != nil {
		close(trendDone)
		return fmt.Errorf("fold_snapshot_deltas: %w", err)
	}
	folded := time.Since(t0)
	fmt.Printf("fold_snapshot_deltas took %.1fs (job timeout %s, %.0f%% of it); load average %s\n", folded.Seconds(), jobs.FoldTimeout,
		100*folded.Seconds()/jobs.FoldTimeout.Seconds(), loadAverage())
	close(trendDone)
	<-trendStopped
	tp.ask(ctx, client, base) // once more after the jobs: current again
	fmt.Println(tp.report())
	if tp.failed > 0 {
		return fmt.Errorf("the price trend failed %d of %d times during and after the load", tp.failed, tp.asked)
	}
	if missed > 0 {
		return fmt.Errorf("%d reports did not show the load", missed)
	}
	return nil
}

// trendPoller asks one trend through the API and keeps what bench-freshness reports:
// how often it answered, how long it took, and how often from stored data a load
// was not in yet (dataAsOf).
type trendPoller struct {
	body                string
	asked, failed, asOf int
	lastAsOf            bool
	durations           []time.Duration
	firstErr            string
}

func (tp *trendPoller) ask(ctx context.Context, client *http.Client, base string) {
	t0 := time.Now()
	tp.asked++
	var rows trend.Rows
	err := func() error {
		req, err := http.NewRequestWithContext(ctx, "POST", base+"/trend/getConditionsData", strings.NewReader(tp.body))
		if err != nil {
			return err
		}
		req.Header.Set("Content-Type", "application/json")
		resp, err := client.Do(req)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		if resp.StatusCode != 200 {
			b, _ := io.ReadAll(resp.Body)
			return fmt.Errorf("status %d: %s", resp.StatusCode, b)
		}
		return json.NewDecoder(resp.Body).Decode(&rows)
	}()
	tp.durations = append(tp.durations, time.Since(t0))
	if err != nil {
		tp.failed++
		if tp.firstErr == "" {
			tp.firstErr = err.Error()
		}
		return
	}
	tp.lastAsOf = rows.DataAsOf != nil
	if tp.lastAsOf {
		tp.asOf++
	}
}

func (tp *trendPoller) report() string {
	d := slices.Clone(tp.durations)
	slices.Sort(d)
	if len(d) == 0 {
		return "the price trend was not asked"
	}
	out := fmt.Sprintf("the price trend of all products over a year answered %d of %d times from before the load until after the jobs (p50 %s, max %s; target 300 ms); %d answers from stored data the load was not in yet (dataAsOf)",
		tp.asked-tp.failed, tp.asked, ms(d[len(d)/2]), ms(d[len(d)-1]), tp.asOf)
	if tp.lastAsOf {
		out += "; still not current after the refresh"
	}
	if tp.firstErr != "" {
		out += "; first failure: " + tp.firstErr
	}
	return out
}

// showsPrice asks getConditionsData for the product (search by its id) and reports
// whether competitor comp's price is want.
func showsPrice(ctx context.Context, client *http.Client, base, id string, comp int64, want float64) (bool, error) {
	col := fmt.Sprint("Price@", comp)
	cond, _ := json.Marshal(map[string]any{"startRow": 0, "limit": 100, "search": id, "visible_columns": []string{"id", col}})
	req, err := http.NewRequestWithContext(ctx, "POST", base+"/tabular/getConditionsData", strings.NewReader(`{"condition":`+string(cond)+`}`))
	if err != nil {
		return false, err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := client.Do(req)
	if err != nil {
		return false, err
	}
	defer resp.Body.Close()
	var blk report.Block
	if resp.StatusCode != 200 {
		b, _ := io.ReadAll(resp.Body)
		return false, fmt.Errorf("getConditionsData: status %d: %s", resp.StatusCode, b)
	}
	if err := json.NewDecoder(resp.Body).Decode(&blk); err != nil {
		return false, err
	}
	for _, r := range blk.Rows {
		if r["id"] == id {
			p, _ := r[col].(float64)
			return p == want, nil
		}
	}
	return false, nil
}

// loadAverage is the first three fields of /proc/loadavg (the machine is shared:
// figures come with the load they were taken under).
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ")
}
