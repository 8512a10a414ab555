package engine

import (
	"math"
	"strings"
	"time"
)

// Real-time state (migration 00170, docs/reports.md "Real-time state"): every full
// snapshot build stores its (product, competitor) pairs keyed by competitor and
// newest scan first (realtime_pairs), and per competitor and 10 minutes of scan
// times how many pairs and the latest scan (realtime_buckets). The real-time
// view's page of pairs, its count and the scan summary then read those instead
// of an ARRAY JOIN of every pair of the account (20M at L: 450-550 ms a page).
//
// Why a time bound: 18.16 has no optimize_read_in_order, so "ORDER BY rk LIMIT n"
// reads every pair in the key range. The page first finds, from the few bucket
// rows, the newest bucket by which the chosen competitors have offset+101 pairs,
// and reads only the pairs scanned since its start (at L: one bucket of ~36k
// pairs for all competitors instead of 20M).
//
// Why this is exact: the page, the count and the summary read only the
// snapshot's competitor ids and scan times, which a full build's rows fix; flags
// change neither (the block's second step reads the snapshot rows, where flags
// apply). So the stored rows equal the raw read while the snapshot shows that
// build alone (no delta: a load's delta shows its new scans at once through the
// raw read, the freshness rule), over every product of the account (no category
// restriction), and for competitors the build knew. Whatever does not hold
// compiles today's raw query.

// RealTimeBucket is the width of a realtime_buckets bucket, in seconds. The build
// and the reads must agree on it: a change needs a migration that empties the
// stored state (readers then fall back until the next build).
const RealTimeBucket = 600

// rkTop is the rk of scan time 0: rk = rkTop - scan time, newest first.
const rkTop = math.MaxUint32

// RealTimeStateBuild are the statements that write a full build's real-time state
// (of account, whose rows of build are in product_snapshot_build): its pairs, then
// its buckets from those pairs. A slot with no competitor (competitor id 0) is no
// pair.
func RealTimeStateBuild(account uint32, build uint64) ([]Statement, error) {
	b := &builder{}
	pairs, err := b.statement("INSERT INTO " + b.table(TableRealTimePairs) + " (account_id, build_id, competitor_id, rk, product_id) SELECT " + b.bind(account) + ", " + b.bind(build) +
		", pc, " + uintLit(rkTop) + " - toUInt32(pt), " + ColProductID + " FROM (SELECT " + ColProductID + ", comp_ids, c_seen FROM " + b.table(TableProductSnapshotBuild) +
		" WHERE " + ColAccountID + " = " + b.bind(account) + ") ARRAY JOIN comp_ids AS pc, c_seen AS pt WHERE pc != 0")
	if err != nil {
		return nil, err
	}
	b = &builder{}
	seen := "(" + uintLit(rkTop) + " - rk)"
	buckets, err := b.statement("INSERT INTO " + b.table(TableRealTimeBuckets) + " (account_id, build_id, competitor_id, bucket, pairs, last_scan) SELECT " + b.bind(account) + ", " + b.bind(build) +
		", " + ColCompetitorID + ", toUInt32(intDiv(" + seen + ", " + IntLit(RealTimeBucket) + ") * " + IntLit(RealTimeBucket) + ") AS bk, count(), toUInt32(max(" + seen + ")) FROM " +
		b.table(TableRealTimePairs) + " WHERE " + ColAccountID + " = " + b.bind(account) + " AND build_id = " + b.bind(build) + " GROUP BY " + ColCompetitorID + ", bk")
	if err != nil {
		return nil, err
	}
	return []Statement{pairs, buckets}, nil
}

// realTimeFallback is why the real-time reads of compiler k cannot use the
// stored state ("" when they can): the reasons name the fallbacks the exact-SQL
// tests pin.
func (k *compiler) realTimeFallback() string {
	switch t := k.a.Totals; {
	case t == nil || !t.RealTime || t.Build == 0:
		return "the build stored no real-time state"
	case k.a.SnapshotDelta != 0:
		return "a load's delta"
	case len(k.a.Categories) > 0:
		return "a category restriction"
	case len(k.comps) == 0:
		return "no competitors" // the raw read then takes the slot of id 0 (pc IN (0))
	}
	return ""
}

