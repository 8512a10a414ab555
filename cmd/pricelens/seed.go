package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"

	"pricelens/deploy/config"
	"pricelens/ingest"
	"pricelens/ingest/demo"
)

// runSeed loads the demo data set (deterministic for a seed).
func runSeed(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("seed", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	size := fs.String("size", "S", "data set size: S, M or L")
	seed := fs.Int64("seed", 1, "random seed; the same seed gives the same data")
	ifEmpty := fs.Bool("if-empty", false, "do nothing when the demo accounts already exist")
	checksums := fs.Bool("checksums", false, "print per-table checksums of the loaded data (a full scan)")
	samples := fs.String("samples", "", "write example ingest files of every kind and format into this directory instead")
	if err := fs.Parse(args); err != nil {
		return usagef("%v (usage: seed --size S|M|L --seed N [--if-empty] | seed --samples DIR)", err)
	}
	if *samples != "" {
		if err := ingest.WriteSamples(*samples); err != nil {
			return err
		}
		fmt.Printf("example files written to %s\n", *samples)
		return nil
	}
	sz, err := demo.ParseSize(*size)
	if err != nil {
		return usagef("%v", err)
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
	_, err = demo.Load(ctx, w, db, demo.Options{
		Size: sz, Seed: *seed, IfEmpty: *ifEmpty, AdminPassword: c.AdminPassword, Out: os.Stdout, Checksums: *checksums,
	})
	return err
}
