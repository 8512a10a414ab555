package engine

import (
	"fmt"
	"slices"
	"strings"

	"github.com/ClickHouse/clickhouse-go/v2"
)

// Statement is what the warehouse runs: the SQL, its bound arguments, and the sets
// the SQL reads as ClickHouse external data.
type Statement struct {
	SQL  string
	Args []any
	Sets []Set
	// Wide marks a rule evaluation (a pricer run, simulation or preview): hundreds
	// of expressions per row of the snapshot's wide rows. The warehouse reads it in
	// large blocks (warehouse.wideBlockBytes): each block pays every expression's
	// fixed cost, and MergeTree's default 1 MB blocks hold a few thousand such rows.
	Wide bool
}

// Set is a list of values sent beside the query as a temporary table Name with one
// column v of Type ("String" or "UInt64"); the SQL reads it as (SELECT v FROM Name).
// clickhouse-go binds arguments by writing them into the query text (18.16 has no
// server-side parameters), and the server refuses query text over max_query_size
// (256 KiB by default): a 3,000-value set of long names is past it. External data
// has no such limit, and is still data, never SQL.
type Set struct {
	Name   string
	Type   string
	Values []any
}

// inlineSetBytes is how much set text one statement writes inline (IN (v1, v2, ...))
// before further sets go as external data: small sets, the common case, cost no
// extra table; the inline part stays far below max_query_size whatever the request.
const inlineSetBytes = 16 << 10

// builder collects SQL fragments, their bound arguments in order, and the sets.
// It is also the print-time check of names: tables and quoted identifiers go
// through it, and a name that is not one of the schema's or not plain stops the
// statement (err), however the piece was built.
type builder struct {
	args    []any
	sets    []Set
	inlined int   // bytes of set values written inline so far (an upper bound)
	extern  []Set // named sets the SQL may read (the account's flags); sent only when it does
	err     error // the first name refused while printing
}

// table prints a table of the schema.
func (b *builder) table(t Table) string {
	s, err := table(t)
	b.fail(err)
	return s
}

// ident prints an identifier in backticks (quoteIdent).
func (b *builder) ident(name string) string {
	s, err := quoteIdent(name)
	b.fail(err)
	return s
}

func (b *builder) fail(err error) {
	if b.err == nil {
		b.err = err
	}
}

func (b *builder) bind(v any) string {
	b.args = append(b.args, v)
	return "?"
}

// statement is the builder's output for sql, or the error of a refused name.
func (b *builder) statement(sql string) (Statement, error) {
	if b.err != nil {
		return Statement{}, b.err
	}
	sets := b.sets
	for _, s := range b.extern {
		if strings.Contains(sql, s.Name) {
			sets = append(sets, s)
		}
	}
	if name := unsentFlagSet(sql, sets); name != "" {
		// A statement built without its account's flag sets (a builder not from
		// newBuilder) would fail on the server with "Table … doesn't exist" for
		// every product of an account with an open flag: refuse it here instead.
		return Statement{}, fmt.Errorf("engine: the statement reads the flag set %s but does not send it", name)
	}
	return Statement{SQL: sql, Args: b.args, Sets: sets}, nil
}

// unsentFlagSet is the first flag set (flagSetName) that sql reads and sets lack, or "".
func unsentFlagSet(sql string, sets []Set) string {
	for rest := sql; ; {
		i := strings.Index(rest, flagSetPrefix)
		if i < 0 {
			return ""
		}
		rest = rest[i:]
		n := len(flagSetPrefix)
		for n < len(rest) && rest[n] >= '0' && rest[n] <= '9' {
			n++
		}
		name := rest[:n]
		if !slices.ContainsFunc(sets, func(s Set) bool { return s.Name == name }) {
			return name
		}
		rest = rest[n:]
	}
}

// bindSet gives the right-hand side of `x IN ...` for a list of strings.
func (b *builder) bindSet(vals []string) string {
	if len(vals) == 0 {
		return "('')" // callers never use an empty set as a match; see setPred
	}
	anys := make([]any, len(vals))
	size := 0
	for i, v := range vals {
		anys[i] = v
		size += 2*len(v) + 4 // quoted, every byte escaped at worst, and ", "
	}
	return b.set("String", anys, size)
}

// bindUintSet gives the right-hand side of `x IN ...` for a list of ids. An
// empty list is (0), which no id equals (ids of competitors and labels start at
// 1): ClickHouse refuses `IN ()`, and an account without competitors has one.
func (b *builder) bindUintSet(vals []uint64) string {
	if len(vals) == 0 {
		return "(0)"
	}
	anys := make([]any, len(vals))
	for i, v := range vals {
		anys[i] = v
	}
	return b.set("UInt64", anys, 22*len(vals))
}

// lookup is transform(expr, ids, names, empty text): the name of expr's id, the
// empty text for an id not in the list. ClickHouse refuses transform over empty
// arrays (an account without competitors or labels), so an empty list is just
// the empty text.
func (b *builder) lookup(expr string, ids []uint64, names []string) string {
	if len(ids) == 0 {
		return "''"
	}
	return "transform(" + expr + ", " + b.bind(ids) + ", " + b.bind(names) + ", '')"
}

// set binds the values inline (clickhouse.GroupSet renders (v1, v2, ...)) while the
// statement's inline budget lasts, else as an external table.
func (b *builder) set(typ string, vals []any, size int) string {
	if b.inlined+size <= inlineSetBytes {
		b.inlined += size
		return b.bind(clickhouse.GroupSet{Value: vals})
	}
	name := "_set_" + IntLit(int64(len(b.sets)+1))
	b.sets = append(b.sets, Set{Name: name, Type: typ, Values: vals})
	return "(SELECT v FROM " + name + ")"
}
