package ingest

import (
	"context"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"pricelens/jobs/kinds"
	"pricelens/store"
)

// claim is a running load's hold on its id: the advisory lock on a dedicated
// connection, and what the ledger said when the load started.
type claim struct {
	conn           *pgxpool.Conn
	id             string
	lockKey        int64
	resumed        bool      // an earlier attempt started and did not finish
	firstStartedAt time.Time // default version time of the rows
}

// loadRecord is a finished load as the ledger has it.
type loadRecord struct {
	Status     string
	Loaded     int64
	Rejected   int64
	Read       int64
	FinishedAt *time.Time
	Refreshed  bool
	Accounts   []int64
}

// claimLoad takes the load id for this process: it fails with CodeInProgress when
// another process holds it, and with CodeAlreadyLoaded (and the record) when the file
// was loaded before.
func claimLoad(ctx context.Context, db *pgxpool.Pool, id string, req *Request, format Format, size int64) (*claim, *loadRecord, error) {
	raw, _ := hex.DecodeString(id[:16])
	key := int64(binary.BigEndian.Uint64(raw))
	conn, err := db.Acquire(ctx)
	if err != nil {
		return nil, nil, fmt.Errorf("postgres: %w", err)
	}
	var locked bool
	if err := conn.QueryRow(ctx, "SELECT pg_try_advisory_lock($1)", key).Scan(&locked); err != nil {
		conn.Release()
		return nil, nil, fmt.Errorf("postgres: %w", err)
	}
	if !locked {
		conn.Release()
		return nil, nil, &Error{Code: CodeInProgress, Message: "this file is being loaded right now by another process; wait for it to finish"}
	}
	c := &claim{conn: conn, id: id, lockKey: key}
	var rec loadRecord
	err = conn.QueryRow(ctx, `SELECT status, rows_loaded, rows_rejected, rows_read, finished_at, first_started_at,
		snapshot_refreshed, accounts FROM ingest_loads WHERE id = $1`, id).Scan(&rec.Status, &rec.Loaded, &rec.Rejected,
		&rec.Read, &rec.FinishedAt, &c.firstStartedAt, &rec.Refreshed, &rec.Accounts)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		var account *int64
		if req.Account != 0 {
			a := int64(req.Account)
			account = &a
		}
		err = conn.QueryRow(ctx, `INSERT INTO ingest_loads (id, kind, format, file_name, file_bytes, account_id, status)
			VALUES ($1, $2, $3, $4, $5, $6, 'started') RETURNING first_started_at`,
			id, string(req.Kind), string(format), req.Name, size, account).Scan(&c.firstStartedAt)
		if err != nil {
			c.release()
			return nil, nil, fmt.Errorf("postgres: record the load: %w", err)
		}
		return c, nil, nil
	case err != nil:
		c.release()
		return nil, nil, fmt.Errorf("postgres: %w", err)
	case rec.Status == "done" && !rec.Refreshed:
		// Loaded, but the snapshot rebuild failed: keep the claim so the caller retries it.
		return c, &rec, nil
	case rec.Status == "done":
		c.release()
		when := ""
		if rec.FinishedAt != nil {
			when = " on " + rec.FinishedAt.UTC().Format("2006-01-02 15:04:05 UTC")
		}
		return nil, &rec, &Error{Code: CodeAlreadyLoaded,
			Message: fmt.Sprintf("this file was already loaded%s (%d rows loaded, %d rejected); nothing changed", when, rec.Loaded, rec.Rejected)}
	}
	if _, err := conn.Exec(ctx, `UPDATE ingest_loads SET status = 'started', attempts = attempts + 1,
		started_at = now(), finished_at = NULL, error = '' WHERE id = $1`, id); err != nil {
		c.release()
		return nil, nil, fmt.Errorf("postgres: %w", err)
	}
	c.resumed = true
	return c, nil, nil
}

// markRefreshed records that the report snapshot reflects the load.
func (c *claim) markRefreshed() error {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_, err := c.conn.Exec(ctx, "UPDATE ingest_loads SET snapshot_refreshed = true, error = '' WHERE id = $1", c.id)
	return err
}

// finish records the outcome. It runs even when the load's context is cancelled.
func (c *claim) finish(s *Summary, status string, loadErr error) error {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	msg := ""
	if loadErr != nil {
		msg = loadErr.Error()
	}
	accounts := make([]int64, len(s.Accounts))
	for i, a := range s.Accounts {
		accounts[i] = int64(a)
	}
	tx, err := c.conn.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx) //nolint:errcheck // after Commit it does nothing
	if _, err := tx.Exec(ctx, `UPDATE ingest_loads SET status = $2, rows_read = $3, rows_loaded = $4,
		rows_rejected = $5, accounts = $6, error = $7, snapshot_refreshed = $8, finished_at = now() WHERE id = $1`,
		c.id, status, s.Rows, s.Loaded, s.Rejected, accounts, msg, s.refreshed); err != nil {
		return err
	}
	// Rows written: the trend rollup catches up now, not at its next period (10
	// minutes), so the trends' "data as of" note lasts as long as the refresh (a
	// load of today's scans rebuilds nothing of it: warehouse.ScanLoads). One such
	// job waits at a time.
	if s.Loaded > 0 {
		if err := kinds.InsertTx(ctx, tx, kinds.RefreshTrendRollups{}); err != nil {
			return err
		}
	}
	return tx.Commit(ctx)
}

// release drops the advisory lock and returns the connection.
func (c *claim) release() {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if _, err := c.conn.Exec(ctx, "SELECT pg_advisory_unlock($1)", c.lockKey); err != nil {
		// The lock dies with the session: make sure the session dies.
		_ = c.conn.Conn().Close(ctx)
	}
	c.conn.Release()
}

// known is the account and competitor ledger rows are checked against.
type known struct {
	accounts    map[uint32]struct{}
	competitors map[uint64]struct{} // account<<32 | competitor
}

func (k *known) hasCompetitor(account, competitor uint32) bool {
	_, ok := k.competitors[uint64(account)<<32|uint64(competitor)]
	return ok
}

// loadKnown reads the accounts (only the forced one, when given) and their
// competitors, fresh from the store (store.Catalogs).
func loadKnown(ctx context.Context, db *pgxpool.Pool, account uint32) (*known, error) {
	var ids []int64
	if account != 0 {
		ids = []int64{int64(account)}
	}
	cs, err := store.New(db).Catalogs(ctx, ids...)
	if err != nil {
		return nil, err
	}
	k := &known{accounts: map[uint32]struct{}{}, competitors: map[uint64]struct{}{}}
	for id, c := range cs {
		k.accounts[uint32(id)] = struct{}{}
		for _, cp := range c.Competitors {
			k.competitors[uint64(id)<<32|uint64(uint32(cp.ID))] = struct{}{}
		}
	}
	return k, nil
}
