package stack

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// Mailpit is the stack's SMTP server (github.com/axllent/mailpit): it keeps every
// mail the binary sends instead of delivering it, shows them in a web UI and
// serves them to tests through its API. It is not a Debian package, so the stack
// builds the pinned version with `go install` (the module proxy serves it) into
// its tools folder, once.
const (
	mailpitModule  = "github.com/axllent/mailpit"
	mailpitVersion = "v1.27.11"
)

// mailpitFiles are the paths of the private Mailpit, under DataDir/mailpit; the
// binary is under ToolsDir in a folder per version, so a new pin installs afresh.
type mailpitFiles struct {
	Dir, DB, PID, Log, Bin string
}

func mailpitFilesOf(o Options) mailpitFiles {
	dir := filepath.Join(o.DataDir, "mailpit")
	return mailpitFiles{
		Dir: dir,
		DB:  filepath.Join(dir, "mailpit.db"),
		PID: filepath.Join(dir, "mailpit.pid"),
		Log: filepath.Join(dir, "mailpit.log"),
		Bin: filepath.Join(o.ToolsDir, "mailpit-"+mailpitVersion, "mailpit"),
	}
}

// installMailpit builds the pinned Mailpit when its binary is missing:
//
//	GOBIN=<ToolsDir>/mailpit-<version> go install github.com/axllent/mailpit@<version>
func installMailpit(ctx context.Context, o Options, f mailpitFiles) error {
	if _, err := os.Stat(f.Bin); err == nil {
		return nil
	}
	goBin, err := exec.LookPath("go")
	if err != nil {
		return fmt.Errorf("mailpit: cannot install %s@%s: the go command is not on PATH", mailpitModule, mailpitVersion)
	}
	fmt.Fprintf(o.Out, "install: building %s@%s with go install (once; it takes a minute or two)\n", mailpitModule, mailpitVersion)
	cmd := exec.CommandContext(ctx, goBin, "install", mailpitModule+"@"+mailpitVersion)
	cmd.Dir = os.TempDir() // outside any module, so the project's go.mod plays no part
	cmd.Env = append(os.Environ(), "GOBIN="+filepath.Dir(f.Bin), "GOFLAGS=")
	if b, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("mailpit: go install %s@%s failed: %s", mailpitModule, mailpitVersion, cmdError(b, err))
	}
	fmt.Fprintf(o.Out, "install: mailpit %s installed in %s\n", mailpitVersion, filepath.Dir(f.Bin))
	return nil
}

// mailpitArgs listen on loopback only and turn off every feature that would
// reach out of the machine: the release check, reverse DNS of SMTP clients,
// remote CSS and fonts in the HTML preview. Relaying, forwarding, webhooks, POP3
// and Prometheus stay off because no flag enables them (and mailpitEnv drops
// MP_* variables, which could).
func mailpitArgs(o Options, f mailpitFiles) []string {
	return []string{
		"--database", f.DB,
		"--smtp", addr(o.MailpitSMTPPort),
		"--listen", addr(o.MailpitHTTPPort),
		"--disable-version-check",
		"--smtp-disable-rdns",
		"--block-remote-css-and-fonts",
	}
}

// mailpitEnv is our environment minus Mailpit's MP_* settings, so a developer's
// MP_SMTP_RELAY_ALL or MP_WEBHOOK_URL cannot make the stack's Mailpit send mail on.
func mailpitEnv() []string {
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "MP_") {
			env = append(env, kv)
		}
	}
	return env
}

// upMailpit installs Mailpit when missing and starts it unless our pid file
// names a live one.
func upMailpit(ctx context.Context, o Options) error {
	f := mailpitFilesOf(o)
	ready := func() bool { return mailpitReady(o) }

	if pid := readPID(f.PID); pid != 0 {
		if alive(pid, "mailpit") {
			died := func() bool { return !alive(pid, "mailpit") }
			if err := waitUntil(ctx, startTimeout, ready, died); err != nil {
				return startFailure("mailpit (pid "+strconv.Itoa(pid)+")", err.Error(), f.Log)
			}
			fmt.Fprintf(o.Out, "mailpit: already running on %s, web %s (pid %d)\n",
				addr(o.MailpitSMTPPort), mailpitWeb(o), pid)
			return nil
		}
		fmt.Fprintf(o.Out, "mailpit: removing stale pid file %s (pid %d is not a running Mailpit)\n", f.PID, pid)
		if err := os.Remove(f.PID); err != nil {
			return fmt.Errorf("mailpit: %v", err)
		}
	}
	for _, p := range []struct {
		port int
		what string
	}{{o.MailpitSMTPPort, "Mailpit SMTP"}, {o.MailpitHTTPPort, "Mailpit web"}} {
		if !portFree(p.port) {
			return errPortTaken(p.port, p.what)
		}
	}
	if err := installMailpit(ctx, o, f); err != nil {
		return err
	}
	if err := os.MkdirAll(f.Dir, 0o755); err != nil {
		return fmt.Errorf("mailpit: %v", err)
	}
	pid, err := launch(ctx, server{name: "mailpit", dir: f.Dir, out: f.Log, env: mailpitEnv(), pidFile: f.PID, ready: ready,
		logs: []string{f.Log}}, f.Bin, mailpitArgs(o, f)...)
	if err != nil {
		return err
	}
	fmt.Fprintf(o.Out, "mailpit: started on %s, web %s (pid %d)\n", addr(o.MailpitSMTPPort), mailpitWeb(o), pid)
	return nil
}

// mailpitWeb is the address of Mailpit's web UI and API.
func mailpitWeb(o Options) string { return "http://" + addr(o.MailpitHTTPPort) }

// mailpitReady asks Mailpit's readiness endpoint, which answers once both its
// SMTP and web servers run.
func mailpitReady(o Options) bool {
	client := http.Client{Timeout: 2 * time.Second}
	resp, err := client.Get(mailpitWeb(o) + "/readyz")
	if err != nil {
		return false
	}
	resp.Body.Close()
	return resp.StatusCode == http.StatusOK
}

// downMailpit stops the Mailpit named by our pid file, if it runs.
func downMailpit(o Options) error { return downPIDFile(o, "mailpit", mailpitFilesOf(o).PID) }

// statusMailpit reports Mailpit; its version is the pinned one (a `go install`
// build reports "dev" itself) once it answers.
func statusMailpit(o Options) Server {
	s := Server{Name: "mailpit", Addr: addr(o.MailpitSMTPPort)}
	if pid := readPID(mailpitFilesOf(o).PID); alive(pid, "mailpit") {
		s.Running, s.PID = true, pid
		if mailpitReady(o) {
			s.Version = strings.TrimPrefix(mailpitVersion, "v")
		}
	}
	return s
}
