// Package stack installs and runs the private local stack: one ClickHouse 18.16
// and one PostgreSQL 15 server, both from the distribution's Debian packages, and
// one Mailpit (the SMTP server that keeps every mail for the browser and tests),
// with every byte of data, config, log and pid file under a single data directory
// and listening on 127.0.0.1 only.
//
// The stack is private so that development and CI never touch (or depend on)
// system-wide servers: the ports are non-standard, nothing is registered with
// systemd, and Down stops only the processes whose pid files Up wrote.
package stack

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"pricelens/deploy/config"
)

// Options says where the stack lives and how it is reached.
type Options struct {
	DataDir string // absolute; ClickHouse under DataDir/clickhouse, PostgreSQL under DataDir/postgres

	ClickHouseTCPPort, ClickHouseHTTPPort int
	PostgresPort                          int
	// MailpitSMTPPort and MailpitHTTPPort: Mailpit's SMTP server and its web UI and API.
	MailpitSMTPPort, MailpitHTTPPort int

	// ToolsDir holds tools the stack builds itself (Mailpit), one folder per version.
	ToolsDir string

	// DevIDP is the binary of the local OpenID Connect provider (cmd/devidp); empty:
	// none is started. It listens on DevIDPPort and sends sign-ins back to
	// DevIDPRedirectURL (the binary's PRICELENS_OIDC_REDIRECT_URL).
	DevIDP            string
	DevIDPPort        int
	DevIDPRedirectURL string

	// PostgresUser, PostgresPassword, PostgresDB: role + database created on first start.
	PostgresUser, PostgresPassword, PostgresDB string

	Out io.Writer // progress lines; nil means discard
}

// Server is the state of one server of the stack, as Status reports it.
type Server struct {
	Name    string // "clickhouse", "postgres" or "mailpit"
	Running bool
	PID     int
	Addr    string // host:port clients use (ClickHouse: native protocol; Mailpit: SMTP)
	Version string // empty when not running
}

// startTimeout bounds how long Up waits for a server to answer. Both start in
// a few seconds; the margin is for slow CI machines.
const startTimeout = 30 * time.Second

// stopTimeout bounds how long Down waits for a server to exit.
const stopTimeout = 30 * time.Second

// OptionsFrom derives the stack's options from the binary's configuration, so
// the stack serves exactly the addresses the binary will connect to.
func OptionsFrom(c config.Config) (Options, error) {
	o := Options{
		DataDir:            c.DataDir,
		ClickHouseTCPPort:  config.Port(c.ClickHouseAddrs()[0]),
		ClickHouseHTTPPort: config.Port(c.ClickHouseHTTPAddr),
		MailpitSMTPPort:    c.SMTP.Port,
		MailpitHTTPPort:    config.DefaultMailpitHTTPPort,
		ToolsDir:           filepath.Join(c.DataDir, "tools"),
		DevIDP:             besideExecutable("devidp"),
		DevIDPPort:         config.DefaultDevIDPPort,
		DevIDPRedirectURL:  c.OIDC.RedirectURL,
	}
	if o.ClickHouseTCPPort == 0 {
		return o, fmt.Errorf("ClickHouse address %q has no port", c.ClickHouseAddr)
	}
	if o.ClickHouseHTTPPort == 0 {
		return o, fmt.Errorf("ClickHouse HTTP address %q has no port", c.ClickHouseHTTPAddr)
	}
	u, err := url.Parse(c.PostgresURL)
	if err != nil {
		return o, errors.New("PostgreSQL URL is not a valid URL")
	}
	o.PostgresPort = 5432 // libpq's default when the URL names none
	if p := u.Port(); p != "" {
		if o.PostgresPort, err = strconv.Atoi(p); err != nil {
			return o, fmt.Errorf("PostgreSQL URL port %q is not a number", p)
		}
	}
	if u.User != nil {
		o.PostgresUser = u.User.Username()
		o.PostgresPassword, _ = u.User.Password()
	}
	o.PostgresDB = strings.TrimPrefix(u.Path, "/")
	// The stack creates this role and database, so it needs all three; the
	// password is required because TCP connections authenticate with scram.
	if o.PostgresUser == "" || o.PostgresPassword == "" || o.PostgresDB == "" {
		return o, errors.New("PostgreSQL URL must name a user, a password and a database for the local stack")
	}
	return o, nil
}

