package stack

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// The current ClickHouse of the stack: no server newer than Debian's 18.16 can be
// installed here, but its engine can — chDB, ClickHouse as a library, from npm.
// cmd/chdb-server serves ClickHouse's HTTP interface over it on loopback
// (package deploy/chdbserver), and the binary talks to it with
// PRICELENS_CLICKHOUSE_PROTOCOL=http. `pricelens stack up --current` installs
// the pinned library once into the tools folder and starts it beside
// PostgreSQL and Mailpit; `make run-current` and `make test-current` use it.
const (
	chdbPackage = "@chdb/lib-linux-x64-gnu"
	// ChdbVersion is the npm release pinned: it ships ClickHouse 26.7.2.1.
	ChdbVersion = "26.7.3-stable.1"
	// DefaultCurrentPort is the chDB endpoint's loopback port.
	DefaultCurrentPort = 18223
)

type chdbFiles struct {
	Dir, PID, Log, Lib, Bin string
}

// chdbFilesOf: the engine's data under DataDir/chdb; the library under ToolsDir in
// a folder per version; the endpoint's binary beside the pricelens binary (make
// build builds both).
func chdbFilesOf(o Options) chdbFiles {
	dir := filepath.Join(o.DataDir, "chdb")
	tools := filepath.Join(o.ToolsDir, "chdb-"+ChdbVersion)
	bin := "chdb-server"
	if exe, err := os.Executable(); err == nil {
		bin = filepath.Join(filepath.Dir(exe), "chdb-server")
	}
	return chdbFiles{Dir: dir, PID: filepath.Join(dir, "chdb-server.pid"), Log: filepath.Join(dir, "chdb-server.log"),
		Lib: filepath.Join(tools, "node_modules", chdbPackage, "libchdb.so"), Bin: bin}
}

// ChdbLibrary is where the stack installs libchdb.so (for CHDB_LIB_PATH).
func ChdbLibrary(o Options) string { return chdbFilesOf(o).Lib }

// installChdb installs the pinned library with npm when it is missing:
//
//	npm install --prefix <ToolsDir>/chdb-<version> @chdb/lib-linux-x64-gnu@<version>
func installChdb(ctx context.Context, o Options, f chdbFiles) error {
	if _, err := os.Stat(f.Lib); err == nil {
		return nil
	}
	npm, err := exec.LookPath("npm")
	if err != nil {
		return fmt.Errorf("chdb: cannot install %s@%s: the npm command is not on PATH (Node.js is needed)", chdbPackage, ChdbVersion)
	}
	prefix := filepath.Dir(filepath.Dir(filepath.Dir(filepath.Dir(f.Lib))))
	if err := os.MkdirAll(prefix, 0o755); err != nil {
		return fmt.Errorf("chdb: %v", err)
	}
	fmt.Fprintf(o.Out, "install: %s@%s from npm (ClickHouse 26.7 as a library, about 540 MB; once)\n", chdbPackage, ChdbVersion)
	cmd := exec.CommandContext(ctx, npm, "install", "--prefix", prefix, "--no-audit", "--no-fund", "--no-save", chdbPackage+"@"+ChdbVersion)
	cmd.Dir = prefix
	if b, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("chdb: npm install %s@%s failed: %s", chdbPackage, ChdbVersion, cmdError(b, err))
	}
	if _, err := os.Stat(f.Lib); err != nil {
		return fmt.Errorf("chdb: npm installed %s@%s but %s is missing", chdbPackage, ChdbVersion, f.Lib)
	}
	return nil
}

// UpCurrent starts the stack with the current ClickHouse in place of 18.16:
// PostgreSQL, Mailpit and the chDB endpoint on o.ClickHouseTCPPort.
func UpCurrent(ctx context.Context, o Options) error {
	o, err := o.check()
	if err != nil {
		return err
	}
	if err := ensureInstalled(ctx, o.Out); err != nil {
		return err
	}
	if err := upChdb(ctx, o); err != nil {
		return err
	}
	if err := upPostgres(ctx, o); err != nil {
		return err
	}
	return upMailpit(ctx, o)
}

func upChdb(ctx context.Context, o Options) error {
	f := chdbFilesOf(o)
	port := o.ClickHouseTCPPort
	ready := func() bool { return chdbReady(port) }
	if pid := readPID(f.PID); pid != 0 {
		if alive(pid, "chdb-server") {
			died := func() bool { return !alive(pid, "chdb-server") }
			if err := waitUntil(ctx, startTimeout, ready, died); err != nil {
				return startFailure("chdb (pid "+strconv.Itoa(pid)+")", err.Error(), f.Log)
			}
			fmt.Fprintf(o.Out, "chdb: already running on %s (pid %d)\n", addr(port), pid)
			return nil
		}
		if err := os.Remove(f.PID); err != nil {
			return fmt.Errorf("chdb: %v", err)
		}
	}
	if !portFree(port) {
		return errPortTaken(port, "the chDB endpoint")
	}
	if _, err := os.Stat(f.Bin); err != nil {
		return fmt.Errorf("chdb: %s is missing: `make build` builds it beside bin/pricelens", f.Bin)
	}
	if err := installChdb(ctx, o, f); err != nil {
		return err
	}
	if err := os.MkdirAll(f.Dir, 0o755); err != nil {
		return fmt.Errorf("chdb: %v", err)
	}
	env := append(os.Environ(), "CHDB_LIB_PATH="+f.Lib)
	pid, err := launch(ctx, server{name: "chdb-server", dir: f.Dir, out: f.Log, env: env, pidFile: f.PID, ready: ready,
		logs: []string{f.Log}}, f.Bin, "--listen", addr(port), "--path", f.Dir)
	if err != nil {
		return err
	}
	fmt.Fprintf(o.Out, "chdb: ClickHouse %s started on %s (HTTP interface, pid %d)\n", chdbServerVersion(port), addr(port), pid)
	return nil
}

// chdbReady asks the endpoint's ping.
func chdbReady(port int) bool {
	client := http.Client{Timeout: 2 * time.Second}
	resp, err := client.Get("http://" + addr(port) + "/ping")
	if err != nil {
		return false
	}
	resp.Body.Close()
	return resp.StatusCode == http.StatusOK
}

// chdbServerVersion asks the engine its version ("" when it does not answer).
func chdbServerVersion(port int) string {
	client := http.Client{Timeout: 5 * time.Second}
	resp, err := client.Post("http://"+addr(port)+"/", "text/plain", strings.NewReader("SELECT version()"))
	if err != nil {
		return ""
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return strings.TrimSpace(string(b))
}

// DownCurrent stops the chDB endpoint, PostgreSQL and Mailpit.
func DownCurrent(o Options) error {
	o, err := o.check()
	if err != nil {
		return err
	}
	var first error
	for _, down := range []func(Options) error{downChdb, downPostgres, downMailpit} {
		if err := down(o); err != nil && first == nil {
			first = err
		}
	}
	return first
}

func downChdb(o Options) error { return downPIDFile(o, "chdb-server", chdbFilesOf(o).PID) }

// StatusCurrent reports the chDB endpoint, PostgreSQL and Mailpit.
func StatusCurrent(o Options) ([]Server, error) {
	o, err := o.check()
	if err != nil {
		return nil, err
	}
	s := Server{Name: "chdb", Addr: addr(o.ClickHouseTCPPort)}
	if pid := readPID(chdbFilesOf(o).PID); alive(pid, "chdb-server") {
		s.Running, s.PID, s.Version = true, pid, chdbServerVersion(o.ClickHouseTCPPort)
	}
	return []Server{s, statusPostgres(o), statusMailpit(o)}, nil
}
