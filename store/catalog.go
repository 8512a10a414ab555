package store

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"sort"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"

	"pricelens/engine"
)

// Catalog is what the app knows of one account from PostgreSQL: its row (settings
// and custom fields), its competitors and its labels. It is read in one place,
// here, by the grid (through Engine), the account screen, ingest validation and
// the snapshot rebuilds.
type Catalog struct {
	Account     Account
	Competitors []Competitor       // by id
	Labels      []Label            // by name, case-insensitively, then id
	Flagged     map[int64][]string // open match flags: competitor id → product ids (matchflags.go)
	settings    []byte             // the raw settings, so every copy gets its own map
}

// Engine is the compiler's view of the account: settings, custom fields,
// competitors and labels (by id). The caller adds the principal's categories, the
// clock and the snapshot's slots and totals, which are per request.
func (c Catalog) Engine() engine.Account {
	a := engine.Account{AccountID: uint32(c.Account.ID), Settings: engine.ParseSettings(c.settings)}
	var cfs []struct {
		LogicalName string `json:"logical_name"`
		DisplayName string `json:"display_name"`
	}
	_ = json.Unmarshal(c.Account.CustomFields, &cfs)
	for _, cf := range cfs {
		a.CustomFields = append(a.CustomFields, engine.CustomField{LogicalName: cf.LogicalName, DisplayName: cf.DisplayName})
	}
	for _, cp := range c.Competitors {
		a.Competitors = append(a.Competitors, engine.Competitor{ID: cp.ID, Name: cp.Name})
	}
	for _, l := range c.Labels {
		a.Labels = append(a.Labels, engine.Label{ID: uint64(l.ID), Name: l.Name, Color: l.Color})
	}
	sort.Slice(a.Labels, func(i, j int) bool { return a.Labels[i].ID < a.Labels[j].ID })
	a.Flagged = c.Flagged
	return a
}

// clone returns a copy that shares nothing mutable with the cached one, so that a
// caller changing its settings map or slices cannot change another request's view.
func (c Catalog) clone() Catalog {
	c.Competitors = slices.Clone(c.Competitors)
	c.Labels = slices.Clone(c.Labels)
	flagged := make(map[int64][]string, len(c.Flagged))
	for k, v := range c.Flagged {
		flagged[k] = slices.Clone(v)
	}
	c.Flagged = flagged
	c.Account.Settings = map[string]any{}
	_ = json.Unmarshal(c.settings, &c.Account.Settings)
	return c
}

// catalogTTL bounds how long a change made by another process (the `pricelens seed`
// CLI, a second server, an operator's SQL) takes to reach this one. Changes made
// through this process's store invalidate the entry at once (forgetCatalog), so
// the TTL is only the safety net for writes the process cannot see; 10 s (the
// grid's own cache had the same) keeps the catalog read off all but one grid
// request in ten seconds, and a second server's label still shows up quickly.
const catalogTTL = 10 * time.Second

// catalogCache holds the catalogs of one database, by account id. gen counts the
// invalidations of an account, so that a read that started before a change does
// not put its stale result back after the change forgot the entry.
type catalogCache struct {
	mu      sync.Mutex
	entries map[int64]cachedCatalog
	gen     map[int64]uint64
}

type cachedCatalog struct {
	c  Catalog
	at time.Time
}

// catalogCaches maps each pool to its cache. The cache belongs to the database, not
// to a Store value: the API builds several stores over one pool (access, grid,
// select-all), and a label created through one must be visible to the next grid
// request through another. Keying by pool keeps test databases apart (a closed
// pool's few entries stay until the process ends).
var catalogCaches sync.Map // *pgxpool.Pool → *catalogCache

func (s *Store) catalogs() *catalogCache {
	if c, ok := catalogCaches.Load(s.DB); ok {
		return c.(*catalogCache)
	}
	c, _ := catalogCaches.LoadOrStore(s.DB, &catalogCache{entries: map[int64]cachedCatalog{}, gen: map[int64]uint64{}})
	return c.(*catalogCache)
}

