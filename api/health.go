package api

import (
	"context"
	"net/http"
	"sync"
	"time"

	"github.com/labstack/echo/v4"

	"pricelens/engine"
)

type healthHandler struct{ d Deps }

// DatabaseHealth is one database's part of the health answer.
type DatabaseHealth struct {
	Up      bool             `json:"up" openapi:"always"`
	Version string           `json:"version,omitempty"`
	Rows    map[string]int64 `json:"rows,omitempty"`
	Error   string           `json:"error,omitempty"`
}

var (
	clickhouseCountedTables = []engine.Table{engine.TableProducts, engine.TableOffers, engine.TableLatestOffers,
		engine.TableProductDaily, engine.TableProductLabels}
	postgresCountedTables = []string{"accounts", "competitors", "users", "memberships", "labels", "label_assignments", "saved_reports"}
)

// get answers 200 with both databases' versions and row counts, or 503 naming the
// database that is down. Each database is checked in parallel on its own deadline,
// so a frozen ClickHouse does not make PostgreSQL look down too.
func (h *healthHandler) get(c echo.Context) error {
	var ch, pg DatabaseHealth
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); ch = h.clickhouse(c.Request().Context()) }()
	go func() { defer wg.Done(); pg = h.postgres(c.Request().Context()) }()
	wg.Wait()
	body := Health{Status: "ok", ClickHouse: ch, Postgres: pg}
	if !ch.Up {
		body.Down = append(body.Down, "clickhouse")
	}
	if !pg.Up {
		body.Down = append(body.Down, "postgres")
	}
	if len(body.Down) > 0 {
		body.Status = "down"
		return c.JSON(http.StatusServiceUnavailable, body)
	}
	return c.JSON(http.StatusOK, body)
}

// Health is the answer of GET /api/health, with 200 or 503 (a Raw route: the
// status depends on the answer).
type Health struct {
	Status     string         `json:"status" openapi:"always"` // ok or down
	Down       []string       `json:"down,omitempty"`          // the databases that are down
	ClickHouse DatabaseHealth `json:"clickhouse" openapi:"always"`
	Postgres   DatabaseHealth `json:"postgres" openapi:"always"`
}

// healthTimeout is each database's deadline for the version and the row counts.
const healthTimeout = 3 * time.Second

func (h *healthHandler) clickhouse(ctx context.Context) DatabaseHealth {
	w := h.d.Warehouse
	if w == nil {
		return DatabaseHealth{Error: "not configured"}
	}
	ctx, cancel := context.WithTimeout(ctx, healthTimeout)
	defer cancel()
	v, err := w.Version(ctx)
	if err != nil {
		return DatabaseHealth{Error: err.Error()}
	}
	out := DatabaseHealth{Up: true, Version: v, Rows: map[string]int64{}}
	for _, t := range clickhouseCountedTables {
		var n uint64
		// Table names come from the fixed list above, never from the request.
		if err := w.Conn.QueryRow(ctx, "SELECT count() FROM "+string(t)).Scan(&n); err != nil {
			return DatabaseHealth{Up: false, Version: v, Error: err.Error()}
		}
		out.Rows[string(t)] = int64(n)
	}
	return out
}

func (h *healthHandler) postgres(ctx context.Context) DatabaseHealth {
	db := h.d.DB
	if db == nil {
		return DatabaseHealth{Error: "not configured"}
	}
	ctx, cancel := context.WithTimeout(ctx, healthTimeout)
	defer cancel()
	var v string
	if err := db.QueryRow(ctx, "SHOW server_version").Scan(&v); err != nil {
		return DatabaseHealth{Error: err.Error()}
	}
	out := DatabaseHealth{Up: true, Version: v, Rows: map[string]int64{}}
	for _, t := range postgresCountedTables {
		var n int64
		if err := db.QueryRow(ctx, "SELECT count(*) FROM "+t).Scan(&n); err != nil {
			return DatabaseHealth{Up: false, Version: v, Error: err.Error()}
		}
		out.Rows[t] = n
	}
	return out
}
