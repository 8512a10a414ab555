// Command pricelens is the one binary of the product: the server, the migrations,
// the demo data generator, ingest and the local database stack.
//
//	pricelens serve                      serve the API and the webapp (and run background jobs)
//	pricelens worker                     run the background jobs alone
//	pricelens migrate [up|down|status]   migrate both databases
//	pricelens seed --size S|M|L --seed N load the demo data set
//	pricelens stack up|down|status       the private local ClickHouse + PostgreSQL + Mailpit
//	pricelens load --sessions N          the load generator of make load (loopback only)
//	pricelens export --report R --out D  write a saved report's rows as a CSV/Parquet drop
//
// Settings come from PRICELENS_* environment variables (README "Configuration"). Every
// failure ends with one line naming the cause and a non-zero exit.
package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"sort"
	"strings"
	"syscall"
)

// command is one subcommand: it gets the arguments after its name.
type command struct {
	summary string
	run     func(ctx context.Context, args []string) error
}

var commands = map[string]command{
	"serve":           {"serve the API and the webapp (and background jobs unless PRICELENS_WORKERS=off)", runServe},
	"worker":          {"run the background jobs alone, until SIGINT/SIGTERM", runWorker},
	"migrate":         {"migrate both databases: up (default), down, status", runMigrate},
	"seed":            {"load the demo data set: --size S|M|L --seed N", runSeed},
	"stack":           {"the private local servers: up, down, status", runStack},
	"bench-export":    {"measure the export at L: rows/s and bytes/s beside clickhouse-client, RSS, first progress (make bench-export)", runBenchExport},
	"bench":           {"measure the grid at L: API, raw ClickHouse, PostgreSQL (make bench)", runBench},
	"bench-freshness": {"measure how soon after a 1M-scan load at L the API shows it (make bench-freshness)", runBenchFreshness},
	"bench-approval":  {"measure approving all Pending records of a 100k-record run by select-all and by CSV (make bench-approval)", runBenchApproval},
	"bench-pricer":    {"measure the dynamic pricer at L: a run of 50 rules, the results grid, the preview (make bench-pricer)", runBenchPricer},
	"refresh":         {"rebuild the report snapshot and trend rollup of accounts (all when none given; --trends: the rollup only; --snapshots: the snapshot only; --price-changes: the events only)", runRefresh},
	"ingest":          {"load data files: ingest scans|products|metrics FILE... (Parquet, CSV, Arrow)", runIngest},
	"contract":        {"write the webapp's copy of the API contract (openapi.json, permissions) into DIR (webapp/src/api)", runContract},
	"load":            {"the load generator of make load: --sessions N --duration D against --url (loopback)", runLoad},
	"user":            {"user set-password --email E: set a user's password (read from standard input) and end their sessions", runUser},
	"export":          {"write a saved report as a drop: --report ID|NAME --format csv|parquet --out DIR; export schedule add|list|remove", runExport},
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if len(os.Args) < 2 || os.Args[1] == "-h" || os.Args[1] == "--help" || os.Args[1] == "help" {
		usage()
		if len(os.Args) < 2 {
			os.Exit(2)
		}
		return
	}
	cmd, ok := commands[os.Args[1]]
	if !ok {
		fmt.Fprintf(os.Stderr, "pricelens: unknown command %q (try pricelens help)\n", os.Args[1])
		os.Exit(2)
	}
	if err := cmd.run(ctx, os.Args[2:]); err != nil {
		var ue usageError
		if errors.As(err, &ue) {
			fmt.Fprintf(os.Stderr, "pricelens %s: %s\n", os.Args[1], ue.msg)
			os.Exit(2)
		}
		fmt.Fprintf(os.Stderr, "pricelens %s: %s\n", os.Args[1], oneLine(err))
		os.Exit(1)
	}
}

func usage() {
	fmt.Fprintln(os.Stderr, "usage: pricelens <command> [arguments]\n\ncommands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(os.Stderr, "  %-12s %s\n", n, commands[n].summary)
	}
}

// usageError is a mistake in the command line (exit 2).
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error { return usageError{fmt.Sprintf(format, args...)} }

// oneLine keeps the promise of one line per failure.
func oneLine(err error) string {
	return strings.Join(strings.Fields(strings.ReplaceAll(err.Error(), "\n", " ")), " ")
}
