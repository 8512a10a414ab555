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
