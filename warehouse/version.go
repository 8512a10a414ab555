package warehouse

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"
)

// ServerVersion is the ClickHouse release a warehouse talks to, read once when
// its pool opens: the settings the pool sends, and the few statements that have
// two forms, depend on it (docs/clickhouse-versions.md).
type ServerVersion struct {
	Text                string // as version() writes it: "18.16.1", "26.7.2.1"
	Major, Minor, Patch int
	known               map[string]bool // which of optionalSettings the server has
}

// optionalSettings are settings the product sends only to a server that has
// them: a server refuses a setting it does not know (Code 115), and these came or
// went between 18.16 and current releases.
var optionalSettings = []string{
	// 18.x: LowCardinality columns are experimental; gone from current releases.
	"allow_experimental_low_cardinality_type",
	// 25.x on: REPLACE PARTITION from a source partition with no parts is refused
	// unless this is set; 18.16 replaces with nothing, and the product relies on it
	// (a rebuild of an account with no products, or no scans, empties its partition).
	"allow_replace_partition_from_empty_source",
}

// Knows reports whether the server has setting name (one of optionalSettings).
func (v ServerVersion) Knows(name string) bool { return v.known[name] }

// ParseVersion reads version()'s text.
func ParseVersion(s string) (ServerVersion, error) {
	v := ServerVersion{Text: s}
	parts := strings.Split(s, ".")
	if len(parts) < 2 {
		return v, fmt.Errorf("clickhouse version %q is not MAJOR.MINOR…", s)
	}
	var err error
	for i, p := range []*int{&v.Major, &v.Minor, &v.Patch} {
		if i >= len(parts) {
			break
		}
		if *p, err = strconv.Atoi(parts[i]); err != nil {
			return v, fmt.Errorf("clickhouse version %q is not MAJOR.MINOR…", s)
		}
	}
	return v, nil
}

func readVersion(ctx context.Context, conn driver.Conn) (ServerVersion, error) {
	var s string
	if err := conn.QueryRow(ctx, "SELECT version()").Scan(&s); err != nil {
		return ServerVersion{}, err
	}
	v, err := ParseVersion(s)
	if err != nil {
		return v, err
	}
	v.known = map[string]bool{}
	rows, err := conn.Query(ctx, "SELECT name FROM system.settings WHERE has(?, name)", optionalSettings)
	if err != nil {
		return v, err
	}
	defer rows.Close()
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			return v, err
		}
		v.known[name] = true
	}
	return v, rows.Err()
}
