package engine

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestCompileKnownProducts(t *testing.T) {
	st, err := CompileKnownProducts(7, []string{"P1", "x' OR 1=1 --"})
	require.NoError(t, err)
	require.Equal(t, "SELECT DISTINCT product_id FROM products WHERE account_id = ? AND product_id IN ?", st.SQL)
	require.Equal(t, uint32(7), st.Args[0])

	many := make([]string, 5000)
	for i := range many {
		many[i] = strings.Repeat("p", 20) + string(rune('a'+i%26))
	}
	st, err = CompileKnownProducts(7, many)
	require.NoError(t, err)
	require.Equal(t, "SELECT DISTINCT product_id FROM products WHERE account_id = ? AND product_id IN (SELECT v FROM _set_1)", st.SQL, "a long list goes as external data")
	require.Len(t, st.Sets[0].Values, 5000)

	_, err = CompileKnownProducts(0, []string{"P1"})
	require.Error(t, err)
}
