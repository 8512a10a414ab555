package ingest

import (
	"bufio"
	"context"
	"errors"
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
	"syscall"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"pricelens/deploy/config"
	"pricelens/engine"
	"pricelens/migrations"
	"pricelens/store"
	"pricelens/warehouse"
)

// BenchOptions configures `pricelens ingest bench` (make bench-ingest).
type BenchOptions struct {
	Config    config.Config
	Rows      int    // scan rows (default 10M)
	Dir       string // where the generated files are kept between runs
	GroupRows int    // Parquet row-group size (default 131072)
	// Loader knobs (0 = Load's defaults), to compare settings.
	Writers, FlushRows, BlockRows int
	SkipClient                    bool   // do not run clickhouse-client
	CPUProfile                    string // write a Go CPU profile of the load here
	Dictionary                    bool   // Parquet strings dictionary-encoded (pyarrow's default)
	Out                           io.Writer
}

// Scratch database names of the benchmark; dropped and recreated on every run.
const (
	benchDB    = "pricelens_bench_ingest"
	benchTSVDB = "pricelens_bench_tsv"
)

// Bench generates Rows scan rows as Parquet (and the same rows as TSV), loads the
// Parquet file with Load into a scratch database and reports rows/s and peak memory,
// then inserts the TSV with clickhouse-client into another scratch database with the
// same schema (same materialized views), and prints the ratio of the two rates.
func Bench(ctx context.Context, o BenchOptions) error {
	if o.Rows <= 0 {
		o.Rows = 10_000_000
	}
	if o.GroupRows <= 0 {
		o.GroupRows = 1 << 17
	}
	if o.Out == nil {
		o.Out = os.Stdout
	}
	if err := os.MkdirAll(o.Dir, 0o755); err != nil {
		return err
	}
	const competitors = 20
	g := Gen{Account: 1, Products: (o.Rows + competitors - 1) / competitors,
		Start: time.Now().UTC().Truncate(24 * time.Hour).Add(-48 * time.Hour)}
	for c := int64(1); c <= competitors; c++ {
		g.Competitors = append(g.Competitors, c)
	}
	// The file names carry the row count and the day, so a rerun reuses them.
	stem := filepath.Join(o.Dir, fmt.Sprintf("scans-%d-%s", o.Rows, g.Start.Format("20060102")))
	pq, tsv := stem+".parquet", stem+".tsv"
	tb := g.Scans(o.Rows)
	if o.Dictionary {
		pq = stem + "-dict.parquet"
		tb.DictionaryStrings = true
	}
	if err := writeParquetOnce(pq, tb, o.GroupRows, o.Out); err != nil {
		return err
	}
	if _, err := os.Stat(tsv); err != nil {
		fmt.Fprintf(o.Out, "generating %s…\n", tsv)
		if err := writeTSV(tsv, tb); err != nil {
			return err
		}
	}

	w, db, cleanup, err := benchDatabases(ctx, o.Config, competitors)
	if err != nil {
		return err
	}
	defer cleanup()
	// The account's catalogue first, as in production: the snapshot rebuild after the
	// scans then builds a row per product (without it, it would build nothing).
	if err := benchCatalogue(ctx, w, db, g, filepath.Join(o.Dir, fmt.Sprintf("products-%d.parquet", g.Products)), o.Out); err != nil {
		return err
	}

	st, err := os.Stat(pq)
	if err != nil {
		return err
	}
	f, err := os.Open(pq)
	if err != nil {
		return err
	}
	defer f.Close()
	runtime.GC()
	var ru0 syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru0)
	peak := &peakHeap{}
	stop := peak.sample(20 * time.Millisecond)
	if o.CPUProfile != "" {
		pf, err := os.Create(o.CPUProfile)
		if err != nil {
			return err
		}
		defer pf.Close()
		if err := pprof.StartCPUProfile(pf); err != nil {
			return err
		}
	}
	server := serverCPU(o.Config)
	srv0, srvInsert := server(), 0.0
	sum, err := Load(ctx, w, db, Request{Kind: Scans, Name: filepath.Base(pq), File: f, Size: st.Size(), MaxRejectRatio: 0,
		Writers: o.Writers, FlushRows: o.FlushRows, BlockRows: o.BlockRows, afterInsert: func() { srvInsert = server() - srv0 }})
	stop()
	if o.CPUProfile != "" {
		pprof.StopCPUProfile()
	}
	var ie *Error
	if errors.As(err, &ie) && ie.Code == CodeRefreshFailed {
		fmt.Fprintf(o.Out, "warning: %v\n", err)
	} else if err != nil {
		return fmt.Errorf("load: %w", err)
	}
	var n uint64
	if err := w.Conn.QueryRow(ctx, "SELECT count() FROM "+engine.TableOffers.String()).Scan(&n); err != nil {
		return err
	}
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	fmt.Fprintf(o.Out, "\npricelens ingest (Parquet %.0f MiB, %d row groups of %d):\n", float64(st.Size())/(1<<20), (o.Rows+o.GroupRows-1)/o.GroupRows, o.GroupRows)
	fmt.Fprintf(o.Out, "  %d rows loaded (%d in offers) in %.2fs = %.0f rows/s (rows in ClickHouse after %.2fs = %.0f rows/s; snapshot refresh %.2fs)\n",
		sum.Loaded, n, sum.Seconds, sum.RowsPerSecond, sum.InsertSeconds, float64(sum.Loaded)/sum.InsertSeconds, sum.RefreshSeconds)
	fmt.Fprintf(o.Out, "  peak Go heap in use %.0f MiB, peak RSS of the process %.0f MiB\n", float64(peak.max)/(1<<20), float64(ru.Maxrss)/1024)
	cpu := tv(ru.Utime) + tv(ru.Stime) - tv(ru0.Utime) - tv(ru0.Stime)
	fmt.Fprintf(o.Out, "  CPU of the loader process %.1fs (%.2f µs per row)\n", cpu, cpu/float64(sum.Loaded)*1e6)
	if srvInsert > 0 {
		fmt.Fprintf(o.Out, "  CPU of the ClickHouse server until the rows were in %.1fs (%.2f µs per row)\n", srvInsert, srvInsert/float64(sum.Loaded)*1e6)
	}

	if o.SkipClient {
		return nil
	}
	host, port, err := net.SplitHostPort(o.Config.ClickHouseAddr)
	if err != nil {
		return err
	}
	cols := make([]string, 0, len(scanCols))
	for _, c := range scanCols {
		cols = append(cols, c.Name)
	}
	in, err := os.Open(tsv)
	if err != nil {
		return err
	}
	defer in.Close()
	tst, _ := in.Stat()
	args := []string{"--host", host, "--port", port, "--database", benchTSVDB, "--user", o.Config.ClickHouseUser,
		"--query", "INSERT INTO " + engine.TableOffers.String() + " (" + strings.Join(cols, ", ") + ") FORMAT TSV"}
	if o.Config.ClickHousePassword != "" {
		args = append(args, "--password", o.Config.ClickHousePassword)
	}
	cmd := exec.CommandContext(ctx, "clickhouse-client", args...)
	cmd.Stdin, cmd.Stderr = in, os.Stderr
	t0 := time.Now()
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("clickhouse-client: %w", err)
	}
	secs := time.Since(t0).Seconds()
	tw, err := warehouse.Open(ctx, withDB(o.Config, benchTSVDB))
	if err != nil {
		return err
	}
	defer tw.Close()
	var tn uint64
	if err := tw.Conn.QueryRow(ctx, "SELECT count() FROM "+engine.TableOffers.String()).Scan(&tn); err != nil {
		return err
	}
	rate := float64(tn) / secs
	fmt.Fprintf(o.Out, "clickhouse-client INSERT … FORMAT TSV (%.0f MiB):\n", float64(tst.Size())/(1<<20))
	fmt.Fprintf(o.Out, "  %d rows in %.2fs = %.0f rows/s\n", tn, secs, rate)
	fmt.Fprintf(o.Out, "ratio pricelens / clickhouse-client = %.2f (rows in ClickHouse: %.2f)\n",
		sum.RowsPerSecond/rate, float64(sum.Loaded)/sum.InsertSeconds/rate)
	return nil
}

