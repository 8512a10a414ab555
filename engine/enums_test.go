package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// Each closed vocabulary accepts its constants and nothing else (no case folding
// where the wire format has none, no SQL riding along).
func TestEnumsAreClosed(t *testing.T) {
	hostile := []string{"", " asc", "ASC", "asc, (SELECT 1)--", "desc NULLS FIRST", "contains') OR 1=1 --", "1"}
	valid := map[string][]bool{}
	for _, s := range hostile {
		valid[s] = []bool{SortDir(s).Valid(), TextOp(s).Valid(), NumberOp(s).Valid(), DateOp(s).Valid(), JoinOp(s).Valid(), Aggregate(s).Valid()}
	}
	for s, v := range valid {
		assert.Equal(t, []bool{false, false, false, false, false, false}, v, "%q", s)
	}
	for _, d := range []SortDir{SortAsc, SortDesc} {
		assert.True(t, d.Valid())
	}
	assert.Equal(t, "ASC", SortAsc.sql())
	assert.Equal(t, "DESC", SortDesc.sql())
	for _, o := range []TextOp{TextContains, TextNotContains, TextEquals, TextNotEqual, TextStartsWith, TextEndsWith, TextBlank, TextNotBlank, TextEmpty} {
		assert.True(t, o.Valid(), o)
	}
	for _, o := range []NumberOp{NumberEquals, NumberNotEqual, NumberLessThan, NumberLessThanOrEqual, NumberGreaterThan, NumberGreaterThanOrEqual, NumberInRange, NumberBlank, NumberNotBlank, NumberEmpty} {
		assert.True(t, o.Valid(), o)
	}
	for _, o := range []DateOp{DateEquals, DateNotEqual, DateLessThan, DateGreaterThan, DateInRange, DateBlank, DateNotBlank} {
		assert.True(t, o.Valid(), o)
	}
	assert.False(t, DateOp("lessThanOrEqual").Valid(), "the date filter has no lessThanOrEqual")
	for _, a := range []Aggregate{AggCount, AggCountIf, AggSum, AggSumIf} {
		assert.True(t, a.Valid(), a)
	}
}

func TestParseJoinOpAndWeight(t *testing.T) {
	for in, want := range map[string]JoinOp{"": JoinAnd, "and": JoinAnd, "AND": JoinAnd, "Or": JoinOr} {
		got, ok := ParseJoinOp(in)
		assert.True(t, ok, in)
		assert.Equal(t, want, got, in)
	}
	for _, in := range []string{"XOR", "AND NOT", "OR 1=1"} {
		_, ok := ParseJoinOp(in)
		assert.False(t, ok, in)
	}
	for in, want := range map[string]Weight{"": WeightProduct, "product": WeightProduct, "Product": WeightProduct,
		"revenue_30d": WeightRevenue30d, "units_30d": WeightUnits30d, "page_views_30d": WeightPageViews30d} {
		got, ok := ParseWeight(in)
		assert.True(t, ok, in)
		assert.Equal(t, want, got, in)
	}
	for _, in := range []string{"cost", "Revenue_30d", "revenue_30d) FROM x --", "price"} {
		_, ok := ParseWeight(in)
		assert.False(t, ok, in)
	}
}
