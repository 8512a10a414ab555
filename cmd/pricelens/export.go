package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"text/tabwriter"

	"pricelens/deploy/config"
	"pricelens/drops"
	"pricelens/feed"
	"pricelens/report"
	"pricelens/store"
)

const (
	exportUsage   = "export --report ID|NAME --format csv|parquet --out DIR [--account N]  |  export --price-feed [--account N]  |  export schedule add|list|remove"
	scheduleUsage = "export schedule add --report ID|NAME --cron EXPR --format csv|parquet --out DIR [--account N]  |  list [--account N]  |  remove ID [--account N]"
)

// runExport writes a downstream drop of a saved report (docs/exports.md), or manages the
// export schedules that write them periodically (export schedule ...).
func runExport(ctx context.Context, args []string) error {
	if len(args) > 0 && args[0] == "schedule" {
		return runExportSchedule(ctx, args[1:])
	}
	fs := flag.NewFlagSet("export", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	report := fs.String("report", "", "saved report id or name")
	format := fs.String("format", "csv", "csv or parquet")
	out := fs.String("out", "", "directory to write the drop into")
	account := fs.Int64("account", 0, "account of the report (needed when its name is in several accounts)")
	priceFeed := fs.Bool("price-feed", false, "write the price feed: the approved prices not yet fed, into each account's drop folder")
	if err := fs.Parse(args); err != nil {
		return usagef("%v (usage: %s)", err, exportUsage)
	}
	if *priceFeed {
		if fs.NArg() > 0 || *report != "" || *out != "" {
			return usagef("--price-feed takes only --account (it writes into PRICELENS_DROP_ROOT; usage: %s)", exportUsage)
		}
		return runPriceFeed(ctx, *account)
	}
	switch {
	case fs.NArg() > 0:
		return usagef("unexpected argument %q (usage: %s)", fs.Arg(0), exportUsage)
	case *report == "":
		return usagef("--report is required (usage: %s)", exportUsage)
	case *out == "":
		return usagef("--out is required (usage: %s)", exportUsage)
	}
	if err := drops.CheckFormat(*format); err != nil {
		return usagef("%v", err)
	}
	d, dbs, err := openDrops(ctx)
	if err != nil {
		return err
	}
	defer dbs.Close()
	r, err := store.New(dbs.DB).FindDropReport(ctx, *account, *report)
	if err != nil {
		return err
	}
	m, err := d.Write(ctx, r, *format, *out, d.Now())
	if err != nil {
		return err
	}
	fmt.Printf("wrote %s: %d rows, %d bytes, sha256 %s (manifest %s.manifest.json)\n",
		filepath.Join(*out, m.File), m.Rows, m.Bytes, m.SHA256, m.File)
	return nil
}

// runExportSchedule adds, lists or removes export schedules.
func runExportSchedule(ctx context.Context, args []string) error {
	if len(args) == 0 {
		return usagef("usage: %s", scheduleUsage)
	}
	verb := args[0]
	fs := flag.NewFlagSet("export schedule", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	report := fs.String("report", "", "saved report id or name")
	cronExpr := fs.String("cron", "", "cron expression: minute hour day-of-month month day-of-week (UTC)")
	format := fs.String("format", "csv", "csv or parquet")
	out := fs.String("out", "", "directory to write the drops into")
	account := fs.Int64("account", 0, "account (list: only its schedules)")
	pos, err := parseInterspersed(fs, args[1:])
	if err != nil {
		return usagef("%v (usage: %s)", err, scheduleUsage)
	}
	var removeID int64
	switch verb {
	case "add":
		switch {
		case len(pos) > 0:
			return usagef("unexpected argument %q (usage: %s)", pos[0], scheduleUsage)
		case *report == "" || *cronExpr == "" || *out == "":
			return usagef("add needs --report, --cron and --out (usage: %s)", scheduleUsage)
		}
		if err := drops.CheckFormat(*format); err != nil {
			return usagef("%v", err)
		}
		if _, err := drops.ParseCron(*cronExpr); err != nil {
			return usagef("%v", err)
		}
		abs, err := filepath.Abs(*out)
		if err != nil {
			return usagef("--out %q: %v", *out, err)
		}
		*out = abs
	case "list":
		if len(pos) > 0 {
			return usagef("unexpected argument %q (usage: %s)", pos[0], scheduleUsage)
		}
	case "remove":
		if len(pos) != 1 {
			return usagef("remove takes one schedule id (usage: %s)", scheduleUsage)
		}
		id, err := strconv.ParseInt(pos[0], 10, 64)
		if err != nil || id <= 0 {
			return usagef("schedule id must be a positive integer, got %q", pos[0])
		}
		removeID = id
	default:
		return usagef("unknown export schedule command %q (usage: %s)", verb, scheduleUsage)
	}
	d, dbs, err := openDrops(ctx)
	if err != nil {
		return err
	}
	defer dbs.Close()
	st := store.New(dbs.DB)
	switch verb {
	case "add":
		r, err := st.FindDropReport(ctx, *account, *report)
		if err != nil {
			return err
		}
		sc, err := d.AddSchedule(ctx, store.Actor{AccountID: r.AccountID}, r.ID, *cronExpr, *format, *out)
		if err != nil {
			return err
		}
		fmt.Printf("export schedule %d: report %d %q as %s into %s on %q, next at %s\n",
			sc.ID, sc.ReportID, sc.ReportName, sc.Format, sc.Directory, sc.Cron, sc.NextDue.UTC().Format("2006-01-02 15:04 MST"))
	case "list":
		list, err := st.DropSchedules(ctx, *account)
		if err != nil {
			return err
		}
		tw := tabwriter.NewWriter(os.Stdout, 0, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "ID\tACCOUNT\tREPORT\tCRON\tFORMAT\tDIRECTORY\tNEXT (UTC)\tLAST RUN")
		for _, sc := range list {
			last := "never"
			if sc.Last.At != nil {
				last = sc.Last.Status + " " + sc.Last.At.UTC().Format("2006-01-02 15:04")
			}
			fmt.Fprintf(tw, "%d\t%d\t%d %s\t%s\t%s\t%s\t%s\t%s\n", sc.ID, sc.AccountID, sc.ReportID, sc.ReportName,
				sc.Cron, sc.Format, sc.Directory, sc.NextDue.UTC().Format("2006-01-02 15:04"), last)
		}
		return tw.Flush()
	case "remove":
		if err := st.RemoveDropSchedule(ctx, store.Actor{AccountID: *account}, removeID); err != nil {
			return err
		}
		fmt.Printf("removed export schedule %d\n", removeID)
	}
	return nil
}

// parseInterspersed parses flags wherever they stand among the positional
// arguments, which it returns in order: `remove 7 --account 2` as the README
// writes it (package flag alone stops at the first positional argument).
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		if fs.NArg() == 0 {
			return pos, nil
		}
		pos = append(pos, fs.Arg(0))
		args = fs.Args()[1:]
	}
}

