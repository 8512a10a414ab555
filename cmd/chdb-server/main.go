// Command chdb-server serves ClickHouse's HTTP interface on a loopback address
// over chDB, a current ClickHouse (26.7) running in this process, with its data
// under --path (package deploy/chdbserver says what it implements). It needs
// libchdb.so: CHDB_LIB_PATH names it (`pricelens stack up --current` installs it
// from npm and starts this command).
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"

	chdbpurego "github.com/chdb-io/chdb-go/chdb-purego"

	"pricelens/deploy/chdbserver"
)

// connections is how many statements run at once: a few, on two cores.
const connections = 4

func main() {
	listen := flag.String("listen", "127.0.0.1:18223", "the loopback address to serve on")
	path := flag.String("path", "", "the folder of the engine's data (required)")
	debug := flag.Bool("debug", false, "log every statement")
	flag.Parse()
	if err := run(*listen, *path, *debug); err != nil {
		fmt.Fprintln(os.Stderr, "chdb-server:", err)
		os.Exit(1)
	}
}

// connection is one chDB connection as a chdbserver.Conn.
type connection struct{ c chdbpurego.ChdbConn }

func (e connection) Query(sql, format string) ([]byte, error) {
	r, err := e.c.Query(sql, format)
	if err != nil {
		return nil, err
	}
	defer r.Free()
	if err := r.Error(); err != nil {
		return nil, err
	}
	return append([]byte(nil), r.Buf()...), nil
}

func (e connection) Stream(sql, format string) (chdbserver.Stream, error) {
	st, err := e.c.QueryStreaming(sql, format)
	if err != nil {
		return nil, err
	}
	return &stream{st: st}, nil
}

// stream is a chDB streaming result as a chdbserver.Stream. The engine's result
// may not be freed while a chunk is being fetched, so a Cancel during a fetch
// takes effect when that chunk is in (chunks are about 65k rows).
type stream struct {
	mu                  sync.Mutex
	st                  chdbpurego.ChdbStreamResult
	fetching, cancelled bool
	freed               bool
}

var errCancelled = errors.New("Code: 394. DB::Exception: Query was cancelled. (QUERY_WAS_CANCELLED)")

func (x *stream) Next() ([]byte, bool, error) {
	x.mu.Lock()
	if x.cancelled || x.freed {
		x.free()
		x.mu.Unlock()
		return nil, false, errCancelled
	}
	x.fetching = true
	x.mu.Unlock()
	c := x.st.GetNext()
	x.mu.Lock()
	defer x.mu.Unlock()
	x.fetching = false
	switch {
	case x.cancelled:
		x.free()
		return nil, false, errCancelled
	case c == nil:
		err := x.st.Error()
		x.free()
		return nil, false, err
	case c.Len() == 0: // the end, with the statement's error if it failed
		err := c.Error()
		x.free()
		return nil, false, err
	}
	return append([]byte(nil), c.Buf()...), true, nil
}

func (x *stream) Cancel() {
	x.mu.Lock()
	defer x.mu.Unlock()
	x.cancelled = true
	if !x.fetching {
		x.free()
	}
}

// free ends the engine's result once (under x.mu): it is read to its end first,
// since a statement whose result is freed while it waits to hand over a chunk
// stays in system.processes; the KILL QUERY that comes with every Cancel
// (chdbserver's kill) makes that end come at once.
func (x *stream) free() {
	if x.freed {
		return
	}
	x.freed = true
	go func(st chdbpurego.ChdbStreamResult) {
		for i := 0; i < 100_000; i++ {
			if c := st.GetNext(); c == nil || c.Len() == 0 {
				break
			}
		}
		st.Free()
	}(x.st)
}

func run(listen, path string, debug bool) error {
	if path == "" {
		return errors.New("--path is required")
	}
	if host, _, err := net.SplitHostPort(listen); err != nil || !net.ParseIP(host).IsLoopback() {
		return fmt.Errorf("--listen %q: a loopback address only (this is a test stand-in, with no users)", listen)
	}
	if err := os.MkdirAll(path, 0o755); err != nil {
		return err
	}
	ln, err := net.Listen("tcp", listen)
	if err != nil {
		return err
	}
	// Connections to one engine folder run side by side, each with its own current
	// database and settings (the engine starts once, with the first).
	var conns []chdbserver.Conn
	for i := 0; i < connections; i++ {
		c, err := chdbpurego.NewConnectionFromConnString(filepath.Join(path, "engine"))
		if err != nil {
			return fmt.Errorf("chDB connection to %s: %w", path, err)
		}
		defer c.Close()
		conns = append(conns, connection{c})
	}
	v, err := conns[0].Query("SELECT version()", "TabSeparated")
	if err != nil {
		return err
	}
	tmp, err := chdbserver.TempDirUnder(path)
	if err != nil {
		return err
	}
	level := slog.LevelInfo
	if debug {
		level = slog.LevelDebug
	}
	log := slog.New(slog.NewJSONHandler(os.Stderr, &slog.HandlerOptions{Level: level}))
	srv := &http.Server{Handler: chdbserver.New(strings.TrimSpace(string(v)), tmp, log, conns...),
		ReadHeaderTimeout: 10 * time.Second}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	go func() {
		<-ctx.Done()
		sctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = srv.Shutdown(sctx)
	}()
	log.Info("serving", "addr", ln.Addr().String(), "version", strings.TrimSpace(string(v)), "path", path)
	if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
