package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"
	_ "time/tzdata" // the zone database in the binary: hosts without /usr/share/zoneinfo know the zones too

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"pricelens/engine"
)

// Account is an account row with its JSON settings.
type Account struct {
	ID               int64
	Name             string
	SiteID           string
	Settings         map[string]any
	CustomFields     json.RawMessage
	FieldFormat      json.RawMessage
	ComparisonValues json.RawMessage
}

// AccountRef is an account in a user's account list, with the user's role there.
type AccountRef struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
	Role string `json:"role"`
}

// Competitor of an account.
type Competitor struct {
	ID      int64  `json:"id"`
	Name    string `json:"name"`
	Checked bool   `json:"checked"`
}

// Membership is a user's role, categories and block flag in one account.
type Membership struct {
	Role       string
	RoleID     int
	Categories []string
	Blocked    bool
}

// Account returns one account (from its catalog, see Catalog).
func (s *Store) Account(ctx context.Context, id int64) (Account, error) {
	c, err := s.Catalog(ctx, id)
	return c.Account, err
}

// Competitors lists an account's competitors by id (from its catalog).
func (s *Store) Competitors(ctx context.Context, accountID int64) ([]Competitor, error) {
	c, err := s.Catalog(ctx, accountID)
	return c.Competitors, err
}

// UserAccounts lists the accounts a user is assigned to (not blocked there), by name.
func (s *Store) UserAccounts(ctx context.Context, userID int64) ([]AccountRef, error) {
	rows, err := s.DB.Query(ctx, `SELECT a.id, a.name, m.role FROM memberships m JOIN accounts a ON a.id = m.account_id
		WHERE m.user_id = $1 AND NOT m.blocked ORDER BY a.name`, userID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[AccountRef])
}

// Membership returns a user's membership of an account; found is false when the
// user is not assigned to it.
func (s *Store) Membership(ctx context.Context, userID, accountID int64) (m Membership, found bool, err error) {
	err = s.DB.QueryRow(ctx, `SELECT m.role, r.id, m.categories, m.blocked FROM memberships m
		JOIN account_roles r ON r.account_id = m.account_id AND r.name = m.role
		WHERE m.user_id = $1 AND m.account_id = $2`,
		userID, accountID).Scan(&m.Role, &m.RoleID, &m.Categories, &m.Blocked)
	if errors.Is(err, pgx.ErrNoRows) {
		return m, false, nil
	}
	return m, err == nil, err
}

// AreMembers reports whether all ids are users assigned (and not blocked) to the account.
func (s *Store) AreMembers(ctx context.Context, accountID int64, userIDs []int64) (bool, error) {
	if len(userIDs) == 0 {
		return true, nil
	}
	var n int
	err := s.DB.QueryRow(ctx, `SELECT count(DISTINCT user_id) FROM memberships
		WHERE account_id = $1 AND NOT blocked AND user_id = ANY($2)`, accountID, userIDs).Scan(&n)
	return n == len(uniqueIDs(userIDs)), err
}

// AreCompetitors reports whether all ids are competitors of the account.
func (s *Store) AreCompetitors(ctx context.Context, accountID int64, ids []int64) (bool, error) {
	if len(ids) == 0 {
		return true, nil
	}
	var n int
	err := s.DB.QueryRow(ctx, `SELECT count(*) FROM competitors WHERE account_id = $1 AND id = ANY($2)`,
		accountID, uniqueIDs(ids)).Scan(&n)
	return n == len(uniqueIDs(ids)), err
}

func uniqueIDs(ids []int64) []int64 {
	seen := map[int64]bool{}
	var out []int64
	for _, id := range ids {
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}

// MetricSettings reads the metric settings (engine.ParseSettings) of the given
// accounts, or of every account when none is given, for a report snapshot
// rebuild, fresh from the database (Catalogs); a given account without a row gets
// the defaults (the snapshot's totals then stay unused until its settings agree).
func MetricSettings(ctx context.Context, db *pgxpool.Pool, ids ...uint32) (map[uint32]engine.Settings, error) {
	out := make(map[uint32]engine.Settings, len(ids))
	want := make([]int64, len(ids))
	for i, id := range ids {
		out[id] = engine.DefaultSettings()
		want[i] = int64(id)
	}
	cs, err := New(db).Catalogs(ctx, want...)
	if err != nil {
		return nil, err
	}
	for id, c := range cs {
		out[uint32(id)] = c.Engine().Settings
	}
	return out, nil
}

// PutAccount creates the account with this id, or gives it the name, settings and
// custom fields; when it already has them nothing is written, not even an audit
// row, so that re-running a seed changes nothing.
// A "timezone" setting must be an IANA zone name (scheduled reports use it).
func (t *Tx) PutAccount(ctx context.Context, a Actor, id int64, name string, settings, customFields []byte) error {
	var st map[string]any
	if err := json.Unmarshal(settings, &st); err != nil {
		return Invalid("settings", "The account settings must be a JSON object.")
	}
	if tz, ok := st["timezone"]; ok {
		name, _ := tz.(string)
		if err := ValidTimezone(name); err != nil {
			return err
		}
	}
	var inserted bool
	err := t.tx.QueryRow(ctx, `INSERT INTO accounts (id, name, settings, custom_fields) VALUES ($1, $2, $3, $4)
		ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, settings = EXCLUDED.settings, custom_fields = EXCLUDED.custom_fields
		WHERE (accounts.name, accounts.settings, accounts.custom_fields) IS DISTINCT FROM (EXCLUDED.name, EXCLUDED.settings, EXCLUDED.custom_fields)
		RETURNING xmax = 0`, id, name, settings, customFields).Scan(&inserted)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil
	}
	if err != nil {
		return err
	}
	t.changed[id] = true
	if inserted {
		// An explicit id does not advance the identity sequence; move it past the
		// id, so that accounts created later without one do not collide.
		if _, err := t.tx.Exec(ctx, `SELECT setval(pg_get_serial_sequence('accounts', 'id'), (SELECT max(id) FROM accounts))`); err != nil {
			return err
		}
	}
	return audit(ctx, t.tx, Actor{UserID: a.UserID, AccountID: id}, map[bool]string{true: "create", false: "update"}[inserted],
		"account", id, map[string]any{"name": name})
}

