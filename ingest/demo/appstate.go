package demo

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"math/big"

	"github.com/jackc/pgx/v5/pgxpool"
	"golang.org/x/crypto/bcrypt"

	"pricelens/store"
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
	usersCreated  []string
	password      string // set only when it was generated here (printed once)
}

func accountExists(ctx context.Context, db *pgxpool.Pool, id uint32) (bool, error) {
	cs, err := store.New(db).Catalogs(ctx, int64(id))
	return len(cs) > 0, err
}

// accountSettings are the keys of docs/api-contract.md with the demo's values.
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

// system is who the seeder's changes are audited as: no user.
func system(account uint32) store.Actor { return store.Actor{AccountID: int64(account)} }

// prepareAppState writes accounts, competitors, users, memberships and labels
// through the store (each change with its audit row) in one transaction. Rows are
// kept by their natural keys so that a re-seed keeps the ids (and therefore the
// ClickHouse checksums) and the users' passwords, and writes nothing when nothing
// changed.
func prepareAppState(ctx context.Context, db *pgxpool.Pool, ps []accountPlan, adminPassword string) (appState, error) {
	st := appState{competitorIDs: map[uint32][]uint32{}, labelIDs: map[uint32][]uint64{}}
	err := store.New(db).InTx(ctx, func(tx *store.Tx) error {
		for _, p := range ps {
			settings, custom, err := accountSettings(p)
			if err != nil {
				return err
			}
			if err := tx.PutAccount(ctx, system(p.ID), int64(p.ID), p.Name, settings, custom); err != nil {
				return fmt.Errorf("account %d: %w", p.ID, err)
			}
			ids, err := tx.SetCompetitors(ctx, system(p.ID), int64(p.ID), competitorNames[p.ID][:p.Competitors])
			if err != nil {
				return err
			}
			for _, id := range ids {
				st.competitorIDs[p.ID] = append(st.competitorIDs[p.ID], uint32(id))
			}
		}

		userIDs, err := ensureUsers(ctx, tx, &st, adminPassword)
		if err != nil {
			return err
		}
		viewerSupers := []string{tree[0].name, tree[2].name}
		type member struct {
			email   string
			account uint32
			role    string
			cats    []string
		}
		members := []member{{AnalystEmail, 1, "analyst", nil}, {ViewerEmail, 1, "viewer", viewerSupers}}
		for _, p := range ps {
			members = append(members, member{AdminEmail, p.ID, "admin", nil})
		}
		for _, m := range members {
			if err := tx.SetMembership(ctx, system(m.account), userIDs[m.email], int64(m.account), m.role, m.cats); err != nil {
				return fmt.Errorf("membership %s: %w", m.email, err)
			}
		}

		for _, p := range ps {
			for _, l := range labelDefs[p.ID] {
				lb, err := tx.PutLabel(ctx, system(p.ID), l.name, l.color)
				if err != nil {
					return fmt.Errorf("label %q: %w", l.name, err)
				}
				st.labelIDs[p.ID] = append(st.labelIDs[p.ID], uint64(lb.ID))
			}
		}
		return nil
	})
	return st, err
}

// ensureUsers creates the demo users that do not exist yet and returns every demo
// user's id by e-mail. Existing users keep their password, so a re-seed never
// locks anybody out.
func ensureUsers(ctx context.Context, tx *store.Tx, st *appState, password string) (map[string]int64, error) {
	ids := map[string]int64{}
	var hash []byte
	for _, e := range []string{AdminEmail, AnalystEmail, ViewerEmail} {
		id, exists, err := tx.UserID(ctx, e)
		if err != nil {
			return nil, err
		}
		if !exists {
			if hash == nil {
				if password == "" {
					p, err := randomPassword(20)
					if err != nil {
						return nil, err
					}
					password, st.password = p, p
				}
				if hash, err = bcrypt.GenerateFromPassword([]byte(password), bcrypt.DefaultCost); err != nil {
					return nil, err
				}
			}
			if id, err = tx.CreateUser(ctx, system(0), e, string(hash)); err != nil {
				return nil, fmt.Errorf("user %s: %w", e, err)
			}
			st.usersCreated = append(st.usersCreated, e)
		}
		ids[e] = id
	}
	return ids, nil
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

// replaceLabelAssignments swaps the account's assignments for the generated ones
// through the store, in one transaction.
func replaceLabelAssignments(ctx context.Context, db *pgxpool.Pool, account uint32, as []store.LabelAssignment) error {
	return store.New(db).InTx(ctx, func(tx *store.Tx) error { return tx.ReplaceLabelAssignments(ctx, system(account), as) })
}
