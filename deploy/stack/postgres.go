package stack

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// postgresFiles are the paths of the private PostgreSQL, all under
// DataDir/postgres except the socket directory when that path is too long.
type postgresFiles struct {
	Dir, Data, Run, LogDir, Log string
	PID                         string // postmaster.pid, written by the server itself
	Conf                        string // our settings, included from postgresql.conf
}

// maxSocketPath is the longest Unix socket path Linux accepts (sun_path is
// 108 bytes including the terminating NUL).
const maxSocketPath = 107

func postgresFilesOf(o Options) postgresFiles {
	dir := filepath.Join(o.DataDir, "postgres")
	data := filepath.Join(dir, "data")
	f := postgresFiles{
		Dir:    dir,
		Data:   data,
		Run:    filepath.Join(dir, "run"),
		LogDir: filepath.Join(dir, "log"),
		Log:    filepath.Join(dir, "log", "postgres.log"),
		PID:    filepath.Join(data, "postmaster.pid"),
		Conf:   filepath.Join(data, "pricelens.conf"),
	}
	// A deep DataDir (CI clones under long temp paths) can make the socket
	// path too long for the kernel; then use a short directory under /tmp
	// that is still unique per DataDir.
	if len(socketPath(f.Run, o.PostgresPort)) > maxSocketPath {
		sum := sha256.Sum256([]byte(o.DataDir))
		f.Run = filepath.Join(os.TempDir(), "pricelens-pg-"+hex.EncodeToString(sum[:6]))
	}
	return f
}

func socketPath(dir string, port int) string {
	return filepath.Join(dir, ".s.PGSQL."+strconv.Itoa(port))
}

// runningAsRoot decides whether the PostgreSQL tools run as the `postgres`
// user: initdb and postgres refuse to run as root.
func runningAsRoot() bool { return os.Geteuid() == 0 }

// asPostgres builds a command that runs as the postgres user when we are root
// and as ourselves otherwise. It runs in / so that the tools do not complain
// about a working directory the postgres user cannot enter.
func asPostgres(ctx context.Context, bin string, args ...string) *exec.Cmd {
	var cmd *exec.Cmd
	if runningAsRoot() {
		cmd = exec.CommandContext(ctx, "runuser", append([]string{"-u", "postgres", "--", bin}, args...)...)
	} else {
		cmd = exec.CommandContext(ctx, bin, args...)
	}
	cmd.Dir = "/"
	cmd.Env = envWithoutPG()
	return cmd
}

// envWithoutPG is our environment minus libpq's PG* variables, so a developer's
// PGHOST or PGOPTIONS cannot redirect or alter the stack's own commands.
func envWithoutPG() []string {
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "PG") {
			env = append(env, kv)
		}
	}
	return env
}

// upPostgres initialises the cluster on first use, starts PostgreSQL unless
// its postmaster.pid names a live server, and makes sure the application's
// role and database exist.
func upPostgres(ctx context.Context, o Options) error {
	f := postgresFilesOf(o)

	if pid := readPID(f.PID); pid != 0 {
		if alive(pid, "postgres") {
			if err := waitPostgres(ctx, o, f, pid); err != nil {
				return err
			}
			fmt.Fprintf(o.Out, "postgres: already running on %s (pid %d)\n", addr(o.PostgresPort), pid)
			return ensureRoleAndDB(ctx, o, f)
		}
		fmt.Fprintf(o.Out, "postgres: removing stale pid file %s (pid %d is not a running PostgreSQL)\n", f.PID, pid)
		if err := os.Remove(f.PID); err != nil {
			return fmt.Errorf("postgres: %v", err)
		}
	}

	if !portFree(o.PostgresPort) {
		return errPortTaken(o.PostgresPort, "PostgreSQL")
	}
	if err := preparePostgresDirs(o, f); err != nil {
		return err
	}
	if err := initdb(ctx, o, f); err != nil {
		return err
	}
	if err := writePostgresConfig(o, f); err != nil {
		return err
	}

	// pg_ctl -w returns once the server accepts connections; the server itself
	// detaches (setsid) and logs to f.Log. pg_ctl is not tied to ctx so that a
	// cancelled Up does not leave a half-started server.
	cmd := asPostgres(context.Background(), pgCtlBin, "-D", f.Data, "-l", f.Log, "-w",
		"-t", strconv.Itoa(int(startTimeout/time.Second)), "start")
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	if b, err := cmd.CombinedOutput(); err != nil {
		if pid := readPID(f.PID); alive(pid, "postgres") {
			stopPID(pid, "postgres") // do not leave a half-started server behind
		}
		return startFailure("postgres", "did not come up (pg_ctl: "+cmdError(b, err)+")", f.Log)
	}
	pid := readPID(f.PID)
	if err := waitPostgres(ctx, o, f, pid); err != nil {
		return err
	}
	fmt.Fprintf(o.Out, "postgres: started on %s (pid %d)\n", addr(o.PostgresPort), pid)
	return ensureRoleAndDB(ctx, o, f)
}