// Up installs missing packages and tools, then starts ClickHouse, PostgreSQL,
// Mailpit and the OpenID Connect provider (each only if it is not already
// running) and returns once all answer. Running it again is harmless.
func Up(ctx context.Context, o Options) error {
	o, err := o.check()
	if err != nil {
		return err
	}
	if err := ensureInstalled(ctx, o.Out); err != nil {
		return err
	}
	if err := upClickHouse(ctx, o); err != nil {
		return err
	}
	if err := upPostgres(ctx, o); err != nil {
		return err
	}
	if err := upMailpit(ctx, o); err != nil {
		return err
	}
	return upDevIDP(ctx, o)
}

// Down stops the servers Up started (found by the pid files under DataDir) and
// waits until their processes are gone. Nothing running is not an error.
func Down(o Options) error {
	o, err := o.check()
	if err != nil {
		return err
	}
	// Stop every server even if one fails, and report the first failure.
	var first error
	for _, down := range []func(Options) error{downClickHouse, downPostgres, downMailpit, downDevIDP} {
		if err := down(o); err != nil && first == nil {
			first = err
		}
	}
	return first
}

// Status reports each server of the stack: ClickHouse, PostgreSQL, Mailpit and,
// when it is built, the OpenID Connect provider.
func Status(o Options) ([]Server, error) {
	o, err := o.check()
	if err != nil {
		return nil, err
	}
	servers := []Server{statusClickHouse(o), statusPostgres(o), statusMailpit(o)}
	if o.DevIDP != "" {
		servers = append(servers, statusDevIDP(o))
	}
	return servers, nil
}

// besideExecutable is the path of a binary next to the running one (bin/ after
// `make bins`), or "" when there is none.
func besideExecutable(name string) string {
	self, err := os.Executable()
	if err != nil {
		return ""
	}
	p := filepath.Join(filepath.Dir(self), name)
	if st, err := os.Stat(p); err != nil || st.IsDir() {
		return ""
	}
	return p
}

// check validates the options and fills in defaults.
func (o Options) check() (Options, error) {
	if o.Out == nil {
		o.Out = io.Discard
	}
	if o.DataDir == "" || !filepath.IsAbs(o.DataDir) {
		return o, fmt.Errorf("data directory %q must be an absolute path", o.DataDir)
	}
	o.DataDir = filepath.Clean(o.DataDir)
	if o.ToolsDir == "" {
		o.ToolsDir = filepath.Join(o.DataDir, "tools")
	}
	if !filepath.IsAbs(o.ToolsDir) {
		return o, fmt.Errorf("tools directory %q must be an absolute path", o.ToolsDir)
	}
	for _, p := range []struct {
		name string
		port int
	}{
		{"ClickHouse native", o.ClickHouseTCPPort},
		{"ClickHouse HTTP", o.ClickHouseHTTPPort},
		{"PostgreSQL", o.PostgresPort},
		{"Mailpit SMTP", o.MailpitSMTPPort},
		{"Mailpit web", o.MailpitHTTPPort},
	} {
		if p.port <= 0 || p.port > 65535-9 { // -9: ClickHouse interserver port is native+9
			return o, fmt.Errorf("%s port %d is out of range", p.name, p.port)
		}
	}
	if o.DevIDP != "" && (o.DevIDPPort <= 0 || o.DevIDPPort > 65535) {
		return o, fmt.Errorf("OpenID Connect provider port %d is out of range", o.DevIDPPort)
	}
	return o, nil
}

