package engine

import (
	"encoding/binary"
	"encoding/hex"
	"math"
	"strconv"
)

// A deep block (startRow 500,000) under a condition whose order is not kept sorted
// the account's rows on (sort key, product_id) with LIMIT n+1 OFFSET s: a sort
// that keeps half a million rows and carries every row's product id (1M strings
// at L) to find 101 of them. When the sort is one number, the page is found in
// steps that each read the key and the filters' columns once and sort nothing
// big (the report service runs them for blocks from its deepFrom on):
//
//  1. how many rows have a number as key (CompileDeepCount): the grid's order puts
//     NULL and NaN keys last, after them;
//  2. the page's first and last keys (CompileDeepKeys): two exact quantiles
//     (quantilesExact, a selection over the keys in memory, not a sort) at the
//     page's first and last positions;
//  3. how many rows come strictly before the first key (CompileDeepBefore);
//  4. the block itself (CompileDeepRows): the usual two phases, whose inner query
//     keeps only the rows whose keys lie between the two bounds (a stretch of the
//     grid's order: the page and the ties of its end keys) and takes them at
//     OFFSET s - before, sorted as always (key, then product_id).
//
// The answer is the one-query plan's exactly: the keys at the page's positions do
// not depend on how ties are broken, and the rows between the bounds are one
// stretch of the grid's order starting after the `before` rows. The bounds
// travel as the 8 bytes of the Float64 (hex), never as decimal text, so no digit
// is lost (18.16 does not even parse every Float64 literal); the steps compare
// toFloat64(key), which orders rows as the key does (monotonic: keys that would
// collide as Float64 fall in the same stretch). A page that reaches the NULL or
// NaN keys uses the one-query plan.

// CompileDeepCount compiles step 1 for c, a block of table rows: how many of its
// rows have a number as sort key. ok is false when the steps do not apply: a
// group or per-competitor block, a sort on anything but one number, or a cluster
// (its page subquery is GLOBAL). Which blocks are deep enough to gain is the
// service's choice.
func CompileDeepCount(a Account, c Condition) (st Statement, ok bool, err error) {
	k, key, ok, err := deepCompiler(a, c)
	if !ok || err != nil {
		return Statement{}, false, err
	}
	b := k.builder()
	w, err := k.rowsWhere(b)
	if err != nil {
		return Statement{}, false, err
	}
	st, err = b.statement("SELECT count() FROM " + b.snapshotTable(k.a) + " WHERE " + w + " AND " + deepNumber(key))
	return st, err == nil, err
}

// CompileDeepKeys compiles step 2: the sort keys (as Float64) at the block's
// first and last rows, of n rows with a number as key (CompileDeepCount), in one
// array. The block must end before those rows do.
func CompileDeepKeys(a Account, c Condition, n uint64) (Statement, error) {
	k, key, ok, err := deepCompiler(a, c)
	if err != nil || !ok {
		return Statement{}, deepRefused(err)
	}
	last := uint64(k.c.StartRow + k.c.Limit) // the row after the block, fetched to know whether the block ends
	if last >= n {
		return Statement{}, bad("startRow", "the block reaches past the rows with a number as key (%d)", n)
	}
	b := k.builder()
	w, err := k.rowsWhere(b)
	if err != nil {
		return Statement{}, err
	}
	// quantileExact(level) takes the element at index floor(level * count) of the
	// ascending keys: level (i + 0.5) / n is index i, with half an element to spare
	// for rounding. A descending order counts from the end.
	level := func(pos uint64) string {
		i := pos
		if key.dir == "DESC" {
			i = n - 1 - pos
		}
		return strconv.FormatFloat((float64(i)+0.5)/float64(n), 'f', -1, 64)
	}
	return b.statement("SELECT quantilesExact(" + level(uint64(k.c.StartRow)) + ", " + level(last) + ")(assumeNotNull(" + deepKey(key) + ")) FROM " +
		b.snapshotTable(k.a) + " WHERE " + w + " AND " + deepNumber(key))
}

// CompileDeepBefore compiles step 3: the count of c's rows whose key comes
// strictly before first (the block's first key, from CompileDeepKeys).
func CompileDeepBefore(a Account, c Condition, first float64) (Statement, error) {
	k, key, ok, err := deepCompiler(a, c)
	if err != nil || !ok {
		return Statement{}, deepRefused(err)
	}
	b := k.builder()
	w, err := k.rowsWhere(b)
	if err != nil {
		return Statement{}, err
	}
	op := " > "
	if key.dir == "ASC" {
		op = " < "
	}
	return b.statement("SELECT count() FROM " + b.snapshotTable(k.a) + " WHERE " + w + " AND " + deepKey(key) + op + floatBits(b, first))
}

// CompileDeepRows compiles step 4: c's block, its ids taken from the rows whose
// keys lie between first and last (the page's first and last keys) at OFFSET
// startRow - before (before: CompileDeepBefore's count).
func CompileDeepRows(a Account, c Condition, first, last float64, before int) (Plan, error) {
	k, key, ok, err := deepCompiler(a, c)
	if err != nil || !ok {
		return Plan{}, deepRefused(err)
	}
	if before < 0 || before > k.c.StartRow {
		return Plan{}, bad("startRow", "the rows before the page (%d) are not before row %d", before, k.c.StartRow)
	}
	return k.rowsOf(func(b *builder, snap, order string) (string, error) {
		w, err := k.rowsWhere(b)
		if err != nil {
			return "", err
		}
		lo, hi := " >= ", " <= "
		if key.dir == "DESC" {
			lo, hi = hi, lo
		}
		e := deepKey(key)
		return " IN (SELECT " + ColProductID + " FROM " + snap + " WHERE " + w + " AND " + e + lo + floatBits(b, first) + " AND " + e + hi + floatBits(b, last) +
			" ORDER BY " + order + limitOffset(k.c.Limit+1, k.c.StartRow-before) + ")", nil
	})
}

// deepCompiler is the compiler of a condition the three steps apply to, and its
// one sort key.
func deepCompiler(a Account, c Condition) (*compiler, orderKey, bool, error) {
	if a.Cluster || len(c.Sort) != 1 {
		return nil, orderKey{}, false, nil
	}
	k, err := newCompiler(a, c)
	if err != nil || k.rep.Kind == ReportCompetitivenessSnapshot || len(k.levels) > len(k.c.GroupIDs) {
		return nil, orderKey{}, false, err
	}
	keys, err := k.orderKeys()
	if err != nil || len(keys) != 1 {
		return nil, orderKey{}, false, err
	}
	if col, ok := k.cat.get(k.c.Sort[0].ColID); !ok || col.Kind != KindNumber {
		return nil, orderKey{}, false, nil
	}
	return k, keys[0], true, nil
}

// deepRefused is the error of a step compiled for a condition the steps do not
// apply to (the service asks step 1 first, which says so).
func deepRefused(err error) error {
	if err != nil {
		return err
	}
	return bad("sort", "the block is not found in steps")
}

// deepKey is the key the steps compare: the sort key as Float64.
func deepKey(key orderKey) string { return "toFloat64(" + key.expr + ")" }

// deepNumber keeps the rows whose key is a number (not NULL, not NaN).
func deepNumber(key orderKey) string { return "NOT isNaN(" + deepKey(key) + ")" }

// floatBits binds f as its 8 bytes and reads them back as a Float64 (exactly f).
func floatBits(b *builder, f float64) string {
	var raw [8]byte
	binary.LittleEndian.PutUint64(raw[:], math.Float64bits(f))
	return "reinterpretAsFloat64(unhex(" + b.bind(hex.EncodeToString(raw[:])) + "))"
}