// waitPostgres waits until the server answers a query over its socket.
func waitPostgres(ctx context.Context, o Options, f postgresFiles, pid int) error {
	ready := func() bool { _, err := psql(ctx, o, f, "SELECT 1"); return err == nil }
	died := func() bool { return !alive(pid, "postgres") }
	if err := waitUntil(ctx, startTimeout, ready, died); err != nil {
		return startFailure("postgres", "did not come up ("+err.Error()+")", f.Log)
	}
	return nil
}

// preparePostgresDirs creates the directories and, when we are root, hands
// them to the postgres user, which must also be able to reach them: a CI
// checkout under `mktemp -d` (mode 0700) is otherwise closed to it.
func preparePostgresDirs(o Options, f postgresFiles) error {
	for _, d := range []string{f.Dir, f.Data, f.Run, f.LogDir} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			return fmt.Errorf("postgres: %v", err)
		}
	}
	if !runningAsRoot() {
		return nil
	}
	pg, err := user.Lookup("postgres")
	if err != nil {
		return fmt.Errorf("postgres: the postgres user does not exist (is the postgresql package installed?)")
	}
	uid, _ := strconv.Atoi(pg.Uid)
	gid, _ := strconv.Atoi(pg.Gid)
	for _, root := range []string{f.Dir, f.Run} {
		err := filepath.Walk(root, func(path string, _ os.FileInfo, err error) error {
			if err != nil {
				return err
			}
			return os.Lchown(path, uid, gid)
		})
		if err != nil {
			return fmt.Errorf("postgres: cannot hand %s to the postgres user: %v", root, err)
		}
	}
	changed, err := makeTraversable(filepath.Dir(f.Dir))
	if err != nil {
		return fmt.Errorf("postgres: %v", err)
	}
	if len(changed) > 0 {
		fmt.Fprintf(o.Out, "postgres: added o+x to %s so the postgres user can reach %s\n",
			strings.Join(changed, ", "), f.Dir)
	}
	return nil
}

// makeTraversable adds the others-execute bit to dir and each of its
// ancestors that lacks it, and returns the directories it changed.
func makeTraversable(dir string) ([]string, error) {
	var changed []string
	for {
		fi, err := os.Stat(dir)
		if err != nil {
			return changed, err
		}
		if mode := fi.Mode().Perm(); mode&0o001 == 0 {
			if err := os.Chmod(dir, mode|0o001); err != nil {
				return changed, fmt.Errorf("cannot make %s traversable: %v", dir, err)
			}
			changed = append(changed, dir)
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return changed, nil
		}
		dir = parent
	}
}

// initdb creates the cluster once. Local (socket) connections are trusted so
// the stack can administer it without a password; TCP connections, which the
// application uses, need the role's password.
func initdb(ctx context.Context, o Options, f postgresFiles) error {
	if _, err := os.Stat(filepath.Join(f.Data, "PG_VERSION")); err == nil {
		return nil
	}
	fmt.Fprintf(o.Out, "postgres: creating the database cluster in %s\n", f.Data)
	locale := "C"
	if _, err := os.Stat("/usr/lib/locale/C.utf8"); err == nil {
		locale = "C.UTF-8" // C collation, but upper()/lower() know non-ASCII letters
	}
	b, err := asPostgres(ctx, initdbBin, "-D", f.Data, "-U", "postgres", "-E", "UTF8", "--locale="+locale,
		"-A", "scram-sha-256", "--auth-local=trust").CombinedOutput()
	if err != nil {
		return fmt.Errorf("postgres: initdb %s failed: %s", f.Data, cmdError(b, err))
	}
	return nil
}

// writePostgresConfig (re)writes our settings file on every start, so port
// changes take effect, and includes it from postgresql.conf once.
func writePostgresConfig(o Options, f postgresFiles) error {
	conf := fmt.Sprintf(`# Generated by pricelens deploy/stack on every start; edits are overwritten.
listen_addresses = '127.0.0.1'
port = %d
unix_socket_directories = '%s'
shared_buffers = 256MB
max_connections = 200
`, o.PostgresPort, strings.ReplaceAll(f.Run, "'", "''"))
	if err := os.WriteFile(f.Conf, []byte(conf), 0o644); err != nil {
		return fmt.Errorf("postgres: %v", err)
	}
	if runningAsRoot() {
		if pg, err := user.Lookup("postgres"); err == nil {
			uid, _ := strconv.Atoi(pg.Uid)
			gid, _ := strconv.Atoi(pg.Gid)
			os.Chown(f.Conf, uid, gid)
		}
	}

	main := filepath.Join(f.Data, "postgresql.conf")
	current, err := os.ReadFile(main)
	if err != nil {
		return fmt.Errorf("postgres: %v", err)
	}
	const include = "include 'pricelens.conf'"
	if strings.Contains(string(current), "\n"+include+"\n") {
		return nil
	}
	fh, err := os.OpenFile(main, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		return fmt.Errorf("postgres: %v", err)
	}
	defer fh.Close()
	if _, err := fmt.Fprintf(fh, "\n# Settings of the pricelens local stack.\n%s\n", include); err != nil {
		return fmt.Errorf("postgres: %v", err)
	}
	return nil
}

