package demo

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"math/big"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"golang.org/x/crypto/bcrypt"
)

// Demo users. All three share one password; only the administrator is a member of
// both accounts, the viewer is limited to two super categories (access tests use it).
const (
	AdminEmail   = "admin@pricelens.local"
	AnalystEmail = "analyst@pricelens.local"
	ViewerEmail  = "viewer@pricelens.local"
)

// appState is what the facts loader needs from PostgreSQL: identity-assigned ids.
type appState struct {
	competitorIDs map[uint32][]uint32 // account → competitor ids in catalogue order
	labelIDs      map[uint32][]uint64 // account → label ids in catalogue order
	adminID       int64
	usersCreated  []string
	password      string // set only when it was generated here (printed once)
}

func accountExists(ctx context.Context, db *pgxpool.Pool, id uint32) (bool, error) {
	var ok bool
	err := db.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM accounts WHERE id = $1)`, int64(id)).Scan(&ok)
	return ok, err
}

// accountSettings are the keys of api/CONTRACT.md with the demo's values.
func accountSettings(p accountPlan) ([]byte, []byte, error) {
	settings := map[string]any{
		"pairity_price_guideline":      0,
		"upper_guidline_range":         2,
		"lower_guidline_range":         2,
		"distribution_weights_cf_list": "revenue_30d,units_30d,page_views_30d",
		"display_when_seen_in_reports": true,
		"currency_symbol":              p.Symbol,
		"offer_staleness_days":         30,
		"role_types": []map[string]any{
			{"id": 1, "name": "admin"}, {"id": 2, "name": "analyst"}, {"id": 3, "name": "viewer"},
		},
	}
	custom := []map[string]string{
		{"logical_name": "revenue_30d", "display_name": "Revenue (30 days)"},
		{"logical_name": "units_30d", "display_name": "Units (30 days)"},
		{"logical_name": "page_views_30d", "display_name": "Page views (30 days)"},
	}
	s, err := json.Marshal(settings)
	if err != nil {
		return nil, nil, err
	}
	c, err := json.Marshal(custom)
	return s, c, err
}

// prepareAppState writes accounts, competitors, users, memberships and labels in one
// transaction. Rows are upserted by their natural keys so that a re-seed keeps the
// ids (and therefore the ClickHouse checksums) and the users' passwords.
func prepareAppState(ctx context.Context, db *pgxpool.Pool, ps []accountPlan, adminPassword string) (appState, error) {
	st := appState{competitorIDs: map[uint32][]uint32{}, labelIDs: map[uint32][]uint64{}}
	tx, err := db.Begin(ctx)
	if err != nil {
		return st, err
	}
	defer func() { _ = tx.Rollback(ctx) }()

	for _, p := range ps {
		settings, custom, err := accountSettings(p)
		if err != nil {
			return st, err
		}
		if _, err := tx.Exec(ctx, `
			INSERT INTO accounts (id, name, settings, custom_fields) VALUES ($1, $2, $3, $4)
			ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, settings = EXCLUDED.settings,
				custom_fields = EXCLUDED.custom_fields`, int64(p.ID), p.Name, settings, custom); err != nil {
			return st, fmt.Errorf("account %d: %w", p.ID, err)
		}
		names := competitorNames[p.ID][:p.Competitors]
		if _, err := tx.Exec(ctx, `DELETE FROM competitors WHERE account_id = $1 AND NOT (name = ANY($2))`, int64(p.ID), names); err != nil {
			return st, err
		}
		for _, n := range names {
			var id int64
			if err := tx.QueryRow(ctx, `
				INSERT INTO competitors (account_id, name, checked) VALUES ($1, $2, true)
				ON CONFLICT (account_id, name) DO UPDATE SET checked = true
				RETURNING id`, int64(p.ID), n).Scan(&id); err != nil {
				return st, fmt.Errorf("competitor %q: %w", n, err)
			}
			st.competitorIDs[p.ID] = append(st.competitorIDs[p.ID], uint32(id))
		}
	}
	// Explicit ids do not advance the identity sequence; move it past them so that
	// accounts created later through the API do not collide with the demo ones.
	if _, err := tx.Exec(ctx, `SELECT setval(pg_get_serial_sequence('accounts', 'id'), (SELECT max(id) FROM accounts))`); err != nil {
		return st, err
	}

	if err := ensureUsers(ctx, tx, &st, adminPassword); err != nil {
		return st, err
	}
	userIDs := map[string]int64{}
	for _, e := range []string{AdminEmail, AnalystEmail, ViewerEmail} {
		var id int64
		if err := tx.QueryRow(ctx, `SELECT id FROM users WHERE lower(email) = lower($1)`, e).Scan(&id); err != nil {
			return st, err
		}
		userIDs[e] = id
	}
	st.adminID = userIDs[AdminEmail]
	viewerSupers := []string{tree[0].name, tree[2].name}
	type member struct {
		email   string
		account uint32
		role    string
		cats    []string
	}
	members := []member{{AnalystEmail, 1, "analyst", []string{}}, {ViewerEmail, 1, "viewer", viewerSupers}}
	for _, p := range ps {
		members = append(members, member{AdminEmail, p.ID, "admin", []string{}})
	}
	for _, m := range members {
		if _, err := tx.Exec(ctx, `
			INSERT INTO memberships (user_id, account_id, role, categories) VALUES ($1, $2, $3, $4)
			ON CONFLICT (user_id, account_id) DO UPDATE SET role = EXCLUDED.role, categories = EXCLUDED.categories`,
			userIDs[m.email], int64(m.account), m.role, m.cats); err != nil {
			return st, fmt.Errorf("membership %s: %w", m.email, err)
		}
	}

	for _, p := range ps {
		for _, l := range labelDefs[p.ID] {
			var id int64
			if err := tx.QueryRow(ctx, `
				INSERT INTO labels (account_id, name, color, created_by) VALUES ($1, $2, $3, $4)
				ON CONFLICT (account_id, lower(name)) DO UPDATE SET color = EXCLUDED.color
				RETURNING id`, int64(p.ID), l.name, l.color, st.adminID).Scan(&id); err != nil {
				return st, fmt.Errorf("label %q: %w", l.name, err)
			}
			st.labelIDs[p.ID] = append(st.labelIDs[p.ID], uint64(id))
		}
	}
	return st, tx.Commit(ctx)
}

// ensureUsers creates the demo users that do not exist yet. Existing users keep
// their password, so a re-seed never locks anybody out.
func ensureUsers(ctx context.Context, tx pgx.Tx, st *appState, password string) error {
	var hash []byte
	for _, e := range []string{AdminEmail, AnalystEmail, ViewerEmail} {
		var exists bool
		if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM users WHERE lower(email) = lower($1))`, e).Scan(&exists); err != nil {
			return err
		}
		if exists {
			continue
		}
		if hash == nil {
			if password == "" {
				p, err := randomPassword(20)
				if err != nil {
					return err
				}
				password, st.password = p, p
			}
			h, err := bcrypt.GenerateFromPassword([]byte(password), bcrypt.DefaultCost)
			if err != nil {
				return err
			}
			hash = h
		}
		if _, err := tx.Exec(ctx, `INSERT INTO users (email, password_hash) VALUES ($1, $2)`, e, string(hash)); err != nil {
			return fmt.Errorf("user %s: %w", e, err)
		}
		st.usersCreated = append(st.usersCreated, e)
	}
	return nil
}

