package engine

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
)

// The only two ways a name or a number is written into SQL text by the engine
// (everything from a request is a bound argument instead).

// plainIdent is what quoteIdent accepts: a plain identifier, optionally followed by
// @ and a competitor id (the catalog's per-competitor column ids, e.g. Price@3).
var plainIdent = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*(@[0-9]+)?$`)

// quoteIdent writes an output alias or column name in backticks. Anything that is
// not a plain identifier is refused, whatever built it: identifiers come from the
// catalog and the constants, and this is the print-time check that they did (in
// the spirit of HogQL's printer, which re-checks what the parser already checked).
func quoteIdent(name string) (string, error) {
	if !plainIdent.MatchString(name) {
		return "", fmt.Errorf("engine: refusing to print %q as an SQL identifier", clip(name))
	}
	return "`" + name + "`", nil
}

// IntLit writes an integer literal (LIMIT, OFFSET, array indexes, competitor ids,
// unix times): digits only, so it cannot carry SQL.
func IntLit(i int64) string { return strconv.FormatInt(i, 10) }

// floatLit writes a number literal (account settings). Account.normalize makes the
// settings finite before any SQL is built; a NaN or infinity here is an engine bug,
// and printing it would be an unknown identifier in SQL, so it stops the compile.
func floatLit(f float64) string {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		panic(fmt.Sprintf("engine: refusing to print %v as an SQL number", f))
	}
	return strconv.FormatFloat(f, 'g', -1, 64)
}

// negLit prints -f as a parenthesised number literal, "(-2)". Not "-(2)": on a
// cluster 18.16 names that column negate(2) on the node that runs the query but
// sends the shards "-2", and then cannot find the shards' column ("Not found column
// ... in block").
func negLit(f float64) string { return "(" + floatLit(-f) + ")" }

// table prints a table name after checking it is one of the schema's tables.
func table(t Table) (string, error) {
	if !t.Valid() {
		return "", fmt.Errorf("engine: refusing to print %q as a table", clip(string(t)))
	}
	return string(t), nil
}
