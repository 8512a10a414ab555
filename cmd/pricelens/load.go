package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"pricelens/deploy/config"
	"pricelens/deploy/load"
)

// runLoad runs the load generator (make load) against a server on this machine and
// prints requests, errors and latency per call. It fails when any request got a 5xx
// or no answer.
func runLoad(ctx context.Context, args []string) error {
	c, err := config.Load()
	if err != nil {
		return err
	}
	fs := flag.NewFlagSet("load", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	url := fs.String("url", "http://"+c.HTTPAddr, "the server (loopback only)")
	sessions := fs.Int("sessions", 50, "signed-in sessions running side by side")
	duration := fs.Duration("duration", 3*time.Minute, "how long the sessions run")
	loops := fs.Int("loops", 1000, "at most this many loops per session")
	email := fs.String("email", "admin@pricelens.local", "the user every session signs in as (password: PRICELENS_ADMIN_PASSWORD)")
	thinkText := fs.String("think", "none", "the pause between a user's actions: none, a duration (5s) or a range (2s-10s)")
	seed := fs.Uint64("seed", 1, "seeds the think times: the same seed gives the same pauses")
	account := fs.Int64("account", 0, "the account every session selects (0: the sessions take turns over the user's accounts)")
	if err := fs.Parse(args); err != nil {
		return usagef("%v (usage: load [--url http://127.0.0.1:8080] [--sessions 50] [--duration 3m] [--loops 1000] [--email E] [--think 2s-10s] [--seed 1] [--account ID])", err)
	}
	if fs.NArg() > 0 {
		return usagef("unexpected arguments %q (load takes only flags)", fs.Args())
	}
	if *sessions < 1 || *duration <= 0 || *loops < 1 || *account < 0 {
		return usagef("--sessions, --duration and --loops must be positive, --account a positive id or 0")
	}
	think, err := load.ParseThink(*thinkText)
	if err != nil {
		return usagef("--think: %v", err)
	}
	if c.AdminPassword == "" {
		return usagef("set PRICELENS_ADMIN_PASSWORD to the password of %s", *email)
	}
	rep, err := load.Run(ctx, load.Options{BaseURL: *url, Email: *email, Password: c.AdminPassword,
		Sessions: *sessions, Duration: *duration, Loops: *loops, Think: think, Seed: *seed, AccountID: *account, Progress: os.Stdout})
	if rep.Total.Requests > 0 {
		rep.WriteTable(os.Stdout)
	}
	if err != nil {
		return err
	}
	if rep.Failed() {
		return fmt.Errorf("%d requests answered 5xx and %d got no answer", rep.Total.Err5xx, rep.Total.Failed)
	}
	return nil
}
