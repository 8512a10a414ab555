package stack

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
)

// Binaries the stack runs. They come from the distribution's packages so the
// versions are the ones production uses (ClickHouse 18.16, PostgreSQL 15).
const (
	clickhouseServerBin = "/usr/sbin/clickhouse-server"
	clickhouseClientBin = "/usr/bin/clickhouse-client"
	pgBinDir            = "/usr/lib/postgresql/15/bin"
	postgresBin         = pgBinDir + "/postgres"
	initdbBin           = pgBinDir + "/initdb"
	pgCtlBin            = pgBinDir + "/pg_ctl"
	psqlBin             = pgBinDir + "/psql" // the versioned binary, not Debian's /usr/bin/psql wrapper
)

// requiredPackages maps each binary to the Debian package that provides it,
// in install order.
var requiredPackages = []struct{ binary, pkg string }{
	{clickhouseServerBin, "clickhouse-server"},
	{clickhouseClientBin, "clickhouse-client"},
	{postgresBin, "postgresql"},
	{initdbBin, "postgresql"},
	{pgCtlBin, "postgresql"},
	{psqlBin, "postgresql"},
}

// missingPackages lists (once each) the packages whose binaries are absent.
func missingPackages(required []struct{ binary, pkg string }) []string {
	var pkgs []string
	seen := map[string]bool{}
	for _, r := range required {
		if _, err := os.Stat(r.binary); err != nil && !seen[r.pkg] {
			seen[r.pkg] = true
			pkgs = append(pkgs, r.pkg)
		}
	}
	return pkgs
}

// ensureInstalled installs the packages whose binaries are missing:
//
//	apt-get update
//	apt-get install -y <package>   (one package at a time)
//
// Packages are installed one at a time so a failure names the package that
// could not be installed. Non-root users go through `sudo -n`, which fails at
// once instead of prompting for a password.
func ensureInstalled(ctx context.Context, out io.Writer) error {
	return installMissing(ctx, out, requiredPackages)
}

// ensurePackage installs pkg when binary is missing (the cluster's ZooKeeper).
func ensurePackage(ctx context.Context, out io.Writer, binary, pkg string) error {
	return installMissing(ctx, out, []struct{ binary, pkg string }{{binary, pkg}})
}

func installMissing(ctx context.Context, out io.Writer, required []struct{ binary, pkg string }) error {
	pkgs := missingPackages(required)
	if len(pkgs) == 0 {
		return nil
	}
	fmt.Fprintf(out, "install: installing %v with apt-get\n", pkgs)
	if b, err := apt(ctx, "update").CombinedOutput(); err != nil {
		return fmt.Errorf("cannot install %s: apt-get update failed: %s", pkgs[0], cmdError(b, err))
	}
	for _, pkg := range pkgs {
		if b, err := apt(ctx, "install", "-y", pkg).CombinedOutput(); err != nil {
			return fmt.Errorf("cannot install package %s: apt-get install failed: %s", pkg, cmdError(b, err))
		}
		fmt.Fprintf(out, "install: %s installed\n", pkg)
	}
	for _, r := range required {
		if _, err := os.Stat(r.binary); err != nil {
			return fmt.Errorf("package %s is installed but %s is missing (wrong version?)", r.pkg, r.binary)
		}
	}
	return nil
}

// apt builds an apt-get command that never asks questions. The variable is
// set through env(1) because sudo does not pass the caller's environment on.
func apt(ctx context.Context, args ...string) *exec.Cmd {
	args = append([]string{"DEBIAN_FRONTEND=noninteractive", "apt-get"}, args...)
	if os.Geteuid() != 0 {
		return exec.CommandContext(ctx, "sudo", append([]string{"-n", "env"}, args...)...)
	}
	return exec.CommandContext(ctx, "env", args...)
}
