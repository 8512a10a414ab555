package main

import (
	"net"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"pricelens/deploy/config"
	"pricelens/deploy/testenv"
)

// buildBinary builds the pricelens binary once for the CLI tests.
func buildBinary(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "pricelens")
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	require.NoError(t, err, string(out))
	return bin
}

// run runs the binary with extra environment and returns its exit code and output.
func run(t *testing.T, bin string, env []string, args ...string) (int, string) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.CombinedOutput()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else {
		require.NoError(t, err)
	}
	return code, string(out)
}

// Bad configuration ends with one clear line and a non-zero exit, never a stack trace.
func TestBadConfigurationIsOneLine(t *testing.T) {
	bin := buildBinary(t)
	closed := func() string { // a loopback port nobody listens on
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		require.NoError(t, err)
		addr := ln.Addr().String()
		ln.Close()
		return addr
	}
	c, err := config.Load()
	require.NoError(t, err)
	wrongPassword, err := url.Parse(c.PostgresURL)
	require.NoError(t, err)
	wrongPassword.User = url.UserPassword(wrongPassword.User.Username(), "wrong")

	taken, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer taken.Close()

	cases := []struct {
		name string
		env  []string
		args []string
		want string
	}{
		{"unreachable clickhouse", []string{"PRICELENS_CLICKHOUSE_ADDR=" + closed()}, []string{"migrate", "status"}, "connection refused"},
		{"unreachable postgres", []string{"PRICELENS_POSTGRES_URL=postgres://pricelens:pricelens@" + closed() + "/pricelens?sslmode=disable"}, []string{"migrate", "status"}, "connection refused"},
		{"wrong postgres password", []string{"PRICELENS_POSTGRES_URL=" + wrongPassword.String()}, []string{"migrate", "status"}, "password authentication failed"},
		{"taken http port", []string{"PRICELENS_HTTP_ADDR=" + taken.Addr().String(), "PRICELENS_DATA_DIR=" + t.TempDir()}, []string{"serve"}, "already in use"},
		{"bad address", []string{"PRICELENS_HTTP_ADDR=nonsense"}, []string{"serve"}, "PRICELENS_HTTP_ADDR"},
		{"bad log level", []string{"PRICELENS_LOG_LEVEL=loud"}, []string{"serve"}, "PRICELENS_LOG_LEVEL"},
		{"bad workers switch", []string{"PRICELENS_WORKERS=maybe"}, []string{"worker"}, "PRICELENS_WORKERS must be on or off"},
		{"worker with arguments", nil, []string{"worker", "now"}, "worker takes no arguments"},
		{"unknown command", nil, []string{"frobnicate"}, "unknown command"},
		{"bad seed size", nil, []string{"seed", "--size", "XL"}, "size must be S, M or L"},
		{"load sent elsewhere", []string{"PRICELENS_ADMIN_PASSWORD=x"}, []string{"load", "--url", "http://10.1.2.3:8080"}, "only sent to a loopback address"},
		{"load without password", []string{"PRICELENS_ADMIN_PASSWORD="}, []string{"load"}, "set PRICELENS_ADMIN_PASSWORD"},
		{"load with a backwards think time", []string{"PRICELENS_ADMIN_PASSWORD=x"}, []string{"load", "--think", "10s-2s"}, "runs backwards"},
		{"user without a subcommand", nil, []string{"user"}, "usage: user set-password --email E"},
		{"set-password without a password", nil, []string{"user", "set-password", "--email", "admin@pricelens.local"}, "must have 8 to 72 characters"},
		{"load with no server", []string{"PRICELENS_ADMIN_PASSWORD=x"}, []string{"load", "--url", "http://" + closed(), "--duration", "1s"}, "connection refused"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			code, out := run(t, bin, tc.env, tc.args...)
			require.NotZero(t, code, out)
			lines := strings.Split(strings.TrimSpace(out), "\n")
			require.Len(t, lines, 1, "want one line, got:\n%s", out)
			require.Contains(t, lines[0], tc.want)
			require.NotContains(t, out, "goroutine")
		})
	}
}

// The export command's bad input: a mistake in the command line exits 2, a report
// that does not exist exits 1; either way one line that says what to fix, and no
// file is written.
func TestExportBadInput(t *testing.T) {
	bin := buildBinary(t)
	out := t.TempDir()
	_, pg := testenv.Postgres(t) // migrated, with no reports
	env := []string{"PRICELENS_POSTGRES_URL=" + pg.PostgresURL}
	cases := []struct {
		name string
		code int
		args []string
		want string
	}{
		{"unknown format", 2, []string{"export", "--report", "1", "--format", "xlsx", "--out", out}, `format "xlsx" is not known: use csv or parquet`},
		{"no report", 2, []string{"export", "--out", out}, "--report is required"},
		{"no directory", 2, []string{"export", "--report", "1"}, "--out is required"},
		{"unknown report", 1, []string{"export", "--report", "No such report, surely", "--out", out}, `no saved report "No such report, surely"`},
		{"malformed cron", 2, []string{"export", "schedule", "add", "--report", "1", "--cron", "61 * * * *", "--out", out}, `cron expression "61 * * * *" is not valid`},
		{"cron with too few fields", 2, []string{"export", "schedule", "add", "--report", "1", "--cron", "0 6 *", "--out", out}, "use five fields"},
		{"unknown schedule verb", 2, []string{"export", "schedule", "edit"}, `unknown export schedule command "edit"`},
		{"bad schedule id", 2, []string{"export", "schedule", "remove", "x"}, "schedule id must be a positive integer"},
		// As the README writes it: the id, then the flags (flag parsing used to stop at the id: exit 2).
		{"remove an unknown schedule, flags after the id", 1, []string{"export", "schedule", "remove", "999", "--account", "2"}, "Export schedule not found"},
		{"remove with the flags first", 1, []string{"export", "schedule", "remove", "--account", "2", "999"}, "Export schedule not found"},
		{"remove with two ids", 2, []string{"export", "schedule", "remove", "998", "--account", "2", "999"}, "remove takes one schedule id"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			code, got := run(t, bin, env, tc.args...)
			require.Equal(t, tc.code, code, got)
			lines := strings.Split(strings.TrimSpace(got), "\n")
			require.Len(t, lines, 1, "want one line, got:\n%s", got)
			require.Contains(t, lines[0], tc.want)
		})
	}
	entries, err := os.ReadDir(out)
	require.NoError(t, err)
	require.Empty(t, entries)
}
