package engine

// Open match flags over the trend rollup (issue 30). A flagged match is no
// comparison (flags.go), but the rollup build keeps every pair: a flag counts on
// the very next request and is taken back as fast, with no build in between. So a
// trend that reads the rollup while a selected competitor has open flags subtracts
// what the flagged pairs put into the rollup rows it reads, computed from the raw
// facts of the flagged products only (flags are few: a read by key of their scans
// and daily metrics over the trend's days):
//
//   - a competitor's row holds sums over its pairs (counts, w, w·x, w·my price, the
//     bucket weights, w·m/x): a flagged pair's share is its own terms, subtracted;
//   - the product-level row (competitor 0) holds, per product, its market (the mean
//     of its prices), which is not a sum over pairs: a product with a flagged pair
//     that day has its line over all its prices subtracted and its line over the
//     unflagged ones added back (none when every price of the day is flagged).
//
// Nothing the rollup holds is a min or max, so every reader of the rollup stays on
// it with flags open. The difference equals the raw-scan path with the flagged
// pairs left out (trend TestTrendsOnS).

// flaggedPairDays is pricedPairDays over the scope's products with a flagged match
// to a selected competitor, every pair of them included (the flagged ones carry
// their prices here), with fl: the row's pair is flagged.
func (tc *trendCompiler) flaggedPairDays(b *builder, rs []dayRange) (string, error) {
	scope := tc.scope
	scope.flaggedOf = tc.k.comps
	a := tc.k.a
	a.Flagged = nil // pairScanDays then keeps the flagged pairs' scans
	pairs, err := pricedPairDays(b, a, tc.k.comps, scope, rs)
	if err != nil {
		return "", err
	}
	return "SELECT *, (" + (exprs{a: tc.k.a}).flaggedPair() + ") AS fl FROM (" + pairs + ")", nil
}

// flaggedPriceLines is the subquery of the flagged pairs' share of the rollup rows
// a price trend reads (rollupPriceLines): rows (d, competitor_id, num, den, sn,
// mpn) of what to subtract, per flagged pair and day with a price its w·x, w, 1
// and w·my price, and per product and such day (competitor 0) its line over all
// its prices less its line over the unflagged ones.
func (tc *trendCompiler) flaggedPriceLines(b *builder, rs []dayRange) (string, error) {
	pairs, err := tc.flaggedPairDays(b, rs)
	if err != nil {
		return "", err
	}
	perProduct := "SELECT d, any(w) AS pw, any(mp) AS pmp, count() AS na, avg(px) AS ma, countIf(NOT fl) AS nk, avgIf(px, NOT fl) AS mk," +
		" groupArrayIf(" + ColCompetitorID + ", fl) AS fc, groupArrayIf(w * px, fl) AS fnum, groupArrayIf(w, fl) AS fden, groupArrayIf(toInt64(1), fl) AS fn, groupArrayIf(w * mp, fl) AS fmpn" +
		" FROM (" + pairs + ") GROUP BY d, " + ColProductID + " HAVING nk < na"
	// Competitor 0 first, then the product's flagged pairs.
	shares := "SELECT d, arrayPushFront(fc, toUInt32(0)) AS cs, arrayPushFront(fnum, pw * ma - if(nk > 0, pw * mk, 0.)) AS anum, arrayPushFront(fden, if(nk > 0, 0., pw)) AS aden," +
		" arrayPushFront(fn, toInt64(nk = 0)) AS an, arrayPushFront(fmpn, if(nk > 0, 0., pw * pmp)) AS ampn FROM (" + perProduct + ")"
	return "SELECT d, c AS " + ColCompetitorID + ", cnum AS num, cden AS den, cn AS sn, cmpn AS mpn FROM (" + shares + ")" +
		" ARRAY JOIN cs AS c, anum AS cnum, aden AS cden, an AS cn, ampn AS cmpn", nil
}

// flaggedCompetitiveness is the subquery of the flagged pairs' share of the rollup
// rows competitiveness metrics read (rollupCompetitiveness): per day and group
// (d, g, num, den, sn), the chosen value's weighted sum, the weights and the count
// of the comparable flagged pairs, as the raw path computes them (competitiveness).
func (tc *trendCompiler) flaggedCompetitiveness(b *builder, rs []dayRange) (string, error) {
	pairs, err := tc.flaggedPairDays(b, rs)
	if err != nil {
		return "", err
	}
	hit, ok := tc.competitivenessHit()
	return "SELECT d, g, sumIf(w * " + hit + ", " + ok + ") AS num, sumIf(w, " + ok + ") AS den, toInt64(countIf(" + ok + ")) AS sn FROM (" + pairs + ") WHERE fl GROUP BY d, g", nil
}
