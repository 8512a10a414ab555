package stack

import (
	"bytes"
	"context"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestDevIDPUpStatusDown builds cmd/devidp and runs it as the stack does: Up starts
// it (its discovery document answers), Up again finds it, Status reports it, Down
// stops it. Without the binary, Up starts nothing and says why.
func TestDevIDPUpStatusDown(t *testing.T) {
	var out bytes.Buffer
	dir := t.TempDir()
	bin := filepath.Join(dir, "devidp")
	build := exec.Command("go", "build", "-o", bin, "pricelens/cmd/devidp")
	if b, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build cmd/devidp: %v\n%s", err, b)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	noErr(t, err)
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	o := Options{DataDir: filepath.Join(dir, "data"), Out: &out, DevIDPPort: port,
		DevIDPRedirectURL: "http://127.0.0.1:8080/api/login/sso/callback"}
	noErr(t, upDevIDP(context.Background(), o))
	contains(t, out.String(), "devidp: not built")

	o.DevIDP = bin
	t.Cleanup(func() { downDevIDP(o) })
	noErr(t, upDevIDP(context.Background(), o))
	contains(t, out.String(), "devidp: started, issuer http://"+addr(port)+"/oidc (pid ")
	isTrue(t, devidpReady(o), "discovery document does not answer")
	noErr(t, upDevIDP(context.Background(), o))
	contains(t, out.String(), "devidp: already running")
	s := statusDevIDP(o)
	isTrue(t, s.Running && s.PID > 0 && s.Version != "", "status: %+v", s)

	noErr(t, downDevIDP(o))
	isTrue(t, !alive(s.PID, "devidp"), "devidp still alive after Down")
	_, err = os.Stat(devidpFilesOf(o).PID)
	isTrue(t, os.IsNotExist(err), "pid file left behind: %v", err)
}