// serverCPU returns a reader of the CPU seconds the project's own ClickHouse server
// (its pid file under the data directory) has used; it reads 0 when the server is
// not one this machine runs.
func serverCPU(c config.Config) func() float64 {
	b, err := os.ReadFile(filepath.Join(c.DataDir, "clickhouse", "clickhouse.pid"))
	if err != nil {
		return func() float64 { return 0 }
	}
	stat := filepath.Join("/proc", strings.TrimSpace(string(b)), "stat")
	return func() float64 {
		b, err := os.ReadFile(stat)
		if err != nil {
			return 0
		}
		// Fields after the parenthesised command: utime and stime are the 12th and 13th.
		f := strings.Fields(string(b[strings.LastIndexByte(string(b), ')')+1:]))
		if len(f) < 13 {
			return 0
		}
		u, _ := strconv.ParseFloat(f[11], 64)
		s, _ := strconv.ParseFloat(f[12], 64)
		return (u + s) / 100 // clock ticks (USER_HZ, 100 on Linux)
	}
}

// benchCatalogue loads the generated catalogue of g's products (written to path once).
func benchCatalogue(ctx context.Context, w *warehouse.Warehouse, db *pgxpool.Pool, g Gen, path string, out io.Writer) error {
	if err := writeParquetOnce(path, g.ProductsTable(g.Products), 1<<17, out); err != nil {
		return err
	}
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return err
	}
	sum, err := Load(ctx, w, db, Request{Kind: Products, Name: filepath.Base(path), File: f, Size: st.Size()})
	if err != nil {
		return fmt.Errorf("load the catalogue: %w", err)
	}
	fmt.Fprintf(out, "catalogue: %d products loaded in %.1fs (snapshot refresh %.1fs)\n", sum.Loaded, sum.Seconds, sum.RefreshSeconds)
	return nil
}

