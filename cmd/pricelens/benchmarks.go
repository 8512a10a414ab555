package main

import (
	"context"
	"errors"

	"pricelens/bench"
)

// The benchmark harnesses live in package bench, one file per bench; these are
// their subcommands (the make bench* targets call them).

func runBench(ctx context.Context, args []string) error { return benchErr(bench.Grid(ctx, args)) }

func runBenchPricer(ctx context.Context, args []string) error {
	return benchErr(bench.Pricer(ctx, args))
}

func runBenchApproval(ctx context.Context, args []string) error {
	return benchErr(bench.Approval(ctx, args))
}

func runBenchExport(ctx context.Context, args []string) error {
	return benchErr(bench.Export(ctx, args))
}

func runBenchFreshness(ctx context.Context, args []string) error {
	return benchErr(bench.Freshness(ctx, args))
}

// benchErr makes a harness's command-line mistake a usage error of the binary (exit 2).
func benchErr(err error) error {
	var ue bench.UsageError
	if errors.As(err, &ue) {
		return usageError{ue.Msg}
	}
	return err
}
