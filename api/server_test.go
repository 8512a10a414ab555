package api_test

import (
	"context"
	"io"
	"log/slog"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pricelens/api"
	"pricelens/deploy/testenv"
)

// newServer is api.New for tests: the route table must be consistent.
func newServer(t *testing.T, d api.Deps) *echo.Echo {
	t.Helper()
	e, err := api.New(d)
	require.NoError(t, err)
	return e
}

// A client that sends its body slowly (or never finishes it) is answered 408 and
// its connection closed once the read timeout passes, instead of holding the
// connection for as long as it likes.
func TestSlowBodyIsCutOffByTheReadTimeout(t *testing.T) {
	db, cfg := testenv.Postgres(t)
	cfg.HTTPReadTimeout = time.Second
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	ln, err := api.Listen("127.0.0.1:0")
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- api.Serve(ctx, newServer(t, api.Deps{Config: cfg, Log: log, DB: db}), ln, cfg, log) }()
	t.Cleanup(func() { cancel(); <-done })

	conn, err := net.Dial("tcp", ln.Addr().String())
	require.NoError(t, err)
	defer conn.Close()
	_, err = io.WriteString(conn, "POST /api/auth HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"email\": \"a")
	require.NoError(t, err)
	// The deadline only keeps a broken server from hanging the test.
	require.NoError(t, conn.SetReadDeadline(time.Now().Add(time.Minute)))
	answer, err := io.ReadAll(conn)
	require.NoError(t, err, "the server closed the connection")
	assert.True(t, strings.HasPrefix(string(answer), "HTTP/1.1 408 "), "%s", answer)
	assert.Contains(t, string(answer), "The request body arrived too slowly.")
}
