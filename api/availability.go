package api

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/labstack/echo/v4"

	"pricelens/api/httperr"
	"pricelens/availability"
	"pricelens/warehouse"
)

// requestDeadline bounds every API request's database work (uploads excepted, which
// stream up to 200 MB): a frozen database turns into a 503 after this long instead
// of a request that never ends. It is above the ClickHouse max_execution_time of
// report queries (30 s by default), which stops slow reports first with its own message.
const requestDeadline = 60 * time.Second

// databases probes the two databases the API depends on, each through its guard
// (package availability): a probe that gets no answer marks the database down,
// so the requests that need it answer 503 at once instead of at their deadline.
type databases struct {
	warehouse *warehouse.Warehouse
	postgres  *pgxpool.Pool
	ch, pg    *availability.Guard // nil: not configured
}

// newDatabases guards both databases: every ClickHouse call of the warehouse, and
// every API request but /api/health for PostgreSQL (sign-in and the session of
// every request read it).
func newDatabases(w *warehouse.Warehouse, db *pgxpool.Pool) databases {
	d := databases{warehouse: w, postgres: db}
	if w != nil {
		d.ch = w.NewGuard()
		w.Guard(d.ch)
	}
	if db != nil {
		cfg := db.Config().ConnConfig
		d.pg = availability.New(servicePostgres, func(ctx context.Context) error {
			conn, err := pgx.ConnectConfig(ctx, cfg.Copy()) // not the pool's: busy is not down
			if err != nil {
				return err
			}
			defer conn.Close(context.WithoutCancel(ctx))
			return conn.Ping(ctx)
		})
	}
	return d
}

// guardPostgres runs a request under the PostgreSQL guard: a 503 at once while
// PostgreSQL is known down, and cancelled if it is found frozen meanwhile.
func (d databases) guardPostgres(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if d.pg == nil || c.Request().URL.Path == "/api/health" {
			return next(c)
		}
		ctx, leave, err := d.pg.Enter(c.Request().Context())
		if err != nil {
			return err
		}
		defer leave()
		c.SetRequest(c.Request().WithContext(ctx))
		return d.pg.Err(ctx, next(c))
	}
}

// service names as shown to users in 503 messages and listed by /api/health.
const (
	serviceClickHouse = "ClickHouse"
	servicePostgres   = "PostgreSQL"
)

// probe runs both checks in parallel, each on its guard's own deadline, so one
// database's silence does not eat the other's time.
func (d databases) probe(ctx context.Context) (ch, pg error) {
	var wg sync.WaitGroup
	check := func(g *availability.Guard, out *error) {
		defer wg.Done()
		*out = errNotConfigured
		if g != nil {
			*out = g.Probe(ctx)
		}
	}
	wg.Add(2)
	go check(d.ch, &ch)
	go check(d.pg, &pg)
	wg.Wait()
	return ch, pg
}

// down lists the services that do not answer now.
func (d databases) down(ctx context.Context) []string {
	ch, pg := d.probe(ctx)
	var out []string
	if ch != nil {
		out = append(out, serviceClickHouse)
	}
	if pg != nil {
		out = append(out, servicePostgres)
	}
	return out
}

var errNotConfigured = httperr.Unavailable("not configured")

// unavailable turns an error that no mapper knows into a 503 naming the databases
// that do not answer, or nil when both answer (then it is a real unknown: a 500).
// The probe runs only on this failure path, so healthy requests pay nothing.
func (d databases) unavailable(err error) *httperr.Error {
	var down *availability.DownError
	if errors.As(err, &down) {
		return httperr.Unavailable(down.Error())
	}
	if errors.Is(err, clickhouse.ErrAcquireConnTimeout) {
		// Every connection of the pool stayed in use for the dial timeout: the
		// server is up but busy (many analysts, long reports), not the request's fault.
		return httperr.Unavailable(ErrBusy)
	}
	// On a cluster the node that answers may have lost a whole shard: no answer
	// rather than a partial one (warehouse.DownShard).
	if sd := d.warehouse.DownShard(context.Background(), err); sd != nil {
		if sd.Shard == 0 {
			return httperr.Unavailable(serviceClickHouse + " is not available right now: a shard of the cluster has no replica that answers. Please try again in a few minutes.")
		}
		return httperr.Unavailable(fmt.Sprintf("%s is not available right now: shard %d of the cluster has no replica that answers. Please try again in a few minutes.", serviceClickHouse, sd.Shard))
	}
	switch down := d.down(context.Background()); len(down) {
	case 0:
		if errors.Is(err, context.DeadlineExceeded) {
			return httperr.Unavailable("The databases did not answer in time. Please try again in a few minutes.")
		}
		return nil
	case 1:
		return httperr.Unavailable(down[0] + " is not available right now. Please try again in a few minutes.")
	default:
		return httperr.Unavailable(strings.Join(down, " and ") + " are not available right now. Please try again in a few minutes.")
	}
}

// ErrBusy answers a request that found every ClickHouse connection in use.
const ErrBusy = "Reports are busy right now: every connection to ClickHouse is in use. Please try again in a moment."

// withDeadline sets requestDeadline on the request's context.
func withDeadline(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if strings.HasPrefix(c.Request().URL.Path, "/api/upload/") {
			return next(c)
		}
		ctx, cancel := context.WithTimeout(c.Request().Context(), requestDeadline)
		defer cancel()
		c.SetRequest(c.Request().WithContext(ctx))
		return next(c)
	}
}