// realTimeBuild is the stored rows' predicate of the account's build.
func (k *compiler) realTimeBuild(b *builder) string {
	return ColAccountID + " = " + b.bind(k.a.AccountID) + " AND build_id = " + b.bind(k.a.Totals.Build)
}

// realTimeStoredPage is the stored form of the page step: the pairs of the chosen
// competitors (in) from the newest down to offset+101 of them, bounded first by the
// bucket where their running count reaches offset+101 (arrayFirst gives 0 when it
// never does: no bound), so the read covers that bucket and the ones after it.
func (k *compiler) realTimeStoredPage(b *builder, in string, offset int) (Statement, error) {
	build := k.realTimeBuild(b)
	bound := "(SELECT arrayFirst((b_, n_) -> n_ >= " + b.bind(uint64(offset+RealTimeBlock+1)) + ", bs, arrayCumSum(ns)) FROM (SELECT groupArray(bucket) AS bs, groupArray(n) AS ns FROM " +
		"(SELECT bucket, sum(pairs) AS n FROM " + b.table(TableRealTimeBuckets) + " WHERE " + k.realTimeBuild(b) + " AND " + ColCompetitorID + in + " GROUP BY bucket ORDER BY bucket DESC)))"
	return b.statement("SELECT concat(" + ColProductID + ", '@', toString(" + ColCompetitorID + ")) AS pair, " + ColProductID + " FROM " + b.table(TableRealTimePairs) +
		" WHERE " + build + " AND " + ColCompetitorID + in + " AND rk <= " + uintLit(rkTop) + " - " + bound +
		" ORDER BY rk ASC, " + ColProductID + " ASC, " + ColCompetitorID + " ASC" + limitOffset(RealTimeBlock+1, offset))
}

// realTimeStoredCount is the stored form of the count: the chosen competitors' pairs.
func (k *compiler) realTimeStoredCount(b *builder, in string) (Statement, error) {
	return b.statement("SELECT toUInt64(sum(pairs)) FROM " + b.table(TableRealTimeBuckets) + " WHERE " + k.realTimeBuild(b) + " AND " + ColCompetitorID + in)
}

// realTimeStoredSummary is the stored form of the scan summary: per competitor of
// the build, its latest scan and offers from the buckets, and its scans since day
// (unix seconds): the whole buckets from the first bucket start at or after day,
// plus the pairs of the one bucket day cuts, read from realtime_pairs by rk.
func (k *compiler) realTimeStoredSummary(b *builder, day int64) (Statement, error) {
	cut := (day + RealTimeBucket - 1) / RealTimeBucket * RealTimeBucket // the first bucket start >= day
	sql := "SELECT toInt64(" + ColCompetitorID + ") AS competitor_id, toDateTime(max(ls)) AS last_scan, sum(d) AS scans_last_day, sum(n) AS offers FROM (" +
		"SELECT " + ColCompetitorID + ", last_scan AS ls, if(bucket >= " + b.bind(uint32(cut)) + ", pairs, toUInt64(0)) AS d, pairs AS n FROM " + b.table(TableRealTimeBuckets) +
		" WHERE " + k.realTimeBuild(b) + " UNION ALL " +
		"SELECT " + ColCompetitorID + ", toUInt32(0) AS ls, count() AS d, toUInt64(0) AS n FROM " + b.table(TableRealTimePairs) + " WHERE " + k.realTimeBuild(b) +
		" AND rk <= " + b.bind(uint32(rkTop-uint64(day))) + " AND rk > " + b.bind(uint32(rkTop-uint64(cut))) + " GROUP BY " + ColCompetitorID +
		") GROUP BY " + ColCompetitorID + " ORDER BY " + ColCompetitorID
	return b.statement(sql)
}

// realTimeIn is the " IN (...)" of the chosen competitors' ids (literals: ids of the account's catalog).
func realTimeIn(lits []string) string { return " IN (" + strings.Join(lits, ", ") + ")" }

// realTimeDay is the start of the scan summary's "last day" at time now.
func realTimeDay(now time.Time) int64 { return now.Unix() - 86400 }
