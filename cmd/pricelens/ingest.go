package main

import (
	"context"
	"encoding/csv"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5/pgxpool"

	"pricelens/csvcell"
	"pricelens/deploy/config"
	"pricelens/ingest"
	"pricelens/progress"
	"pricelens/warehouse"
)

const ingestUsage = "ingest scans|products|metrics [--account N] [--format csv|parquet|arrow] [--max-reject-ratio 0.01] " +
	"[--rejects-dir DIR] [--all-or-nothing] FILE...  |  ingest bench [--rows N] [--dir DIR]"

// runIngest loads data files: `pricelens ingest KIND FILE...`, or measures the loader
// with `pricelens ingest bench` (make bench-ingest).
func runIngest(ctx context.Context, args []string) error {
	if len(args) == 0 {
		return usagef("usage: %s", ingestUsage)
	}
	if args[0] == "bench" {
		return runIngestBench(ctx, args[1:])
	}
	kind, err := ingest.ParseKind(args[0])
	if err != nil {
		return usagef("%v (usage: %s)", err, ingestUsage)
	}
	fs := flag.NewFlagSet("ingest", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	account := fs.Uint("account", 0, "load every row into this account (the account_id column becomes optional)")
	format := fs.String("format", "", "csv, parquet or arrow (default: from the file name, else the content)")
	maxRatio := fs.Float64("max-reject-ratio", 0.01, "fail when more than this share of rows is rejected")
	rejectsDir := fs.String("rejects-dir", ".", "where FILE.rejects.csv is written when rows are rejected")
	allOrNothing := fs.Bool("all-or-nothing", false, "validate the whole file first; write nothing when rejects are above the ratio")
	if err := fs.Parse(args[1:]); err != nil {
		return usagef("%v (usage: %s)", err, ingestUsage)
	}
	files := fs.Args()
	if len(files) == 0 {
		return usagef("no file given (usage: %s)", ingestUsage)
	}
	if *maxRatio < 0 || *maxRatio > 1 {
		return usagef("--max-reject-ratio must be between 0 and 1")
	}
	f := ingest.Format(strings.ToLower(*format))
	if f != "" && f != ingest.CSV && f != ingest.Parquet && f != ingest.Arrow {
		return usagef("--format must be csv, parquet or arrow")
	}
	c, err := config.Load()
	if err != nil {
		return err
	}
	dbs, err := openDatabases(ctx, c)
	if err != nil {
		return err
	}
	defer dbs.Close()
	w, db := dbs.W, dbs.DB
	ctx = progress.NewContext(ctx, progress.New(os.Stderr))

	failed := 0
	for _, path := range files {
		sum, err := ingestFile(ctx, w, db, ingest.Request{Kind: kind, Format: f, Account: uint32(*account),
			MaxRejectRatio: *maxRatio, AllOrNothing: *allOrNothing}, path, *rejectsDir)
		switch {
		case errors.Is(err, ingest.ErrAlreadyLoaded):
			fmt.Printf("%s: %s\n", path, err)
		case err != nil:
			failed++
			if sum.Rows > 0 {
				printSummary(path, sum)
			}
			fmt.Fprintf(os.Stderr, "%s: %s\n", path, oneLine(err))
		default:
			printSummary(path, sum)
		}
		if ctx.Err() != nil {
			return fmt.Errorf("interrupted; run the same command again: finished files say \"already loaded\", the interrupted one resumes")
		}
	}
	if failed > 0 {
		return fmt.Errorf("%d of %d files failed", failed, len(files))
	}
	return nil
}

func printSummary(path string, s ingest.Summary) {
	resumed := ""
	if s.Resumed {
		resumed = " (resumed an interrupted load)"
	}
	fmt.Printf("%s: %s %s, %d rows: %d loaded, %d rejected (%.2f%%) in %.1fs (rows in ClickHouse after %.1fs, reports refreshed in %.1fs), %.0f rows/s%s\n",
		path, s.Kind, s.Format, s.Rows, s.Loaded, s.Rejected, 100*s.RejectRatio(), s.Seconds, s.InsertSeconds, s.RefreshSeconds, s.RowsPerSecond, resumed)
	if len(s.IgnoredColumns) > 0 {
		fmt.Printf("%s: ignored columns not in the %s contract: %s\n", path, s.Kind, strings.Join(s.IgnoredColumns, ", "))
	}
}

// ingestFile loads one file with a progress display and a rejects file.
func ingestFile(ctx context.Context, w *warehouse.Warehouse, db *pgxpool.Pool, req ingest.Request, path, rejectsDir string) (ingest.Summary, error) {
	fh, err := os.Open(path)
	if err != nil {
		return ingest.Summary{}, err
	}
	defer fh.Close()
	st, err := fh.Stat()
	if err != nil {
		return ingest.Summary{}, err
	}
	req.Name, req.File, req.Size = filepath.Base(path), fh, st.Size()

	rejectsPath := filepath.Join(rejectsDir, filepath.Base(path)+".rejects.csv")
	var rf *os.File
	var rw *csv.Writer
	var werr error
	req.Rejects = func(r ingest.Reject) {
		if werr != nil {
			return
		}
		if rw == nil {
			if rf, werr = os.Create(rejectsPath); werr != nil {
				return
			}
			rw = csv.NewWriter(rf)
			werr = rw.Write([]string{"row", "column", "reason"})
		}
		if werr == nil {
			werr = rw.Write([]string{strconv.FormatInt(r.Row, 10), csvcell.Text(r.Column), csvcell.Text(r.Reason)})
		}
	}
	// The load's bar; the snapshot refresh after it draws its own (through ctx).
	bar := progress.FromContext(ctx).Start(filepath.Base(path), "rows", 0)
	req.Progress = func(p ingest.Progress) {
		bar.Set(float64(p.Rows), p.Fraction, fmt.Sprintf("%d loaded, %d rejected", p.Loaded, p.Rejected))
	}
	sum, err := ingest.Load(ctx, w, db, req)
	bar.Finish()
	if rw != nil {
		rw.Flush()
		if werr == nil {
			werr = rw.Error()
		}
		if cerr := rf.Close(); werr == nil {
			werr = cerr
		}
		fmt.Printf("%s: %d rejected rows listed in %s (row, column, reason)\n", path, sum.Rejected, rejectsPath)
	}
	if werr != nil && err == nil {
		err = fmt.Errorf("write rejects file %s: %w", rejectsPath, werr)
	}
	return sum, err
}

// runIngestBench is `pricelens ingest bench` (make bench-ingest).
func runIngestBench(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("ingest bench", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	rows := fs.Int("rows", 10_000_000, "scan rows to generate and load")
	dir := fs.String("dir", "", "where the generated files are kept (default $PRICELENS_DATA_DIR/bench)")
	group := fs.Int("row-group", 1<<17, "Parquet row-group size")
	writers := fs.Int("writers", 0, "parallel INSERTs (default: the loader's)")
	flush := fs.Int("flush-rows", 0, "rows per block sent (default: the loader's)")
	block := fs.Int("block-rows", 0, "server-side block size (default: the loader's)")
	skipClient := fs.Bool("skip-client", false, "do not run the clickhouse-client comparison")
	cpuProfile := fs.String("cpuprofile", "", "write a Go CPU profile of the load to this file")
	dictionary := fs.Bool("dictionary", false, "write the Parquet strings dictionary-encoded (as pyarrow does) instead of plain")
	if err := fs.Parse(args); err != nil {
		return usagef("%v (usage: ingest bench [--rows N] [--dir DIR] [--row-group N])", err)
	}
	c, err := config.Load()
	if err != nil {
		return err
	}
	if *dir == "" {
		*dir = filepath.Join(c.DataDir, "bench")
	}
	return ingest.Bench(ctx, ingest.BenchOptions{Config: c, Rows: *rows, Dir: *dir, GroupRows: *group, Out: os.Stdout,
		Writers: *writers, FlushRows: *flush, BlockRows: *block, SkipClient: *skipClient, CPUProfile: *cpuProfile, Dictionary: *dictionary})
}