// SetCompetitors makes names the account's competitors, all checked, and returns
// their ids in the order of names: others are removed, missing ones created. When
// the list is already so, nothing is written.
func (t *Tx) SetCompetitors(ctx context.Context, a Actor, accountID int64, names []string) ([]int64, error) {
	tag, err := t.tx.Exec(ctx, `DELETE FROM competitors WHERE account_id = $1 AND NOT (name = ANY($2))`, accountID, names)
	if err != nil {
		return nil, err
	}
	var added, rechecked []string
	ids := make([]int64, len(names))
	for i, n := range names {
		var checked bool
		err := t.tx.QueryRow(ctx, `SELECT id, checked FROM competitors WHERE account_id = $1 AND name = $2`, accountID, n).Scan(&ids[i], &checked)
		switch {
		case errors.Is(err, pgx.ErrNoRows):
			err = t.tx.QueryRow(ctx, `INSERT INTO competitors (account_id, name, checked) VALUES ($1, $2, true) RETURNING id`,
				accountID, n).Scan(&ids[i])
			added = append(added, n)
		case err == nil && !checked:
			_, err = t.tx.Exec(ctx, `UPDATE competitors SET checked = true WHERE id = $1`, ids[i])
			rechecked = append(rechecked, n)
		}
		if err != nil {
			return nil, fmt.Errorf("competitor %q: %w", n, err)
		}
	}
	if tag.RowsAffected() == 0 && len(added) == 0 && len(rechecked) == 0 {
		return ids, nil
	}
	t.changed[accountID] = true
	return ids, audit(ctx, t.tx, Actor{UserID: a.UserID, AccountID: accountID}, "set", "competitors", accountID,
		map[string]any{"added": added, "checked": rechecked, "removed": tag.RowsAffected()})
}

// ValidTimezone checks an account's "timezone" setting: an IANA zone name such as
// "Europe/Berlin" (or "UTC").
// "Local" (the server's zone) and "" are refused: they name no place.
func ValidTimezone(name string) error {
	if _, err := time.LoadLocation(name); err != nil || name == "" || strings.EqualFold(name, "local") {
		return Invalid("timezone", fmt.Sprintf("%q is not a time zone: use an IANA name such as Europe/Berlin or UTC.", name))
	}
	return nil
}

// Location is the zone an account's "timezone" setting names; a setting that names
// no zone (it is checked when written, but the zone database can change) is UTC.
func Location(timezone string) *time.Location {
	if ValidTimezone(timezone) != nil {
		return time.UTC
	}
	loc, _ := time.LoadLocation(timezone)
	return loc
}

// SetTimezone sets the account's "timezone" setting (an IANA zone name: scheduled
// reports and price alerts keep its days) and answers the zone as stored.
func (s *Store) SetTimezone(ctx context.Context, a Actor, timezone string) (string, error) {
	if err := ValidTimezone(timezone); err != nil {
		return "", err
	}
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		var before string
		err := tx.QueryRow(ctx, `SELECT coalesce(settings->>'timezone', '') FROM accounts WHERE id = $1 FOR UPDATE`, a.AccountID).Scan(&before)
		if errors.Is(err, pgx.ErrNoRows) {
			return NotFound("Account not found")
		}
		if err != nil || before == timezone {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE accounts SET settings = coalesce(settings, '{}'::jsonb) || jsonb_build_object('timezone', $2::text)
			WHERE id = $1`, a.AccountID, timezone); err != nil {
			return err
		}
		return audit(ctx, tx, a, "update", "account_timezone", a.AccountID, map[string]any{"from": before, "to": timezone})
	})
	if err != nil {
		return "", err
	}
	s.forgetCatalog(a.AccountID)
	return timezone, nil
}
