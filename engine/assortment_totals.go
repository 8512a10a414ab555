package engine

import (
	"strings"
	"time"
)

// Assortment totals (migration 00160, docs/reports.md "Assortment totals"): every
// full snapshot build stores, per level (all / brand / category), group and
// competitor, the counts of the aggregated assortment reports over the whole
// account, with no match flag applied. A report with no filter, search or category
// restriction then reads those few rows instead of an ARRAY JOIN of every
// (product, competitor) pair (20M at L: 1.1-1.5 s a block).
//
// Why this is exact: the counts depend on the snapshot's rows (a full build's, so
// no delta), the parity and range settings, the staleness cutoff and the flags.
// The first three are checked (Totals.assortmentExact: same settings, and the clock
// has moved no priced pair's scan across the cutoff since the build); flags are
// applied at read time, as everywhere (flags.go): the counts of the flagged pairs,
// as the unflagged data gives them, are read from the snapshot rows of the flagged
// products only and subtracted. Whatever does not hold compiles today's raw query.

// assortPredicates are the per-pair truths of the assortment counts over the
// columns of one ARRAY JOIN row (pc, px, pt, pd, pf: competitor id, price, scan
// time, delta and "flagged", assortment.go) for settings s and cutoff (a
// toDateTime literal): one definition for the raw query, the build and the flag
// correction.
func assortPredicates(s Settings, cutoff string) (found, lower, similar, higher string) {
	found = "(pc != 0 AND NOT isNaN(px) AND pt >= " + cutoff + " AND NOT pf)"
	cmp := "(" + found + " AND NOT isNaN(pd))"
	dd := "(pd - (" + floatLit(s.Parity) + "))"
	lower = cmp + " AND " + dd + " < " + negLit(s.Lower)
	higher = cmp + " AND " + dd + " > " + floatLit(s.Upper)
	similar = cmp + " AND " + dd + " >= " + negLit(s.Lower) + " AND " + dd + " <= " + floatLit(s.Upper)
	return
}

// assortArrayJoin is the ARRAY JOIN of the snapshot's competitor arrays (c_delta as rd).
const assortArrayJoin = " ARRAY JOIN slot_ids AS sc, comp_ids AS pc, c_price AS px, c_in_stock AS pis, c_on_sale AS pos, c_seen AS pt, c_delta AS rd"

// assortSums are the counts of an ARRAY JOIN row set as Int64 columns (np, nf,
// nis, nos, nlo, nsi, nhi), products first; sign "-" negates them (a correction).
func assortSums(s Settings, cutoff, products, sign string) string {
	found, lo, si, hi := assortPredicates(s, cutoff)
	n := func(cond string) string { return sign + "toInt64(countIf(" + cond + "))" }
	return products + " AS np, " + n(found) + " AS nf, " + n(found+" AND pis = 1") + " AS nis, " + n(found+" AND pos = 1") + " AS nos, " +
		n(lo) + " AS nlo, " + n(si) + " AS nsi, " + n(hi) + " AS nhi"
}

// AssortmentTotalsBuild are the statements that write a full build's assortment
// totals (of account, whose rows of build are in product_snapshot_build) into
// assortment_totals_build, for settings s at the build's time now: the raw
// query's predicates with no flag (pf 0, the raw delta). One statement per group
// column, each grouping the pairs once per (group, competitor) and rolling those
// rows up to its levels: by brand, and 'all' (every product has one brand key), then
// by category. Why not one pass per (brand, category, competitor): at L that is
// 320k groups of 11 aggregates, and the hash table's cache misses made it 4-5x
// slower than the two passes into 8,000 and 800 groups (measured on 18.16, load 7-8:
// 26-60 s against 6-7 s a pass).
func AssortmentTotalsBuild(account uint32, build uint64, s Settings, now time.Time) ([]Statement, error) {
	a := Account{Settings: s, Now: now}.normalize()
	cutoff := "toDateTime(" + IntLit(staleCutoff(a.Settings, now)) + ")"
	priced := "pc != 0 AND NOT isNaN(px)"
	var out []Statement
	for _, pass := range []struct {
		group  GroupLevel
		levels []GroupLevel
	}{{LevelBrand, []GroupLevel{LevelAll, LevelBrand}}, {LevelCategory, []GroupLevel{LevelCategory}}} {
		var levels, keys []string
		for _, l := range pass.levels {
			levels = append(levels, "'"+string(l)+"'")
			keys = append(keys, map[bool]string{true: "'all'", false: "gk"}[l == LevelAll])
		}
		b := &builder{}
		// Arguments bind in the order the SQL names them: the row's account and build, then the pairs' account.
		head := "INSERT INTO " + b.table(TableAssortmentTotalsBuild) + " (account_id, build_id, level, group_key, competitor_id, n_products, n_found, n_in_stock, n_on_sale, " +
			"n_lower, n_similar, n_higher, fresh_min, stale_max) " +
			"SELECT " + b.bind(account) + ", " + b.bind(build) + ", level, group_key, sc, toUInt64(sum(np)), toUInt64(sum(nf)), toUInt64(sum(nis)), toUInt64(sum(nos)), " +
			"toUInt64(sum(nlo)), toUInt64(sum(nsi)), toUInt64(sum(nhi)), min(fmin), max(smax) "
		pairs := "SELECT gk, sc, " + assortSums(a.Settings, cutoff, "count()", "") + ", " +
			"min(if(" + priced + " AND pt >= " + cutoff + ", toUInt32(pt), 4294967295)) AS fmin, " +
			"max(if(" + priced + " AND pt < " + cutoff + ", toUInt32(pt), 0)) AS smax " +
			"FROM (SELECT gk, sc, pc, px, pis, pos, pt, rd AS pd, 0 AS pf FROM (SELECT " + levelKeyExpr(pass.group) + " AS gk, " +
			"slot_ids, comp_ids, c_price, c_in_stock, c_on_sale, c_seen, c_delta FROM " + b.table(TableProductSnapshotBuild) + " WHERE " + ColAccountID + " = " + b.bind(account) + ")" +
			assortArrayJoin + ") GROUP BY gk, sc"
		st, err := b.statement(head + "FROM (" + pairs + ") ARRAY JOIN [" + strings.Join(levels, ", ") + "] AS level, [" + strings.Join(keys, ", ") + "] AS group_key " +
			"GROUP BY level, group_key, sc")
		if err != nil {
			return nil, err
		}
		out = append(out, st)
	}
	return out, nil
}

