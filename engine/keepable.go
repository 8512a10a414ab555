package engine

import (
	"regexp"
	"strings"
)

// Keepable reports a statement compiled for a whose answer stays the same while
// the account's snapshot and its label mirror do (the report service's order cache keys
// answers by their versions). It is not when the statement compares times with
// the clock (the staleness cutoff or the last day, which the compiler writes as
// numbers of a.Now: filters and sorts on buckets and deltas) or reads a table a
// load or a run changes without a new snapshot build (price-change events, offers,
// pricer results).
func Keepable(a Account, st Statement) bool {
	for _, t := range []int64{staleCutoff(a.Settings, a.Now), a.Now.Unix() - 86400} {
		if strings.Contains(st.SQL, "toDateTime("+IntLit(t)+")") {
			return false
		}
	}
	return !changingTables.MatchString(st.SQL)
}

// changingTables reads the tables outside the snapshot and the label mirror:
// the word after FROM or JOIN ("offers" is not "latest_offers", and the column
// alias `products` is no table).
var changingTables = regexp.MustCompile(`\b(FROM|JOIN)\s+(` + strings.Join([]string{
	string(TableProducts), string(TableOffers), string(TableLatestOffers), string(TableOfferDaily),
	string(TableProductDaily), string(TablePricerResults), string(TablePriceChanges),
	string(TableTrendRollup), string(TableTrendRollupDeltas), string(TableTrendRuns),
}, "|") + `)\b`)
