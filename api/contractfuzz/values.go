package contractfuzz

import (
	"math"
	"math/rand"
	"strings"
)

// rawJSON is a value sent exactly as written: JSON that encoding/json would not
// produce (a lone surrogate, bytes that are not UTF-8, 1e400, deep nesting).
type rawJSON string

func (r rawJSON) MarshalJSON() ([]byte, error) { return []byte(r), nil }

// hostile is text that has broken parsers, SQL, spreadsheets, paths and logs.
var hostile = []string{
	"' OR '1'='1", "'; DROP TABLE products; --", `\'`, `\\`, "`", `"`, "%", "_", "%_%", "*",
	"=1+2+cmd|' /C calc'!A0", "+SUM(A1)", "-2+3", "@A1", "\t=1", "\r=1",
	"../../etc/passwd", "..\\..\\windows\\win.ini", "/dev/zero", "file:///etc/passwd",
	"<script>alert(1)</script>", "<img src=x onerror=alert(1)>", "${jndi:ldap://x/a}", "{{7*7}}", "%s%s%n%x",
	"\r\nSet-Cookie: pricelens_session=x", "a\nb", "\u202egnp.exe", "Ω≈ç√∫", "💸🧾", "e\u0301", "\u200b", "\ufeffBOM",
	"(a+)+$", "[[:alpha:]]{1000}", "NaN", "Infinity", "-0", "1e400", "0x10", "null", "true", "[]", "{}",
	"9223372036854775808", "-9223372036854775809", "2024-02-30", "9999-12-31", "0000-01-01", "1970-01-01T00:00:00Z",
	"Mars/Olympus", "Etc/GMT+14", "* * * * * * *", "@every 1s", "61 25 32 13 8",
	"a@b", "@", "x@example.com,y@example.com", "admin@pricelens.test\r\nBcc: z@example.com",
	"export_", "export_ffffffffffffffffffffffffffffffff", "http://127.0.0.1:19000/", "http://169.254.169.254/latest/meta-data/",
	"https://img.example.com/x.jpg", "javascript:alert(1)", "__proto__", "constructor",
}

// rawHostile are values only raw JSON can carry; the server must refuse each
// with a 400 (api/reqbody) or treat it as the number it is.
var rawHostile = []rawJSON{
	`"\u0000"`, `"a\u0000b"`, `"\ud800"`, `"\udc00x"`, "\"\xff\xfe\"", "\"caf\xe9\"",
	`1e400`, `-1e400`, `-0`, `123456789012345678901234567890`, `0.1e-400`, `1E+2`,
}

// pick is a uniformly random element.
func pick[T any](r *rand.Rand, xs []T) T { return xs[r.Intn(len(xs))] }

func chance(r *rand.Rand, p float64) bool { return r.Float64() < p }

// words are plausible short texts.
var words = []string{"a", "x", "Test", "brand", "price", "Alpha Mart", "label one", "Électronique", "report", "p1", "0", "1", "-1"}

func hugeString(r *rand.Rand) string {
	n := pick(r, []int{257, 1025, 4097, 65537, 300_000})
	return strings.Repeat(pick(r, []string{"A", "é", "'", "%", "9"}), n)
}

// boundaryInt are integers at the edges of the types the server stores them in.
var boundaryInt = []any{0, -1, 1, 2, 100, 1000, 1001, 32767, 32768, -32769, 65536, math.MaxInt32, math.MaxInt32 + 1,
	math.MinInt32 - 1, 1 << 53, rawJSON("9007199254740993"), rawJSON("9223372036854775807"), rawJSON("9223372036854775808"),
	rawJSON("-9223372036854775809"), 1.5, -0.5}

var boundaryNumber = []any{0.0, -1.0, 0.001, 1e-9, 99.999, 100.0, 100.0001, 1e15, -1e15, 1e308, -1e308, 5e-324, rawJSON("1e400")}

// anyValue is a JSON value of a random type.
func anyValue(r *rand.Rand, depth int) any {
	k := r.Intn(8)
	if depth > 2 && k >= 6 {
		k = r.Intn(6)
	}
	switch k {
	case 0:
		return nil
	case 1:
		return r.Intn(2) == 0
	case 2:
		return pick(r, boundaryInt)
	case 3:
		return pick(r, boundaryNumber)
	case 4:
		return pick(r, words)
	case 5:
		return pick(r, hostile)
	case 6:
		n := r.Intn(3)
		a := make([]any, n)
		for i := range a {
			a[i] = anyValue(r, depth+1)
		}
		return a
	default:
		m := map[string]any{}
		for i := r.Intn(3); i > 0; i-- {
			m[pick(r, words)] = anyValue(r, depth+1)
		}
		return m
	}
}

// otherType is a value of a JSON type other than v's.
func otherType(r *rand.Rand, v any) any {
	for range 10 {
		w := anyValue(r, 1)
		if jsonType(w) != jsonType(v) {
			return w
		}
	}
	return nil
}

func jsonType(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case string:
		return "string"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	case rawJSON:
		if strings.HasPrefix(string(x), `"`) {
			return "string"
		}
		return "number"
	default:
		return "number"
	}
}

// boundary is an edge value of v's own type.
func boundary(r *rand.Rand, v any) any {
	switch x := v.(type) {
	case bool:
		return !x
	case string:
		switch r.Intn(5) {
		case 0:
			return ""
		case 1:
			return " "
		case 2:
			return hugeString(r)
		case 3:
			return pick(r, rawHostile)
		default:
			return pick(r, hostile)
		}
	case []any:
		switch r.Intn(3) {
		case 0:
			return []any{}
		case 1: // many copies of one element
			if len(x) == 0 {
				return []any{nil}
			}
			n := pick(r, []int{101, 1001, 10001})
			a := make([]any, n)
			for i := range a {
				a[i] = x[0]
			}
			return a
		default:
			return append(x, x...)
		}
	case map[string]any:
		return map[string]any{}
	case nil:
		return anyValue(r, 1)
	default:
		if chance(r, 0.5) {
			return pick(r, boundaryInt)
		}
		return pick(r, boundaryNumber)
	}
}

// deep is a value nested n levels deep in arrays or objects.
func deep(r *rand.Rand) rawJSON {
	n := pick(r, []int{64, 1000, 10001, 100_000})
	if chance(r, 0.5) {
		return rawJSON(strings.Repeat("[", n) + "1" + strings.Repeat("]", n))
	}
	return rawJSON(strings.Repeat(`{"a":`, n) + "1" + strings.Repeat("}", n))
}

// malformed are whole bodies that are not the JSON object an operation takes.
var malformed = []string{
	"", " ", "null", "[]", "[{}]", "0", `"text"`, "true", "{", `{"a":`, `{"a":1,}`, `{'a':1}`, `{"a":1}{"b":2}`,
	`{"a":1,"a":2}`, "\ufeff{}", "{\"a\":\"\xff\"}", `{"a":"\u0000"}`, `{"a":"\ud800"}`, `{"__proto__":{"x":1}}`,
	"<xml/>", "a=1&b=2", "\x00\x01\x02",
}