// openDrops opens the databases and the drops over them.
func openDrops(ctx context.Context) (*drops.Drops, databases, error) {
	c, err := config.Load()
	if err != nil {
		return nil, databases{}, err
	}
	dbs, err := openDatabases(ctx, c)
	if err != nil {
		return nil, databases{}, err
	}
	return drops.New(report.NewService(dbs.W, dbs.DB)), dbs, nil
}

// runPriceFeed writes the price feed of one account (0: every account with
// approved prices not yet fed) into its drop folder, as the price_feed job does.
func runPriceFeed(ctx context.Context, account int64) error {
	c, err := config.Load()
	if err != nil {
		return err
	}
	dbs, err := openDatabases(ctx, c)
	if err != nil {
		return err
	}
	defer dbs.Close()
	f := feed.Feeder{Store: store.New(dbs.DB), Root: c.DropRoot, W: dbs.W}
	var written []feed.Written
	if account != 0 {
		written, err = f.Run(ctx, account)
	} else {
		written, err = f.RunAll(ctx)
	}
	for _, w := range written {
		if len(w.Files) == 0 {
			fmt.Printf("account %d: price feed batch %d applied: %d set as my_price\n", w.AccountID, w.BatchID, w.Applied)
			continue
		}
		paths := make([]string, len(w.Files))
		for i, name := range w.Files {
			paths[i] = filepath.Join(w.Dir, name)
		}
		fmt.Printf("account %d: price feed batch %d, %d approved prices: %s", w.AccountID, w.BatchID, w.Rows, strings.Join(paths, ", "))
		if w.Applied > 0 {
			fmt.Printf(" (%d set as my_price)", w.Applied)
		}
		fmt.Println()
	}
	if err == nil && len(written) == 0 {
		fmt.Println("no approved prices to feed")
	}
	return err
}
