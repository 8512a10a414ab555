package stack

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"time"
)

// The stack's OpenID Connect provider (cmd/devidp, package deploy/devidp) makes the
// sign-in page's single sign-on button work in the demo. It is our own command,
// built by `make bins` next to the pricelens binary; when that binary is not
// there (a pricelens built on its own) the stack runs without it and says so.

// devidpFiles are the pid file and log of the provider, under DataDir/devidp.
type devidpFiles struct{ Dir, PID, Log string }

func devidpFilesOf(o Options) devidpFiles {
	dir := filepath.Join(o.DataDir, "devidp")
	return devidpFiles{Dir: dir, PID: filepath.Join(dir, "devidp.pid"), Log: filepath.Join(dir, "devidp.log")}
}

// devidpIssuer is the provider's issuer, the Makefile's PRICELENS_OIDC_ISSUER for `make run`.
func devidpIssuer(o Options) string { return "http://" + addr(o.DevIDPPort) + "/oidc" }

// devidpReady fetches the discovery document.
func devidpReady(o Options) bool {
	client := http.Client{Timeout: 2 * time.Second}
	resp, err := client.Get(devidpIssuer(o) + "/.well-known/openid-configuration")
	if err != nil {
		return false
	}
	resp.Body.Close()
	return resp.StatusCode == http.StatusOK
}

// upDevIDP starts the provider unless our pid file names a live one; without
// o.DevIDP (no binary) it does nothing.
func upDevIDP(ctx context.Context, o Options) error {
	if o.DevIDP == "" {
		fmt.Fprintln(o.Out, "devidp: not built (make bins builds bin/devidp); single sign-on stays off in the demo")
		return nil
	}
	f := devidpFilesOf(o)
	ready := func() bool { return devidpReady(o) }
	if pid := readPID(f.PID); pid != 0 {
		if alive(pid, "devidp") {
			died := func() bool { return !alive(pid, "devidp") }
			if err := waitUntil(ctx, startTimeout, ready, died); err != nil {
				return startFailure("devidp (pid "+strconv.Itoa(pid)+")", err.Error(), f.Log)
			}
			fmt.Fprintf(o.Out, "devidp: already running, issuer %s (pid %d)\n", devidpIssuer(o), pid)
			return nil
		}
		if err := os.Remove(f.PID); err != nil {
			return fmt.Errorf("devidp: %v", err)
		}
	}
	if !portFree(o.DevIDPPort) {
		return errPortTaken(o.DevIDPPort, "OpenID Connect provider")
	}
	if err := os.MkdirAll(f.Dir, 0o755); err != nil {
		return fmt.Errorf("devidp: %v", err)
	}
	args := []string{"--addr", addr(o.DevIDPPort)}
	if o.DevIDPRedirectURL != "" {
		args = append(args, "--redirect-url", o.DevIDPRedirectURL)
	}
	pid, err := launch(ctx, server{name: "devidp", dir: f.Dir, out: f.Log, pidFile: f.PID, ready: ready, logs: []string{f.Log}},
		o.DevIDP, args...)
	if err != nil {
		return err
	}
	fmt.Fprintf(o.Out, "devidp: started, issuer %s (pid %d)\n", devidpIssuer(o), pid)
	return nil
}

// downDevIDP stops the provider named by our pid file, if it runs.
func downDevIDP(o Options) error { return downPIDFile(o, "devidp", devidpFilesOf(o).PID) }

// statusDevIDP reports the provider.
func statusDevIDP(o Options) Server {
	s := Server{Name: "devidp", Addr: addr(o.DevIDPPort)}
	if pid := readPID(devidpFilesOf(o).PID); alive(pid, "devidp") {
		s.Running, s.PID = true, pid
		if devidpReady(o) {
			s.Version = "mockoidc"
		}
	}
	return s
}