// assortmentExact reports whether the build's stored assortment totals equal the
// raw counts for settings s and staleness cutoff cut: the build stored them
// (FoundFreshMin 0: a build before migration 00160, or a load's delta build), with
// the same bucket settings, and every priced pair found at build is still found and
// none too old then is found now.
func (t *Totals) assortmentExact(s Settings, cut int64) bool {
	if t == nil || t.Build == 0 || t.FoundFreshMin == 0 || t.Parity != s.Parity || t.Lower != s.Lower || t.Upper != s.Upper {
		return false
	}
	return int64(t.FoundStaleMax) < cut && cut <= int64(t.FoundFreshMin)
}

// assortmentStored reports whether an aggregated assortment report of compiler k
// reads the stored totals: they are exact now (assortmentExact), the snapshot has no
// delta (the build's rows are what the report would read), and the report counts
// every product of the account (no filter, no search, no category restriction).
func (k *compiler) assortmentStored() bool {
	return len(k.c.Filters) == 0 && strings.TrimSpace(k.c.Search) == "" && len(k.a.Categories) == 0 && k.a.SnapshotDelta == 0 &&
		k.a.Totals.assortmentExact(k.a.Settings, staleCutoff(k.a.Settings, k.a.Now))
}

// assortmentStoredSource is the FROM of the stored path: the build's rows of the
// report's level for the selected competitors (lits), and, when some of them have
// flagged matches, minus what those pairs count in the raw data (read from the
// flagged products' snapshot rows only, flags.go): the rows the raw query groups,
// as Int64 counts (assortSums).
func (k *compiler) assortmentStoredSource(b *builder, kind AssortmentKind, lits []string) string {
	level, key := LevelAll, "'all'"
	if l := kind.level(); l != "" {
		level, key = l, levelKeyExpr(l)
	}
	in := " IN (" + strings.Join(lits, ", ") + ")"
	src := "SELECT group_key AS gk, competitor_id AS sc, toInt64(n_products) AS np, toInt64(n_found) AS nf, toInt64(n_in_stock) AS nis, " +
		"toInt64(n_on_sale) AS nos, toInt64(n_lower) AS nlo, toInt64(n_similar) AS nsi, toInt64(n_higher) AS nhi FROM " + b.table(TableAssortmentTotals) +
		" WHERE " + ColAccountID + " = " + b.bind(k.a.AccountID) + " AND build_id = " + b.bind(k.a.Totals.Build) + " AND level = '" + string(level) + "' AND competitor_id" + in
	var products, pairs []string
	for _, c := range k.a.flaggedComps() {
		for _, cp := range k.comps {
			if cp.ID == c {
				f := k.e.isFlagged(c)
				products = append(products, f)
				pairs = append(pairs, "(pc = "+IntLit(c)+" AND "+f+")")
			}
		}
	}
	if len(pairs) == 0 {
		return src
	}
	// A pair is flagged in the raw query when its raw delta is a number (pf of compileAssortment).
	return src + " UNION ALL SELECT gk, sc, " + assortSums(k.a.Settings, k.e.cutoff, "toInt64(0)", "-") +
		" FROM (SELECT gk, sc, pc, px, pis, pos, pt, rd AS pd, 0 AS pf FROM (SELECT " + key + " AS gk, " + ColProductID + ", slot_ids, comp_ids, c_price, c_in_stock, c_on_sale, c_seen, c_delta FROM " +
		b.snapshotTable(k.a) + " WHERE " + tenancy(k.a, b) + " AND (" + strings.Join(products, " OR ") + "))" + assortArrayJoin +
		" WHERE sc" + in + " AND (" + strings.Join(pairs, " OR ") + ") AND NOT isNaN(rd)) GROUP BY gk, sc"
}
