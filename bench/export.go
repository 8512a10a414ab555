package bench

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"pricelens/deploy/config"
	"pricelens/deploy/databases"
	"pricelens/drops"
	"pricelens/engine"
	"pricelens/report"
	"pricelens/store/authz"
	"pricelens/warehouse"
)

// Export is `pricelens bench-export` (make bench-export, issue 13): the
// export of "all my products" with the default columns, through the export code
// (report.CompileExport, the count, report.WriteCSV: what the export_csv job and the
// CSV drops run) into a file, for each row count asked (the first n rows: LIMIT n);
// beside it, clickhouse-client writing the same SQL (its arguments bound as the
// HTTP request sends them) as CSV into a file. It prints rows/s and bytes/s of both and
// their ratio (goal ≥ 0.8), the process's peak RSS growth during the export (goal
// ≤ 150 MB whatever the row count), the time to the first progress update (goal
// ≤ 1 s: the rows the server has read while it sorts, as the job records them) and
// to the first rows written. It uses the databases of the environment (make bench-export
// points them at bench_l).
func Export(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("bench-export", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	rowsFlag := fs.String("rows", "100000,1000000", "comma-separated row counts to export")
	accountFlag := fs.Int64("account", 0, "account id (default: the account with the most products)")
	dirFlag := fs.String("dir", "", "where the files are written (default $PRICELENS_DATA_DIR/bench-export; removed after)")
	skipClient := fs.Bool("skip-client", false, "do not run the clickhouse-client comparison")
	cpuProfile := fs.String("cpuprofile", "", "write a Go CPU profile of the exports to this file")
	printSQL := fs.Bool("sql", false, "print the export's SQL (its arguments bound) and stop")
	const use = "bench-export [--rows 100000,1000000] [--account ID] [--dir DIR] [--skip-client] [--cpuprofile FILE] [--sql]"
	if err := fs.Parse(args); err != nil {
		return usagef("%v (usage: %s)", err, use)
	}
	var counts []int64
	for _, s := range strings.Split(*rowsFlag, ",") {
		n, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
		if err != nil || n <= 0 {
			return usagef("--rows takes positive row counts separated by commas, got %q", s)
		}
		counts = append(counts, n)
	}
	c, err := config.Load()
	if err != nil {
		return err
	}
	dir := *dirFlag
	if dir == "" {
		dir = filepath.Join(c.DataDir, "bench-export")
	}
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return err
	}
	dbs, err := databases.Open(ctx, c)
	if err != nil {
		return err
	}
	defer dbs.Close()
	accountID, _, err := benchAccount(ctx, dbs.W, c.ClickHouseDB, *accountFlag)
	if err != nil {
		return err
	}
	svc := report.NewService(dbs.W, dbs.DB)
	if !accountInPostgres(ctx, dbs.DB, accountID) {
		cat, err := catalogFromSnapshot(ctx, dbs.W, accountID)
		if err != nil {
			return err
		}
		svc.Load = func(context.Context, int64) (engine.Account, error) { return cat, nil }
	}
	e, err := svc.CompileExport(ctx, authz.Principal{AccountID: accountID}, []byte(`{"report_type":"all_my_products"}`), engine.Selection{})
	if err != nil {
		return err
	}
	if len(e.Sets) > 0 {
		return errors.New("the export's SQL sends external sets, which clickhouse-client cannot be given")
	}
	if *printSQL {
		sql, err := warehouse.Render(e.Statement)
		fmt.Println(sql)
		return err
	}
	fmt.Printf("columns (%d): %s\n", len(e.Header), strings.Join(e.Header, ", "))
	if *cpuProfile != "" {
		pf, err := os.Create(*cpuProfile)
		if err != nil {
			return err
		}
		defer pf.Close()
		if err := pprof.StartCPUProfile(pf); err != nil {
			return err
		}
		defer pprof.StopCPUProfile()
	}
	for _, n := range counts {
		r, err := benchExportOnce(ctx, svc, e, n, dir)
		if err != nil {
			return err
		}
		fmt.Printf("\nexport of %d rows through the export code: %d rows, %.1f MiB in %.2fs = %.0f rows/s, %.1f MiB/s\n",
			n, r.rows, mib(r.bytes), r.secs, float64(r.rows)/r.secs, mib(r.bytes)/r.secs)
		fmt.Printf("  counted after %s; first progress (rows the server read while it sorts) after %s (goal ≤ 1s); first rows after %s; peak RSS growth %.0f MiB (goal ≤ 150 MiB; RSS %.0f → %.0f MiB)\n",
			r.counted.Round(time.Millisecond), r.firstProgress.Round(time.Millisecond), r.firstRows.Round(time.Millisecond),
			mib(r.rssPeak-r.rssBefore), mib(r.rssBefore), mib(r.rssPeak))
		if *skipClient {
			continue
		}
		sql, err := warehouse.Render(limited(e, n).Statement)
		if err != nil {
			return err
		}
		cr, cb, csecs, err := benchClientCSV(ctx, c, sql, filepath.Join(dir, "client.csv"))
		if err != nil {
			return err
		}
		fmt.Printf("clickhouse-client, the same SQL FORMAT CSVWithNames: %d rows, %.1f MiB in %.2fs = %.0f rows/s, %.1f MiB/s\n",
			cr, mib(cb), csecs, float64(cr)/csecs, mib(cb)/csecs)
		fmt.Printf("ratio export / clickhouse-client: rows/s %.2f, bytes/s %.2f (goal ≥ 0.8)\n",
			(float64(r.rows)/r.secs)/(float64(cr)/csecs), (float64(r.bytes)/r.secs)/(float64(cb)/csecs))
	}
	return nil
}

