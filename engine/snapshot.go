package engine

import "strconv"

// A load refreshes only the products it touched: their new rows go to
// product_snapshot_delta (migration 00090) and the account's base rows in
// product_snapshot stay as the last full build left them. A read of an account with
// a delta (Account.SnapshotDelta, the delta's newest build id) reads both
// (SnapshotLive) and keeps, per product, the delta's row when there is one, else the
// base's. Without a delta the SQL is what it always was, at no extra cost.
//
// Every read of the snapshot goes through snapshotTable and a WHERE that starts with
// tenancy (or the account condition followed by snapshotVisible).

// snapshotTable is the table a read of the account's snapshot names.
func (b *builder) snapshotTable(a Account) string {
	if a.SnapshotDelta == 0 {
		return b.table(TableProductSnapshot)
	}
	b.table(TableProductSnapshotDelta) // both tables are the schema's
	return SnapshotLive
}

// snapshotVisible is the predicate (with its leading AND) that keeps one row per
// product out of base and delta: of the delta's rows up to the build the reader was
// told of, each product's newest (a refresh adds its rows beside the earlier ones
// instead of copying those), and the base rows of products the delta has no row for.
// pno is cityHash64(product_id); the refresh takes the delta path only when no two
// products of the account share one. A delta swapped for a newer one after the
// reader read SnapshotDelta still holds the rows up to that build: the reader sees
// one consistent state, each product from one build. Numbers are printed as
// literals (uint32 and uint64 ids, never text).
// globalIn: on a cluster (docs/operations.md#cluster-scale-out) the two tables are Distributed ones read
// through merge(), so the shards do not rewrite the subqueries to their local
// tables; the node that runs the query reads the delta's (few) rows once and sends
// them along.
func (b *builder) snapshotVisible(a Account) string {
	if a.SnapshotDelta == 0 {
		return ""
	}
	delta := b.table(TableProductSnapshotDelta)
	rows := " FROM " + delta + " WHERE " + ColAccountID + " = " + IntLit(int64(a.AccountID)) + " AND build_id <= " + uintLit(a.SnapshotDelta)
	return " AND (_table = '" + delta + "' AND (pno, build_id)" + globalIn(a, false) + "(SELECT pno, max(build_id)" + rows + " GROUP BY pno) OR _table = '" +
		b.table(TableProductSnapshot) + "' AND pno" + globalIn(a, true) + "(SELECT pno" + rows + "))"
}

// uintLit writes an unsigned number literal.
func uintLit(u uint64) string { return strconv.FormatUint(u, 10) }