const passwordAlphabet = "abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789"

func randomPassword(n int) (string, error) {
	b := make([]byte, n)
	max := big.NewInt(int64(len(passwordAlphabet)))
	for i := range b {
		k, err := rand.Int(rand.Reader, max)
		if err != nil {
			return "", err
		}
		b[i] = passwordAlphabet[k.Int64()]
	}
	return string(b), nil
}

// labelAssignment is one (label, product) pair of an account.
type labelAssignment struct {
	labelID   uint64
	productID string
}

// replaceLabelAssignments swaps the account's assignments for the generated ones in
// one transaction.
func replaceLabelAssignments(ctx context.Context, db *pgxpool.Pool, account uint32, adminID int64, as []labelAssignment) error {
	tx, err := db.Begin(ctx)
	if err != nil {
		return err
	}
	defer func() { _ = tx.Rollback(ctx) }()
	if _, err := tx.Exec(ctx, `DELETE FROM label_assignments WHERE account_id = $1`, int64(account)); err != nil {
		return err
	}
	now := time.Now().UTC()
	rows := make([][]any, len(as))
	for i, a := range as {
		rows[i] = []any{int64(account), int64(a.labelID), a.productID, adminID, now}
	}
	if _, err := tx.CopyFrom(ctx, pgx.Identifier{"label_assignments"},
		[]string{"account_id", "label_id", "product_id", "assigned_by", "assigned_at"}, pgx.CopyFromRows(rows)); err != nil {
		return fmt.Errorf("label assignments: %w", err)
	}
	return tx.Commit(ctx)
}
