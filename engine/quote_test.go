package engine

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestQuoteIdent(t *testing.T) {
	cases := []struct {
		name, want string
		ok         bool
	}{
		{"name", "`name`", true},
		{"_x1", "`_x1`", true},
		{"Price@3", "`Price@3`", true},
		{"products_compared@12345", "`products_compared@12345`", true},
		{"", "", false},
		{"1abc", "", false},
		{"a`b", "", false},
		{"name` DESC, (SELECT 1)--", "", false},
		{"a b", "", false},
		{"a.b", "", false},
		{"Price@", "", false},
		{"Price@3@4", "", false},
		{"Price@-3", "", false},
		{"@3", "", false},
		{"naïve", "", false},
		{"a\x00", "", false},
		{"a\n", "", false},
	}
	for _, tc := range cases {
		got, err := quoteIdent(tc.name)
		if tc.ok {
			require.NoError(t, err, tc.name)
			assert.Equal(t, tc.want, got)
		} else {
			assert.Error(t, err, tc.name)
			assert.Empty(t, got, tc.name)
		}
	}
}

func TestIntLit(t *testing.T) {
	for in, want := range map[int64]string{0: "0", 7: "7", -3: "-3", 4294967295: "4294967295", math.MaxInt64: "9223372036854775807"} {
		assert.Equal(t, want, IntLit(in))
	}
}

func TestFloatLit(t *testing.T) {
	for _, tc := range []struct {
		in   float64
		want string
	}{{0, "0"}, {2, "2"}, {-2.5, "-2.5"}, {0.1, "0.1"}, {1e21, "1e+21"}, {-1e-7, "-1e-07"}} {
		assert.Equal(t, tc.want, floatLit(tc.in))
	}
	for _, f := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		assert.Panics(t, func() { floatLit(f) }, "%v", f)
	}
}

func TestTableIsOneOfTheSchemas(t *testing.T) {
	for _, tb := range []Table{TableProducts, TableOffers, TableLatestOffers, TableOfferDaily, TableProductDaily,
		TableProductLabels, TableProductSnapshot, TableProductSnapshotBuild, TableSnapshotBuilds} {
		got, err := table(tb)
		require.NoError(t, err)
		assert.Equal(t, string(tb), got)
	}
	for _, tb := range []Table{"", "users", "system.users", "product_snapshot WHERE 1", "`product_snapshot`"} {
		_, err := table(tb)
		assert.Error(t, err, tb)
	}
}

// The assembler refuses a statement that printed a name from outside the catalog
// and the schema, even when the piece was built in Go, not by a request.
func TestStatementRefusesUnknownNames(t *testing.T) {
	b := &builder{}
	_, err := b.statement("SELECT 1 AS " + b.ident("ok") + " FROM " + b.table(TableProductSnapshot))
	require.NoError(t, err)

	b = &builder{}
	_, err = b.statement("SELECT 1 FROM " + b.table(Table("users")))
	assert.ErrorContains(t, err, "users")

	b = &builder{}
	_, err = b.statement("SELECT 1 AS " + b.ident("x` FROM system.users --") + ", 2 AS " + b.ident("ok"))
	assert.ErrorContains(t, err, "identifier")

	// A catalog column with a bad id (an engine bug) stops a row plan.
	k, err := newCompiler(testAccount(), Condition{})
	require.NoError(t, err)
	k.cat = newCatalog(append(k.cat.cols, Column{ID: "evil`", Kind: KindText, Expr: "name"}))
	_, err = k.rows()
	assert.ErrorContains(t, err, "identifier")
}