// writeParquetOnce writes the generated table to path unless an earlier run did
// (through a temporary name, so an interrupted write is not mistaken for a file).
func writeParquetOnce(path string, tb Table, groupRows int, out io.Writer) error {
	if _, err := os.Stat(path); err == nil {
		return nil
	}
	fmt.Fprintf(out, "generating %s (%d rows, row groups of %d)…\n", path, tb.N, groupRows)
	t0 := time.Now()
	if err := writeFile(path+".tmp", tb, Parquet, groupRows); err != nil {
		return err
	}
	fmt.Fprintf(out, "  written in %.1fs\n", time.Since(t0).Seconds())
	return os.Rename(path+".tmp", path)
}

func tv(t syscall.Timeval) float64 { return float64(t.Sec) + float64(t.Usec)/1e6 }

func withDB(c config.Config, name string) config.Config {
	c.ClickHouseDB = name
	return c
}

// benchDatabases recreates the scratch databases: ClickHouse benchDB and benchTSVDB,
// PostgreSQL benchDB with account 1 and competitors 1..n.
func benchDatabases(ctx context.Context, c config.Config, competitors int) (*warehouse.Warehouse, *pgxpool.Pool, func(), error) {
	var ws []*warehouse.Warehouse
	for _, name := range []string{benchDB, benchTSVDB} {
		w, err := warehouse.Open(ctx, withDB(c, name))
		if err != nil {
			return nil, nil, nil, err
		}
		if err := w.DropDatabase(ctx, name); err != nil {
			return nil, nil, nil, err
		}
		w.Close()
		if w, err = warehouse.Open(ctx, withDB(c, name)); err != nil {
			return nil, nil, nil, err
		}
		sqlDB := w.DB()
		err = migrations.Up(ctx, migrations.ClickHouse, sqlDB)
		sqlDB.Close()
		if err != nil {
			return nil, nil, nil, err
		}
		ws = append(ws, w)
	}
	ws[1].Close()
	adminDSN, _ := store.WithDatabase(c.PostgresURL, "postgres")
	admin, err := store.Open(ctx, adminDSN)
	if err != nil {
		return nil, nil, nil, err
	}
	defer admin.Close()
	if _, err := admin.Exec(ctx, "DROP DATABASE IF EXISTS "+benchDB+" WITH (FORCE)"); err != nil {
		return nil, nil, nil, err
	}
	if _, err := admin.Exec(ctx, "CREATE DATABASE "+benchDB); err != nil {
		return nil, nil, nil, err
	}
	dsn, _ := store.WithDatabase(c.PostgresURL, benchDB)
	db, err := store.Open(ctx, dsn)
	if err != nil {
		return nil, nil, nil, err
	}
	sqlDB := store.SQLDB(db)
	err = migrations.Up(ctx, migrations.Postgres, sqlDB)
	sqlDB.Close()
	if err != nil {
		return nil, nil, nil, err
	}
	if _, err := db.Exec(ctx, "INSERT INTO accounts (id, name) VALUES (1, 'Bench')"); err != nil {
		return nil, nil, nil, err
	}
	if _, err := db.Exec(ctx, "INSERT INTO competitors (id, account_id, name) SELECT g, 1, 'Competitor ' || g FROM generate_series(1, $1) g", competitors); err != nil {
		return nil, nil, nil, err
	}
	cleanup := func() {
		// The scratch databases hold the 10M rows twice: drop them when done.
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		for _, name := range []string{benchDB, benchTSVDB} {
			_ = ws[0].DropDatabase(ctx, name)
		}
		ws[0].Close()
		db.Close()
		if admin, err := store.Open(ctx, adminDSN); err == nil {
			_, _ = admin.Exec(ctx, "DROP DATABASE IF EXISTS "+benchDB+" WITH (FORCE)")
			admin.Close()
		}
	}
	return ws[0], db, cleanup, nil
}

