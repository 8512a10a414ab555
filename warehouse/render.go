package warehouse

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/ClickHouse/clickhouse-go/v2"

	"pricelens/engine"
)

// Render writes a statement's bound arguments into its text, for the HTTP
// interface (CSV), as clickhouse-go does for the native protocol (18.16 has no
// server-side parameters): each ? outside quotes and backticks becomes the literal
// of its argument, strings quoted with every quote and backslash escaped, so a
// value is always data. Sets stay external (their SQL names a table). Only the
// argument types the engine binds are known; any other is an error, never text.
func Render(s engine.Statement) (string, error) {
	var b strings.Builder
	b.Grow(len(s.SQL) + 64*len(s.Args))
	next := 0
	var quote byte // the quote we are inside, 0 outside
	for i := 0; i < len(s.SQL); i++ {
		c := s.SQL[i]
		switch {
		case quote != 0:
			b.WriteByte(c)
			if c == '\\' && i+1 < len(s.SQL) {
				i++
				b.WriteByte(s.SQL[i])
			} else if c == quote {
				quote = 0
			}
			continue
		case c == '\'' || c == '`' || c == '"':
			quote = c
		case c == '?':
			if next >= len(s.Args) {
				return "", fmt.Errorf("render: more placeholders than the %d arguments", len(s.Args))
			}
			lit, err := literal(s.Args[next])
			if err != nil {
				return "", fmt.Errorf("render: argument %d: %w", next+1, err)
			}
			next++
			b.WriteString(lit)
			continue
		}
		b.WriteByte(c)
	}
	if next != len(s.Args) {
		return "", fmt.Errorf("render: %d arguments for %d placeholders", len(s.Args), next)
	}
	return b.String(), nil
}

// literal is the SQL literal of one bound value.
func literal(v any) (string, error) {
	switch v := v.(type) {
	case string:
		return quoteString(v), nil
	case int:
		return strconv.Itoa(v), nil
	case int64:
		return strconv.FormatInt(v, 10), nil
	case int32:
		return strconv.FormatInt(int64(v), 10), nil
	case uint64:
		return strconv.FormatUint(v, 10), nil
	case uint32:
		return strconv.FormatUint(uint64(v), 10), nil
	case float64:
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return "", fmt.Errorf("%v is not a finite number", v)
		}
		return strconv.FormatFloat(v, 'g', -1, 64), nil
	case bool:
		if v {
			return "1", nil
		}
		return "0", nil
	case []string:
		return list("[", "]", len(v), func(i int) (string, error) { return quoteString(v[i]), nil })
	case []uint64:
		return list("[", "]", len(v), func(i int) (string, error) { return strconv.FormatUint(v[i], 10), nil })
	case []int64:
		return list("[", "]", len(v), func(i int) (string, error) { return strconv.FormatInt(v[i], 10), nil })
	case clickhouse.GroupSet:
		return list("(", ")", len(v.Value), func(i int) (string, error) { return literal(v.Value[i]) })
	}
	return "", fmt.Errorf("cannot bind a %T", v)
}

func list(open, close string, n int, item func(i int) (string, error)) (string, error) {
	parts := make([]string, n)
	for i := range parts {
		s, err := item(i)
		if err != nil {
			return "", err
		}
		parts[i] = s
	}
	return open + strings.Join(parts, ", ") + close, nil
}

// quoteString is a ClickHouse string literal: backslash and quote escaped.
func quoteString(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(s) + "'"
}
