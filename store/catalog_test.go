package store_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pricelens/deploy/testenv"
	"pricelens/store"
)

func labelNames(c store.Catalog) []string {
	var out []string
	for _, l := range c.Labels {
		out = append(out, l.Name)
	}
	return out
}

// TestCatalogIsPerAccountAndForgottenOnChange: the cached catalog never shows one
// account's competitors or labels to another, a label created or deleted through any
// store on the same database shows in the next read, callers cannot change the
// cached copy, and Catalogs (what ingest validates with) always reads afresh.
func TestCatalogIsPerAccountAndForgottenOnChange(t *testing.T) {
	db, _ := testenv.Postgres(t)
	ctx := context.Background()
	var acme, other int64
	require.NoError(t, db.QueryRow(ctx, `INSERT INTO accounts (name, settings) VALUES ('Acme', '{"currency_symbol": "€"}') RETURNING id`).Scan(&acme))
	require.NoError(t, db.QueryRow(ctx, `INSERT INTO accounts (name) VALUES ('Other') RETURNING id`).Scan(&other))
	for _, q := range []string{
		`INSERT INTO competitors (account_id, name) VALUES ($1, 'Amazon')`,
		`INSERT INTO labels (account_id, name, color) VALUES ($1, 'Promo', 'ff0000')`,
	} {
		_, err := db.Exec(ctx, q, acme)
		require.NoError(t, err)
	}
	_, err := db.Exec(ctx, `INSERT INTO labels (account_id, name, color) VALUES ($1, 'Secret', '00ff00')`, other)
	require.NoError(t, err)

	reader, writer := store.New(db), store.New(db) // as the grid and the label handlers hold theirs
	c, err := reader.Catalog(ctx, acme)
	require.NoError(t, err)
	assert.Equal(t, []string{"Promo"}, labelNames(c))
	require.Len(t, c.Competitors, 1)
	assert.Equal(t, "Amazon", c.Competitors[0].Name)
	assert.Equal(t, "€", c.Engine().Settings.CurrencySymbol)
	o, err := reader.Catalog(ctx, other)
	require.NoError(t, err)
	assert.Equal(t, []string{"Secret"}, labelNames(o))
	assert.Empty(t, o.Competitors)

	c.Labels[0].Name = "changed by a caller"
	c.Account.Settings["currency_symbol"] = "$"
	c, err = reader.Catalog(ctx, acme)
	require.NoError(t, err)
	assert.Equal(t, []string{"Promo"}, labelNames(c), "the cache hands out copies")
	assert.Equal(t, "€", c.Account.Settings["currency_symbol"])

	l, _, err := writer.CreateLabel(ctx, store.Actor{AccountID: acme}, "Clearance", "0000ff", false, nil)
	require.NoError(t, err)
	c, err = reader.Catalog(ctx, acme)
	require.NoError(t, err)
	assert.Equal(t, []string{"Clearance", "Promo"}, labelNames(c), "a created label is in the next read")
	o, err = reader.Catalog(ctx, other)
	require.NoError(t, err)
	assert.Equal(t, []string{"Secret"}, labelNames(o), "and only in its own account")
	require.NoError(t, writer.DeleteLabel(ctx, store.Actor{AccountID: acme}, l.ID))
	c, err = reader.Catalog(ctx, acme)
	require.NoError(t, err)
	assert.Equal(t, []string{"Promo"}, labelNames(c), "a deleted label is gone from the next read")

	// A change this process cannot see (another process's SQL) may wait for the TTL
	// in the cached read, never in Catalogs.
	_, err = db.Exec(ctx, `INSERT INTO competitors (account_id, name) VALUES ($1, 'Walmart')`, acme)
	require.NoError(t, err)
	cs, err := reader.Catalogs(ctx, acme)
	require.NoError(t, err)
	assert.Len(t, cs[acme].Competitors, 2)
	all, err := reader.Catalogs(ctx)
	require.NoError(t, err)
	assert.Len(t, all, 2, "no ids: every account")

	_, err = reader.Catalog(ctx, 999999)
	var se *store.Error
	require.ErrorAs(t, err, &se)
	assert.Equal(t, store.KindNotFound, se.Kind)
}