type benchExportResult struct {
	rows, bytes        int64
	secs               float64
	counted            time.Duration // the count done: the job records running with a total
	firstProgress      time.Duration // the first progress the job records: the server's rows read, else the first rows written
	firstRows          time.Duration // the first rows written: the job records rows_done
	rssBefore, rssPeak int64
}

// limited is e with its first n rows only.
func limited(e report.ExportPlan, n int64) report.ExportPlan {
	e.SQL += " LIMIT " + strconv.FormatInt(n, 10)
	return e
}

// benchExportOnce exports the first n rows of e into a file as the export job does
// (count, then the rows), sampling the process's RSS.
func benchExportOnce(ctx context.Context, svc *report.Service, e report.ExportPlan, n int64, dir string) (benchExportResult, error) {
	var r benchExportResult
	runtime.GC()
	r.rssBefore = rss()
	var peak atomic.Int64
	peak.Store(r.rssBefore)
	done := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		t := time.NewTicker(10 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				if v := rss(); v > peak.Load() {
					peak.Store(v)
				}
			}
		}
	}()
	path := filepath.Join(dir, "export.csv")
	f, err := os.Create(path)
	if err != nil {
		return r, err
	}
	defer func() { _ = os.Remove(path) }()
	t0 := time.Now()
	if _, err := svc.W.Count(ctx, e.Count); err != nil { // as the job does, for its percent
		return r, err
	}
	r.counted = time.Since(t0)
	cw := &drops.CountingWriter{W: f}
	queryID := fmt.Sprintf("bench-export-%d", time.Now().UnixNano())
	// As the job does: the server's reading is the progress until rows flow.
	var firstRead atomic.Int64
	stopReading := svc.WatchReading(ctx, queryID, func(read, total int64) {
		firstRead.CompareAndSwap(0, int64(time.Since(t0)))
	})
	defer stopReading()
	r.rows, err = svc.WriteCSV(ctx, queryID, limited(e, n), cw, func(rows int64) error {
		if r.firstRows == 0 && rows > 0 {
			r.firstRows = time.Since(t0)
			stopReading()
		}
		return nil
	})
	r.firstProgress = r.firstRows
	if d := time.Duration(firstRead.Load()); d > 0 && d < r.firstProgress {
		r.firstProgress = d
	}
	if err != nil {
		return r, err
	}
	if err := f.Close(); err != nil {
		return r, err
	}
	r.secs = time.Since(t0).Seconds()
	close(done)
	<-sampled
	r.rssPeak, r.bytes = peak.Load(), cw.N
	return r, nil
}

// benchClientCSV runs query with clickhouse-client into file as CSV with a header.
func benchClientCSV(ctx context.Context, c config.Config, query, file string) (rows, size int64, secs float64, err error) {
	host, port, err := net.SplitHostPort(c.ClickHouseAddr)
	if err != nil {
		return 0, 0, 0, err
	}
	out, err := os.Create(file)
	if err != nil {
		return 0, 0, 0, err
	}
	defer func() { _ = os.Remove(file) }()
	defer out.Close()
	args := []string{"--host", host, "--port", port, "--database", c.ClickHouseDB, "--user", c.ClickHouseUser,
		"--query", query + " FORMAT CSVWithNames"}
	if c.ClickHousePassword != "" {
		args = append(args, "--password", c.ClickHousePassword)
	}
	cmd := exec.CommandContext(ctx, "clickhouse-client", args...)
	cmd.Stdout, cmd.Stderr = out, os.Stderr
	t0 := time.Now()
	if err := cmd.Run(); err != nil {
		return 0, 0, 0, fmt.Errorf("clickhouse-client: %w", err)
	}
	secs = time.Since(t0).Seconds()
	st, err := out.Stat()
	if err != nil {
		return 0, 0, 0, err
	}
	if _, err := out.Seek(0, io.SeekStart); err != nil {
		return 0, 0, 0, err
	}
	sc := bufio.NewScanner(out)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		rows++
	}
	return rows - 1, st.Size(), secs, sc.Err()
}

// rss is the process's resident set size in bytes (/proc/self/statm).
func rss() int64 {
	b, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		return 0
	}
	f := strings.Fields(string(b))
	if len(f) < 2 {
		return 0
	}
	pages, _ := strconv.ParseInt(f[1], 10, 64)
	return pages * int64(os.Getpagesize())
}

func mib(b int64) float64 { return float64(b) / (1 << 20) }
