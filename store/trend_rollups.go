package store

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
)

// LoadedSince reports whether a load of the account's data (ingest_loads: a load
// still under way into the account, or into no account yet known — a file whose
// rows name their accounts —, or one of the account that finished at or after
// since) may have changed its facts after since: the trend rollup built at since is
// then not read, and trends come from the raw scans until the rollup is rebuilt
// (jobs refresh_trend_rollups). A load under way into another account leaves this
// one's rollup in use.
func (s *Store) LoadedSince(ctx context.Context, accountID int64, since time.Time) (bool, error) {
	var found bool
	err := s.DB.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM ingest_loads WHERE `+loadsSince+`)`, accountID, since).Scan(&found)
	return found, err
}

// loadsSince is LoadedSince's predicate over ingest_loads ($1 the account, $2 since).
const loadsSince = `((status = 'started' AND started_at > now() - interval '1 day' AND (account_id IS NULL OR account_id = $1))
	OR (finished_at >= $2 AND (account_id = $1 OR account_id IS NULL AND $1 = ANY(accounts))))`

// ScanLoadsSince are the ids of the scan loads among those LoadedSince counts: the
// scans they wrote carry them (offers.load_id), so a reader can tell whether they
// touched a product.
func (s *Store) ScanLoadsSince(ctx context.Context, accountID int64, since time.Time) ([]string, error) {
	rows, err := s.DB.Query(ctx, `SELECT id FROM ingest_loads WHERE kind = 'scans' AND `+loadsSince+` ORDER BY id`, accountID, since)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[string])
}
