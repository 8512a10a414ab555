package engine

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The image proxy's check, exactly: the address among the account's product
// images, or among one competitor's offer images; nothing else is fetched.
func TestCompileImageKnown(t *testing.T) {
	a := Account{AccountID: 7, Competitors: []Competitor{{ID: 11, Name: "Alpha"}}}
	st, err := CompileImageKnown(a, 0, "https://img.example/p1.jpg")
	require.NoError(t, err)
	assert.Equal(t, "SELECT count() FROM products WHERE account_id = ? AND img_url = ?", st.SQL)
	assert.Equal(t, []any{uint32(7), "https://img.example/p1.jpg"}, st.Args)

	st, err = CompileImageKnown(a, 11, "https://img.alpha/c1.jpg")
	require.NoError(t, err)
	assert.Equal(t, "SELECT count() FROM latest_offers WHERE account_id = ? AND competitor_id = ? AND img_url = ?", st.SQL)
	assert.Equal(t, []any{uint32(7), uint32(11), "https://img.alpha/c1.jpg"}, st.Args)

	for name, tc := range map[string]struct {
		a     Account
		comp  int64
		url   string
		field string
	}{
		"another account's competitor": {a, 99, "https://x/y.jpg", "siteId"},
		"no address":                   {a, 0, "", "i"},
		"an address too long":          {a, 0, "https://x/" + strings.Repeat("a", MaxImageURLLen), "i"},
		"no account":                   {Account{}, 0, "https://x/y.jpg", "account"},
	} {
		_, err := CompileImageKnown(tc.a, tc.comp, tc.url)
		var e *Error
		require.ErrorAs(t, err, &e, name)
		assert.Equal(t, tc.field, e.Field, name)
	}
}
