package report

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A deep block sorted on one number is found in three narrower steps (the page's
// keys, the rows before them, the block among the rows between them): what a
// user sees at any row must be the one-query plan's block exactly, with ties
// among equal keys (my price has about a dozen products per value) broken by
// product id, a filter, both directions, a competitor's price whose missing
// offers sort last (a page reaching them takes the one-query plan), and the end.
func TestDeepBlocksInSteps(t *testing.T) {
	s, f := setup(t)
	ctx := context.Background()
	a := f.Acc1
	steps := &Service{W: s.W, Now: s.Now, deepFrom: 1} // from the second row on, no order cache
	plain := &Service{W: s.W, Now: s.Now}              // one query
	used := 0
	for _, js := range []string{
		`{"sort":[{"colId":"price","sort":"asc"}]}`,
		`{"sort":[{"colId":"price","sort":"desc"}],"visible_columns":["id","price","Price@11","Lower"]}`,
		`{"sort":[{"colId":"Price@12","sort":"desc"}],"filters":{"price":{"filterType":"number","type":"greaterThan","filter":12}}}`,
		`{"sort":[{"colId":"Price@11","sort":"asc"}],"visible_columns":["id","Price@11","price_delta@11"]}`,
	} {
		for start := 1; start < 260; start += 9 {
			c := cond(t, js)
			c.StartRow, c.Limit = start, 10
			want, err := plain.Rows(ctx, a, c)
			require.NoError(t, err)
			got, err := steps.Rows(ctx, a, c)
			require.NoError(t, err)
			require.Equal(t, want, got, "%s from row %d", js, start)
			if _, ok, err := steps.deepRows(ctx, a, c); err == nil && ok {
				used++
			}
		}
	}
	assert.Greater(t, used, 60, "most of those blocks were found in steps")

	// Past the end and a group block: no steps.
	c := cond(t, `{"sort":[{"colId":"price","sort":"asc"}],"startRow":5000,"limit":10}`)
	_, ok, err := steps.deepRows(ctx, a, c)
	require.NoError(t, err)
	assert.False(t, ok, "past the end")
	c = cond(t, `{"group":[{"id":"category"}],"startRow":1,"limit":10}`)
	_, ok, err = steps.deepRows(ctx, a, c)
	require.NoError(t, err)
	assert.False(t, ok, fmt.Sprint("group mode"))
}
