package engine

// One SQL dialect for ClickHouse 18.16 and current releases (24.8 and later,
// tested on 26.7): the compiler writes only forms whose answers are the same on
// both. The differences found, with what the product writes instead
// (docs/clickhouse-versions.md keeps the table):
//   - a subquery on either side of a JOIN has an alias (AS lhs, AS rhs): current
//     releases refuse one without (Code 206);
//   - INNER joins are ALL INNER JOIN, their right side one row per key: from 20.x
//     ANY INNER JOIN keeps one row per key of the left side too, and a day's rows
//     of a product joined to the product collapsed to one;
//   - a date and time is written with toString(t, 'UTC'), not formatDateTime: its
//     %M is the minute on 18.16 and the month's name on current releases;
//   - money is rounded half away from zero by roundCents, not round(x, 2): round
//     of a Float64 rounds halves away from zero on 18.16 and to even on current
//     releases (51.685 → 51.69 or 51.68), and the Go evaluator rounds as 18.16.

// roundCents rounds x to cents, halves away from zero, on every release (18.16
// has no sign function: Code 46).
func roundCents(x string) string {
	return "if(" + x + " < 0, -1, 1) * floor(abs(" + x + ") * 100 + 0.5) / 100"
}
