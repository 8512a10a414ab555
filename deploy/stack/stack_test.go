package stack

import (
	"bytes"
	"context"
	"encoding/json"
	"net"
	"net/http"
	"net/smtp"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"pricelens/deploy/config"
)

// Test ports: different from the defaults (19000/18123/15432) so the test
// never disturbs a stack someone runs on this machine.
const (
	testCHTCPPort  = 29000
	testCHHTTPPort = 28123
	testPGPort     = 25432
	testMPSMTPPort = 21025
	testMPHTTPPort = 28025
)

// testToolsDir outlives the test's data directory, so Mailpit is built once per
// machine rather than once per run (the first run exercises the install).
var testToolsDir = filepath.Join(os.TempDir(), "pricelens-stack-test-tools")

func testOptions(t *testing.T, out *bytes.Buffer) Options {
	// os.MkdirTemp makes a 0700 directory, like CI's `mktemp -d`, so this also
	// exercises making the path traversable for the postgres user.
	dir, err := os.MkdirTemp("", "pricelens-stack-test-")
	noErr(t, err)
	t.Cleanup(func() { os.RemoveAll(dir) })
	return Options{
		DataDir:           dir,
		ClickHouseTCPPort: testCHTCPPort, ClickHouseHTTPPort: testCHHTTPPort,
		PostgresPort:    testPGPort,
		MailpitSMTPPort: testMPSMTPPort, MailpitHTTPPort: testMPHTTPPort, ToolsDir: testToolsDir,
		PostgresUser: "pricelens_test", PostgresPassword: "it's secret", PostgresDB: "pricelens_test",
		Out: out,
	}
}