// Catalog returns an account's catalog, from the cache when it is younger than
// catalogTTL. An account that does not exist is NotFound.
func (s *Store) Catalog(ctx context.Context, accountID int64) (Catalog, error) {
	if accountID <= 0 || accountID > math.MaxUint32 {
		return Catalog{}, NotFound("Account not found") // the warehouse's account ids are UInt32
	}
	cc := s.catalogs()
	cc.mu.Lock()
	e, ok := cc.entries[accountID]
	gen := cc.gen[accountID]
	cc.mu.Unlock()
	now := time.Now()
	if ok && now.Sub(e.at) < catalogTTL {
		return e.c.clone(), nil
	}
	cs, err := s.Catalogs(ctx, accountID)
	if err != nil {
		return Catalog{}, err
	}
	c, ok := cs[accountID]
	if !ok {
		return Catalog{}, NotFound("Account not found")
	}
	cc.mu.Lock()
	if cc.gen[accountID] == gen {
		cc.entries[accountID] = cachedCatalog{c: c, at: now}
	}
	cc.mu.Unlock()
	return c.clone(), nil
}

// forgetCatalog drops an account's cached catalog; every change to an account's
// row, competitors or labels calls it after its transaction commits.
func (s *Store) forgetCatalog(accountID int64) {
	cc := s.catalogs()
	cc.mu.Lock()
	delete(cc.entries, accountID)
	cc.gen[accountID]++
	cc.mu.Unlock()
}

// Catalogs reads the catalogs of the given accounts, or of every account when none
// is given, fresh from the database (never from the cache): ingest validates rows
// and the snapshot rebuild computes totals with them, where a stale competitor
// list would reject good rows for good. Accounts that do not exist are absent.
func (s *Store) Catalogs(ctx context.Context, ids ...int64) (map[int64]Catalog, error) {
	if ids == nil {
		ids = []int64{} // an empty array, not NULL: every account
	}
	rows, err := s.DB.Query(ctx, `SELECT id, name, site_id, settings, custom_fields, field_format, comparison_values
		FROM accounts WHERE cardinality($1::bigint[]) = 0 OR id = ANY($1)`, ids)
	if err != nil {
		return nil, fmt.Errorf("postgres: read accounts: %w", err)
	}
	out := map[int64]Catalog{}
	for rows.Next() {
		var c Catalog
		a := &c.Account
		if err := rows.Scan(&a.ID, &a.Name, &a.SiteID, &c.settings, &a.CustomFields, &a.FieldFormat, &a.ComparisonValues); err != nil {
			rows.Close()
			return nil, err
		}
		out[a.ID] = c
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("postgres: read accounts: %w", err)
	}
	found := make([]int64, 0, len(out))
	for id := range out {
		found = append(found, id)
	}
	rows, err = s.DB.Query(ctx, `SELECT account_id, id, name, checked FROM competitors WHERE account_id = ANY($1) ORDER BY id`, found)
	if err != nil {
		return nil, fmt.Errorf("postgres: read competitors: %w", err)
	}
	var accountID int64
	var cp Competitor
	_, err = pgx.ForEachRow(rows, []any{&accountID, &cp.ID, &cp.Name, &cp.Checked}, func() error {
		c := out[accountID]
		c.Competitors = append(c.Competitors, cp)
		out[accountID] = c
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("postgres: read competitors: %w", err)
	}
	rows, err = s.DB.Query(ctx, `SELECT account_id, id, name, color, sso_user_read_only FROM labels
		WHERE account_id = ANY($1) ORDER BY lower(name), id`, found)
	if err != nil {
		return nil, fmt.Errorf("postgres: read labels: %w", err)
	}
	var l Label
	_, err = pgx.ForEachRow(rows, []any{&accountID, &l.ID, &l.Name, &l.Color, &l.SSOReadOnly}, func() error {
		c := out[accountID]
		c.Labels = append(c.Labels, l)
		out[accountID] = c
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("postgres: read labels: %w", err)
	}
	rows, err = s.DB.Query(ctx, `SELECT account_id, competitor_id, product_id FROM match_flags
		WHERE account_id = ANY($1) AND status = 'open' ORDER BY account_id, competitor_id, product_id`, found)
	if err != nil {
		return nil, fmt.Errorf("postgres: read match flags: %w", err)
	}
	var compID int64
	var productID string
	_, err = pgx.ForEachRow(rows, []any{&accountID, &compID, &productID}, func() error {
		c := out[accountID]
		if c.Flagged == nil {
			c.Flagged = map[int64][]string{}
		}
		c.Flagged[compID] = append(c.Flagged[compID], productID)
		out[accountID] = c
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("postgres: read match flags: %w", err)
	}
	for id, c := range out {
		out[id] = c.clone() // fills Account.Settings
	}
	return out, nil
}