// writeTSV writes the table as ClickHouse TSV (\N for NULL, DateTime as text).
func writeTSV(path string, t Table) error {
	f, err := os.Create(path + ".tmp")
	if err != nil {
		return err
	}
	bw := bufio.NewWriterSize(f, 1<<20)
	row := make([]any, len(t.Cols))
	buf := make([]byte, 0, 512)
	for r := 0; r < t.N; r++ {
		clear(row)
		t.Row(r, row)
		buf = buf[:0]
		for i, v := range row {
			if i > 0 {
				buf = append(buf, '\t')
			}
			switch x := v.(type) {
			case nil:
				buf = append(buf, '\\', 'N')
			case string:
				buf = append(buf, x...) // generated text has no tabs, newlines or backslashes
			case int64:
				buf = strconv.AppendInt(buf, x, 10)
			case float64:
				buf = strconv.AppendFloat(buf, x, 'f', -1, 64)
			case bool:
				if x {
					buf = append(buf, '1')
				} else {
					buf = append(buf, '0')
				}
			case time.Time:
				buf = x.UTC().AppendFormat(buf, "2006-01-02 15:04:05")
			}
		}
		buf = append(buf, '\n')
		if _, err := bw.Write(buf); err != nil {
			f.Close()
			return err
		}
	}
	if err := bw.Flush(); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(path+".tmp", path)
}

// peakHeap samples the Go heap in use while a load runs.
type peakHeap struct{ max uint64 }

func (p *peakHeap) sample(every time.Duration) (stop func()) {
	done := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		t := time.NewTicker(every)
		defer t.Stop()
		var ms runtime.MemStats
		for {
			runtime.ReadMemStats(&ms)
			if ms.HeapInuse > p.max {
				p.max = ms.HeapInuse
			}
			select {
			case <-done:
				return
			case <-t.C:
			}
		}
	}()
	return func() { close(done); <-finished }
}
