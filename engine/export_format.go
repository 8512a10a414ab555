package engine

import "strconv"

// An export's cells are written as the grid shows them (docs/exports.md; the webapp's
// formatValue in features/tabular/columns.ts):
//
//	currency  the account's symbol, the amount with thousands separators and two decimals ($1,234.50, $-0.50)
//	percent   two decimals and % (-3.25%), no separators
//	number    thousands separators and at most two decimals (1,234.5; 2; -0.01; -0.001 shows 0)
//	bool      Yes or No
//	date      YYYY-MM-DD HH:MM:SS in UTC
//	text      as is (also url, image)
//
// and a missing value (NULL, NaN) is an empty cell. ClickHouse computes the text,
// bool and date cells as Strings and the numeric values as Float64 (NaN for none);
// the numeric formats are applied as the rows are written to the file
// (Export.Formats; the report service's CSV writer, which reads the result as Native
// blocks). Measured at L (1M rows, 47 numeric cells a row): the same formats as
// 18.16 SQL, with rounding made exact, cost 46 s of server CPU where the raw values
// cost 2.7 s, as each of the ~50 arithmetic and string steps of a cell
// materializes a column; lambdas over one array per format were slower still, and
// per-cell expressions with aliases took seconds to analyse. Writing the values
// as CSV text costs the server another 3.8 s (the native protocol leaves that to
// the client: clickhouse-client formats on its side); formatting a Float64 in Go
// costs tens of nanoseconds.

// Numeric formats: the column's value is sent as a Float64 and formatted on the
// way to the file.
const (
	FormatCurrency = "currency"
	FormatPercent  = "percent"
	FormatNumber   = "number"
)

// cell is one column of an export: a format and its operand (an alias or column
// of the query's source), or a fixed cell (currency symbol, empty).
type cell struct {
	format, operand string
}

// Cells that are not a formatted value.
const (
	cellEmpty  = "empty"  // no value at this row level
	cellSymbol = "symbol" // the account's currency symbol
)

// numeric reports a format applied outside SQL.
func numeric(format string) bool {
	return format == FormatCurrency || format == FormatPercent || format == FormatNumber
}

// formatCells writes the SQL of each cell and its format for the stream ("" when
// the cell is final text); sym binds the currency symbol where a cell uses it,
// so that arguments follow the text.
func formatCells(cells []cell, sym func() string) (sql, formats []string) {
	sql = make([]string, len(cells))
	formats = make([]string, len(cells))
	for i, c := range cells {
		switch {
		case c.format == cellEmpty:
			sql[i] = "''"
		case c.format == cellSymbol:
			sql[i] = sym()
		case numeric(c.format):
			sql[i], formats[i] = "ifNull(toFloat64("+c.operand+"), nan)", c.format
		case c.format == "bool":
			v := "ifNull(toFloat64(" + c.operand + "), nan)"
			sql[i] = "multiIf(isNaN(" + v + "), '', " + v + " != 0, 'Yes', 'No')"
		case c.format == "date":
			// toString, not formatDateTime: its %M is the minute on 18.16 and the
			// month's name on current releases (docs/clickhouse-versions.md).
			sql[i] = "ifNull(toString(" + c.operand + ", 'UTC'), '')"
		default: // a String even from a LowCardinality column (toString keeps LowCardinality on 18.16)
			sql[i] = "CAST(ifNull(toString(" + c.operand + "), '') AS String)"
		}
		sql[i] += " AS __c" + strconv.Itoa(i) // distinct output names, none a source column's
	}
	return sql, formats
}
