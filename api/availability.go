package api

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/labstack/echo/v4"

	"pricelens/api/httperr"
	"pricelens/warehouse"
)

// probeTimeout bounds each database's availability probe: a paused server must not
// hold the answer longer than this, and one database's silence must not eat the
// other's time (each probe runs on its own deadline, in parallel).
const probeTimeout = 2 * time.Second

// requestDeadline bounds every API request's database work (uploads excepted, which
// stream up to 200 MB): a frozen database turns into a 503 after this long instead
// of a request that never ends. It is above the ClickHouse max_execution_time of
// report queries (30 s by default), which stops slow reports first with its own message.
const requestDeadline = 60 * time.Second

// databases probes the two databases the API depends on.
type databases struct {
	warehouse *warehouse.Warehouse
	postgres  *pgxpool.Pool
}

// service names as shown to users in 503 messages and listed by /api/health.
const (
	serviceClickHouse = "ClickHouse"
	servicePostgres   = "PostgreSQL"
)

// probe runs both checks in parallel, each with its own deadline.
func (d databases) probe(ctx context.Context) (ch, pg error) {
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		ctx, cancel := context.WithTimeout(ctx, probeTimeout)
		defer cancel()
		ch = errNotConfigured
		if d.warehouse != nil {
			ch = d.warehouse.Conn.Ping(ctx)
		}
	}()
	go func() {
		defer wg.Done()
		ctx, cancel := context.WithTimeout(ctx, probeTimeout)
		defer cancel()
		pg = errNotConfigured
		if d.postgres != nil {
			pg = d.postgres.Ping(ctx)
		}
	}()
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