// TestLifecycle runs the whole stack: Up, Status, Up again, a taken port,
// Down, Status.
func TestLifecycle(t *testing.T) {
	var out bytes.Buffer
	o := testOptions(t, &out)
	t.Cleanup(func() {
		if err := Down(o); err != nil {
			t.Errorf("cleanup Down: %v", err)
		}
		t.Logf("progress output:\n%s", out.String())
	})
	ctx := context.Background()

	// A stale pid file (a live process that is not ClickHouse: this test) must
	// be cleaned up, not trusted and not killed.
	chDir := filepath.Join(o.DataDir, "clickhouse")
	noErr(t, os.MkdirAll(chDir, 0o755))
	noErr(t, os.WriteFile(filepath.Join(chDir, "clickhouse.pid"), []byte(strconv.Itoa(os.Getpid())), 0o644))

	noErr(t, Up(ctx, o))
	contains(t, out.String(), "clickhouse: removing stale pid file")
	contains(t, out.String(), "clickhouse: started on 127.0.0.1:29000 (pid ")
	contains(t, out.String(), "postgres: started on 127.0.0.1:25432 (pid ")
	contains(t, out.String(), "postgres: created role pricelens_test")
	contains(t, out.String(), "postgres: created database pricelens_test")
	contains(t, out.String(), "mailpit: started on 127.0.0.1:21025, web http://127.0.0.1:28025 (pid ")

	servers, err := Status(o)
	noErr(t, err)
	if len(servers) != 3 {
		t.Fatalf("Status returned %d servers, want 3", len(servers))
	}
	ch, pg, mp := servers[0], servers[1], servers[2]
	equal(t, ch.Name, "clickhouse")
	isTrue(t, ch.Running, "clickhouse not running")
	isTrue(t, ch.PID > 0, "clickhouse pid %d", ch.PID)
	equal(t, ch.Addr, "127.0.0.1:29000")
	isTrue(t, strings.HasPrefix(ch.Version, "18.16."), "clickhouse version %q", ch.Version)
	equal(t, pg.Name, "postgres")
	isTrue(t, pg.Running, "postgres not running")
	isTrue(t, pg.PID > 0, "postgres pid %d", pg.PID)
	equal(t, pg.Addr, "127.0.0.1:25432")
	isTrue(t, strings.HasPrefix(pg.Version, "15."), "postgres version %q", pg.Version)
	equal(t, mp.Name, "mailpit")
	isTrue(t, mp.Running, "mailpit not running")
	equal(t, mp.Addr, "127.0.0.1:21025")
	equal(t, mp.Version, "1.27.11")

	// Mailpit takes a mail over SMTP on loopback and serves it through its API.
	noErr(t, smtp.SendMail("127.0.0.1:21025", nil, "stack@pricelens.test", []string{"dev@pricelens.test"},
		[]byte("To: dev@pricelens.test\r\nSubject: stack test\r\n\r\nhello\r\n")))
	resp, err := http.Get("http://127.0.0.1:28025/api/v1/search?query=" + url.QueryEscape("to:dev@pricelens.test"))
	noErr(t, err)
	var found struct{ Messages []struct{ Subject string } }
	noErr(t, json.NewDecoder(resp.Body).Decode(&found))
	resp.Body.Close()
	isTrue(t, len(found.Messages) == 1 && found.Messages[0].Subject == "stack test", "mailpit has %+v", found)

	// The native protocol port answers too, on loopback.
	conn, err := net.Dial("tcp", "127.0.0.1:29000")
	noErr(t, err)
	conn.Close()

	// The application's role logs in over TCP with its password and may
	// create databases.
	url := "postgres://pricelens_test:it%27s%20secret@127.0.0.1:25432/pricelens_test?sslmode=disable"
	b, err := exec.Command(psqlBin, "-X", "-tA", url, "-c", "SELECT current_user || ' ' || current_database()").CombinedOutput()
	noErr(t, err, string(b))
	equal(t, strings.TrimSpace(string(b)), "pricelens_test pricelens_test")
	b, err = exec.Command(psqlBin, "-X", "-tA", url, "-c", "CREATE DATABASE pricelens_test_created").CombinedOutput()
	noErr(t, err, string(b))

	// Up again: both found running, same pids.
	mark := out.Len()
	noErr(t, Up(ctx, o))
	contains(t, out.String()[mark:], "clickhouse: already running on 127.0.0.1:29000 (pid "+strconv.Itoa(ch.PID)+")")
	contains(t, out.String()[mark:], "postgres: already running on 127.0.0.1:25432 (pid "+strconv.Itoa(pg.PID)+")")
	contains(t, out.String()[mark:], "mailpit: already running on 127.0.0.1:21025, web http://127.0.0.1:28025 (pid "+strconv.Itoa(mp.PID)+")")

	// Down stops both and waits until they are gone.
	mark = out.Len()
	noErr(t, Down(o))
	contains(t, out.String()[mark:], "clickhouse: stopped")
	contains(t, out.String()[mark:], "postgres: stopped")
	contains(t, out.String()[mark:], "mailpit: stopped")
	isTrue(t, !alive(mp.PID, "mailpit"), "mailpit still alive after Down")
	isTrue(t, !alive(ch.PID, "clickhouse"), "clickhouse still alive after Down")
	isTrue(t, !alive(pg.PID, "postgres"), "postgres still alive after Down")
	servers, err = Status(o)
	noErr(t, err)
	for _, s := range servers {
		equal(t, s, Server{Name: s.Name, Addr: s.Addr})
	}

	// Down when nothing runs is fine.
	mark = out.Len()
	noErr(t, Down(o))
	contains(t, out.String()[mark:], "clickhouse: not running")
	contains(t, out.String()[mark:], "postgres: not running")
	contains(t, out.String()[mark:], "mailpit: not running")
}

// listenOn holds a port like a foreign server would.
func listenOn(t *testing.T, port int) {
	l, err := net.Listen("tcp", addr(port))
	noErr(t, err)
	t.Cleanup(func() { l.Close() })
}

func TestPortTaken(t *testing.T) {
	var out bytes.Buffer
	o := testOptions(t, &out)
	o.ClickHouseTCPPort, o.ClickHouseHTTPPort, o.PostgresPort = 29100, 29123, 29432

	listenOn(t, o.ClickHouseTCPPort)
	err := Up(context.Background(), o)
	errIs(t, err, "port 29100 (ClickHouse native) is already in use by another process")

	// PostgreSQL checks its port the same way before touching anything.
	listenOn(t, o.PostgresPort)
	err = upPostgres(context.Background(), o)
	errIs(t, err, "port 29432 (PostgreSQL) is already in use by another process")
	_, err = os.Stat(filepath.Join(o.DataDir, "postgres"))
	isTrue(t, os.IsNotExist(err), "upPostgres created its directory despite the taken port")

	// So does Mailpit, before installing or starting anything.
	listenOn(t, o.MailpitHTTPPort)
	err = upMailpit(context.Background(), o)
	errIs(t, err, "port 28025 (Mailpit web) is already in use by another process")
}

