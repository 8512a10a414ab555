// Package api is the Echo server: middleware (request ids, logs, body limits,
// session, account, authorization), thin handlers by area, and the one place that
// maps errors to statuses.
package api

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"
	"golang.org/x/net/netutil"

	"pricelens/api/reqbody"
	"pricelens/api/widgets"
	"pricelens/deploy/config"
	"pricelens/warehouse"
)

// Deps is what the handlers need; main wires it.
type Deps struct {
	Config    config.Config
	Log       *slog.Logger
	Warehouse *warehouse.Warehouse
	DB        *pgxpool.Pool
}

// New builds the Echo instance with every route of the route table. It fails when
// the table is inconsistent or a handler is registered around it.
func New(d Deps) (*echo.Echo, error) {
	e := echo.New()
	e.HideBanner = true
	e.HidePort = true
	// The binary is served directly (no proxy in front by default): the client
	// address is the peer's, so X-Forwarded-For cannot dodge per-address limits.
	e.IPExtractor = echo.ExtractIPDirect()
	dbs := newDatabases(d.Warehouse, d.DB)
	e.HTTPErrorHandler = httpErrorHandler(d.Log, errorMappers(), dbs)
	e.Use(middleware.RequestID())
	e.Use(requestLog(d.Log))
	e.Pre(widgets.CORS(d.Config.EmbedOrigins))
	e.Use(middleware.RecoverWithConfig(middleware.RecoverConfig{
		LogErrorFunc: func(c echo.Context, err error, stack []byte) error {
			d.Log.Error("panic", "request_id", c.Response().Header().Get(echo.HeaderXRequestID), "err", err, "stack", string(stack))
			return err
		},
	}))
	// JSON bodies are small (2 MB) and checked for text the database cannot store
	// before any handler decodes them; uploads (api/upload) cap their own body at
	// 200 MB and validate their own files.
	isUpload := func(c echo.Context) bool { return strings.HasPrefix(c.Request().URL.Path, "/api/upload/") }
	apiGroup := e.Group("/api", reqbody.Middleware(2<<20, isUpload), uploadReadDeadline(isUpload, d.Config.HTTPUploadReadTimeout), withDeadline, dbs.guardPostgres)
	if err := install(e, apiGroup, d); err != nil {
		return nil, fmt.Errorf("route table: %w", err)
	}
	registerWebapp(e, d.Config.WebappDir, d.Config.AgGridLicenseKey, d.Log)
	return e, nil
}

func requestLog(log *slog.Logger) echo.MiddlewareFunc {
	return middleware.RequestLoggerWithConfig(middleware.RequestLoggerConfig{
		LogStatus: true, LogURIPath: true, LogMethod: true, LogLatency: true, LogRequestID: true, LogError: true,
		HandleError: true,
		LogValuesFunc: func(c echo.Context, v middleware.RequestLoggerValues) error {
			level := slog.LevelInfo
			if v.Status >= 500 {
				level = slog.LevelError
			}
			log.LogAttrs(c.Request().Context(), level, "request",
				slog.String("request_id", v.RequestID), slog.String("method", v.Method),
				slog.String("path", v.URIPath), slog.Int("status", v.Status),
				slog.Duration("latency", v.Latency))
			return nil
		},
	})
}

// uploadReadDeadline gives an upload's body the longer read timeout of uploads
// instead of the server's (see Serve).
func uploadReadDeadline(isUpload func(echo.Context) bool, timeout time.Duration) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			if timeout > 0 && isUpload(c) {
				if err := http.NewResponseController(c.Response()).SetReadDeadline(time.Now().Add(timeout)); err != nil {
					return err
				}
			}
			return next(c)
		}
	}
}

// Listen binds addr; a taken port is one clear line.
func Listen(addr string) (net.Listener, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, errors.New("cannot listen on " + addr + ": " + describeListen(err))
	}
	return ln, nil
}

// Serve serves on ln until ctx is cancelled, then shuts down gracefully, letting
// requests in flight finish (up to 20 s). A slow or stalled client holds a
// connection at most c.HTTPReadTimeout while sending a request (headers within
// 10 s) and c.HTTPIdleTimeout between requests, and at most c.HTTPMaxConnections
// are open at once (more wait in the accept queue). There is no write timeout:
// it would cut off CSV exports that stream for minutes; a client that stops
// reading is caught by the request context when its connection closes.
func Serve(ctx context.Context, e *echo.Echo, ln net.Listener, c config.Config, log *slog.Logger) error {
	srv := &http.Server{Handler: e, ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout: c.HTTPReadTimeout, IdleTimeout: c.HTTPIdleTimeout}
	if c.HTTPMaxConnections > 0 {
		ln = netutil.LimitListener(ln, c.HTTPMaxConnections)
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	log.Info("serving", "addr", "http://"+ln.Addr().String())
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down")
	sctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	return srv.Shutdown(sctx)
}

func describeListen(err error) string {
	if errors.Is(err, syscall.EADDRINUSE) {
		return "the port is already in use by another process"
	}
	var oe *net.OpError
	if errors.As(err, &oe) && oe.Err != nil {
		return oe.Err.Error()
	}
	return err.Error()
}