// loopback is the only address the stack's servers listen on.
const loopback = "127.0.0.1"

func addr(port int) string { return net.JoinHostPort(loopback, strconv.Itoa(port)) }

// portFree reports whether nothing listens on 127.0.0.1:port. A listen attempt
// is used rather than a dial because it also catches servers bound to the
// wildcard address and does not depend on what the other server answers.
func portFree(port int) bool {
	l, err := net.Listen("tcp", addr(port))
	if err != nil {
		return false
	}
	l.Close()
	return true
}

// errPortTaken is the one-line error for a port another process holds.
func errPortTaken(port int, what string) error {
	return fmt.Errorf("port %d (%s) is already in use by another process", port, what)
}

// alive reports whether pid is a live (not zombie) process whose command line
// contains want; the name check keeps a stale pid file whose pid was reused by
// an unrelated process from being mistaken for our server.
func alive(pid int, want string) bool {
	if pid <= 0 {
		return false
	}
	if err := syscall.Kill(pid, 0); err != nil && !errors.Is(err, syscall.EPERM) {
		return false
	}
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return false
	}
	// The state is the first field after the parenthesised command name.
	if i := strings.LastIndexByte(string(stat), ')'); i >= 0 && i+2 < len(stat) && stat[i+2] == 'Z' {
		return false
	}
	cmdline, err := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", pid))
	return err == nil && strings.Contains(string(cmdline), want)
}

// waitGone waits until the process is no longer alive.
func waitGone(pid int, want string, timeout time.Duration) bool {
	deadline := time.Now().Add(timeout)
	for alive(pid, want) {
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(100 * time.Millisecond)
	}
	return true
}

// readPID reads the pid on the first line of a pid file (0 if there is none).
func readPID(path string) int {
	data, err := os.ReadFile(path)
	if err != nil {
		return 0
	}
	first, _, _ := strings.Cut(string(data), "\n")
	pid, _ := strconv.Atoi(strings.TrimSpace(first))
	return pid
}

// waitUntil polls ready until it succeeds, the deadline passes, the context is
// cancelled or died reports that the server process exited.
func waitUntil(ctx context.Context, timeout time.Duration, ready func() bool, died func() bool) error {
	deadline := time.Now().Add(timeout)
	for {
		if ready() {
			return nil
		}
		if died() {
			return errors.New("exited")
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("did not answer within %s", timeout)
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(200 * time.Millisecond):
		}
	}
}

// startFailure builds the one-line error for a server that did not come up:
// it names the server and the log to read, and quotes the log's last line when
// that is short enough to be useful in one line.
func startFailure(name, reason string, logs ...string) error {
	log := logs[0]
	for _, l := range logs {
		if fi, err := os.Stat(l); err == nil && fi.Size() > 0 {
			log = l
			break
		}
	}
	msg := fmt.Sprintf("%s %s; see %s", name, reason, log)
	if last := lastLine(log); last != "" && len(last) <= 200 {
		msg += ": " + last
	}
	return errors.New(msg)
}

// lastLine returns the last non-empty line of a file ("" if unreadable).
func lastLine(path string) string {
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	// Only the tail matters; logs can be large.
	if fi, err := f.Stat(); err == nil && fi.Size() > 64<<10 {
		f.Seek(-64<<10, io.SeekEnd)
	}
	last := ""
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		if line := strings.TrimSpace(sc.Text()); line != "" {
			last = line
		}
	}
	return last
}

// outputLine trims command output to its last non-empty line, which is where
// tools like apt-get, initdb and psql put the reason they failed.
func outputLine(b []byte) string {
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	return strings.TrimSpace(lines[len(lines)-1])
}

// cmdError is the one-line reason a command failed: its last output line, or
// the exec error when it printed nothing (e.g. the program does not exist).
func cmdError(out []byte, err error) string {
	if line := outputLine(out); line != "" {
		return line
	}
	return err.Error()
}