func TestStartFailureIsOneLine(t *testing.T) {
	dir := t.TempDir()
	log := filepath.Join(dir, "server.log")
	noErr(t, os.WriteFile(log, []byte("starting\n\nDB::Exception: something broke\n"), 0o644))
	err := startFailure("clickhouse", "did not come up (exited)", filepath.Join(dir, "empty.log"), log)
	errIs(t, err, "clickhouse did not come up (exited); see "+log+": DB::Exception: something broke")
}

func TestOptionsFrom(t *testing.T) {
	o, err := OptionsFrom(config.Config{
		DataDir:            "/srv/pricelens",
		ClickHouseAddr:     "127.0.0.1:19000",
		ClickHouseHTTPAddr: "127.0.0.1:18123",
		PostgresURL:        "postgres://pricelens:pricelens@127.0.0.1:15432/pricelens?sslmode=disable",
		SMTP:               config.SMTP{Host: "127.0.0.1", Port: 11025},
		OIDC:               config.OIDC{RedirectURL: "http://127.0.0.1:8080/api/login/sso/callback"},
	})
	noErr(t, err)
	equal(t, o, Options{
		DataDir:           "/srv/pricelens",
		ClickHouseTCPPort: 19000, ClickHouseHTTPPort: 18123,
		PostgresPort:    15432,
		MailpitSMTPPort: 11025, MailpitHTTPPort: 18025, ToolsDir: "/srv/pricelens/tools",
		PostgresUser: "pricelens", PostgresPassword: "pricelens", PostgresDB: "pricelens",
		DevIDPPort: 18096, DevIDPRedirectURL: "http://127.0.0.1:8080/api/login/sso/callback", // no bin/devidp beside the test binary
	})

	_, err = OptionsFrom(config.Config{
		DataDir: "/srv/pricelens", ClickHouseAddr: "127.0.0.1:19000", ClickHouseHTTPAddr: "127.0.0.1:18123",
		PostgresURL: "postgres://127.0.0.1:15432/pricelens",
	})
	isTrue(t, err != nil && strings.Contains(err.Error(), "must name a user, a password and a database"), "error %v", err)
}

func TestSocketDirFallsBackWhenPathTooLong(t *testing.T) {
	short := postgresFilesOf(Options{DataDir: "/srv/pricelens", PostgresPort: 15432})
	equal(t, short.Run, "/srv/pricelens/postgres/run")

	long := postgresFilesOf(Options{DataDir: "/tmp/" + strings.Repeat("d", 100), PostgresPort: 15432})
	isTrue(t, strings.HasPrefix(long.Run, filepath.Join(os.TempDir(), "pricelens-pg-")), "socket dir %q", long.Run)
	isTrue(t, len(socketPath(long.Run, 15432)) <= maxSocketPath, "socket path %q too long", socketPath(long.Run, 15432))
}

// Small assertion helpers; testify's require is not usable without changing go.sum.

func noErr(t *testing.T, err error, msg ...any) {
	t.Helper()
	if err != nil {
		t.Fatalf("unexpected error: %v %v", err, msg)
	}
}

func errIs(t *testing.T, err error, want string) {
	t.Helper()
	if err == nil || err.Error() != want {
		t.Fatalf("error = %v, want %q", err, want)
	}
}

func equal[T comparable](t *testing.T, got, want T) {
	t.Helper()
	if got != want {
		t.Fatalf("got %+v, want %+v", got, want)
	}
}

func isTrue(t *testing.T, ok bool, format string, args ...any) {
	t.Helper()
	if !ok {
		t.Fatalf(format, args...)
	}
}

func contains(t *testing.T, s, sub string) {
	t.Helper()
	if !strings.Contains(s, sub) {
		t.Fatalf("output does not contain %q:\n%s", sub, s)
	}
}
