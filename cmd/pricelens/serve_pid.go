package main

import (
	"errors"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// The server's pid file lets a second `make run` see that the app is already
// served (and say so instead of failing on the taken port), and lets `make stop`
// (stack down) stop the server that `make run` started.

func servePIDFile(dataDir string) string { return filepath.Join(dataDir, "pricelens-serve.pid") }

// runningServer returns the pid of a live server recorded in the pid file, or 0.
func runningServer(dataDir string) int {
	b, err := os.ReadFile(servePIDFile(dataDir))
	if err != nil {
		return 0
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err != nil || pid <= 0 {
		return 0
	}
	if err := syscall.Kill(pid, 0); err != nil && !errors.Is(err, syscall.EPERM) {
		return 0
	}
	return pid
}

// answersHealth reports whether something at addr answers /api/health like our server.
func answersHealth(addr string) bool {
	client := http.Client{Timeout: 3 * time.Second}
	resp, err := client.Get("http://" + addr + "/api/health")
	if err != nil {
		return false
	}
	resp.Body.Close()
	return resp.StatusCode == http.StatusOK || resp.StatusCode == http.StatusServiceUnavailable
}

func writeServePID(dataDir string) error {
	if err := os.MkdirAll(dataDir, 0o755); err != nil {
		return err
	}
	return os.WriteFile(servePIDFile(dataDir), []byte(strconv.Itoa(os.Getpid())+"\n"), 0o644)
}

// stopServer stops the server recorded in the pid file, waiting for its graceful shutdown.
func stopServer(dataDir string) error {
	pid := runningServer(dataDir)
	if pid == 0 {
		_ = os.Remove(servePIDFile(dataDir))
		return nil
	}
	if err := syscall.Kill(pid, syscall.SIGTERM); err != nil {
		return fmt.Errorf("stop server (pid %d): %v", pid, err)
	}
	for i := 0; i < 250; i++ {
		if syscall.Kill(pid, 0) != nil {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if syscall.Kill(pid, 0) == nil {
		return fmt.Errorf("server (pid %d) did not stop within 25 s", pid)
	}
	_ = os.Remove(servePIDFile(dataDir))
	fmt.Printf("pricelens: server (pid %d) stopped\n", pid)
	return nil
}