// ensureRoleAndDB creates the application's role and database when missing.
// The role gets CREATEDB because tests create their own databases. An
// existing role is updated so that its password follows the configuration.
func ensureRoleAndDB(ctx context.Context, o Options, f postgresFiles) error {
	role, pw, db := quoteIdent(o.PostgresUser), quoteLiteral(o.PostgresPassword), quoteIdent(o.PostgresDB)

	exists, err := psql(ctx, o, f, "SELECT 1 FROM pg_roles WHERE rolname = "+quoteLiteral(o.PostgresUser))
	if err != nil {
		return fmt.Errorf("postgres: cannot look up role %s: %v", o.PostgresUser, err)
	}
	verb := "ALTER"
	if exists != "1" {
		verb = "CREATE"
	}
	if _, err := psql(ctx, o, f, verb+" ROLE "+role+" LOGIN CREATEDB PASSWORD "+pw); err != nil {
		return fmt.Errorf("postgres: cannot %s role %s: %v", strings.ToLower(verb), o.PostgresUser, err)
	}
	if verb == "CREATE" {
		fmt.Fprintf(o.Out, "postgres: created role %s\n", o.PostgresUser)
	}

	exists, err = psql(ctx, o, f, "SELECT 1 FROM pg_database WHERE datname = "+quoteLiteral(o.PostgresDB))
	if err != nil {
		return fmt.Errorf("postgres: cannot look up database %s: %v", o.PostgresDB, err)
	}
	if exists != "1" {
		if _, err := psql(ctx, o, f, "CREATE DATABASE "+db+" OWNER "+role); err != nil {
			return fmt.Errorf("postgres: cannot create database %s: %v", o.PostgresDB, err)
		}
		fmt.Fprintf(o.Out, "postgres: created database %s\n", o.PostgresDB)
	}
	return nil
}

// psql runs one statement as the postgres superuser over the Unix socket
// (trusted, so no password) and returns its unaligned output.
func psql(ctx context.Context, o Options, f postgresFiles, sql string) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, psqlBin, "-X", "-q", "-t", "-A", "-v", "ON_ERROR_STOP=1",
		"-h", f.Run, "-p", strconv.Itoa(o.PostgresPort), "-U", "postgres", "-d", "postgres", "-c", sql)
	cmd.Dir = "/"
	cmd.Env = envWithoutPG()
	b, err := cmd.CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("%s", cmdError(b, err))
	}
	return strings.TrimSpace(string(b)), nil
}

func quoteIdent(s string) string   { return `"` + strings.ReplaceAll(s, `"`, `""`) + `"` }
func quoteLiteral(s string) string { return `'` + strings.ReplaceAll(s, `'`, `''`) + `'` }

// downPostgres stops the server of our data directory with a fast shutdown
// (clients are disconnected, data is flushed) and waits until it is gone.
func downPostgres(o Options) error {
	f := postgresFilesOf(o)
	pid := readPID(f.PID)
	if !alive(pid, "postgres") {
		fmt.Fprintln(o.Out, "postgres: not running")
		return nil
	}
	b, err := asPostgres(context.Background(), pgCtlBin, "-D", f.Data, "-m", "fast", "-w",
		"-t", strconv.Itoa(int(stopTimeout/time.Second)), "stop").CombinedOutput()
	if err != nil {
		return fmt.Errorf("postgres: pg_ctl stop failed: %s", cmdError(b, err))
	}
	if !waitGone(pid, "postgres", stopTimeout) {
		return fmt.Errorf("postgres (pid %d) did not stop within %s; see %s", pid, stopTimeout, f.Log)
	}
	fmt.Fprintf(o.Out, "postgres: stopped (pid %d)\n", pid)
	return nil
}

func statusPostgres(o Options) Server {
	s := Server{Name: "postgres", Addr: addr(o.PostgresPort)}
	f := postgresFilesOf(o)
	if pid := readPID(f.PID); alive(pid, "postgres") {
		s.Running, s.PID = true, pid
		if v, err := psql(context.Background(), o, f, "SHOW server_version"); err == nil && v != "" {
			s.Version = strings.Fields(v)[0] // "15.18 (Debian 15.18-0+deb12u1)" -> "15.18"
		}
	}
	return s
}
