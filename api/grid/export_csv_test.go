package grid

import (
	"bytes"
	"encoding/csv"
	"math"
	"math/rand"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The numeric cells read as the grid's cells (webapp features/tabular/columns.ts
// formatValue gives the same text for these values).
func TestFormatNumber(t *testing.T) {
	for _, c := range []struct {
		format string
		v      float64
		want   string
	}{
		{"currency", 1234.5, "€1,234.50"},
		{"currency", 0, "€0.00"},
		{"currency", -1234567.891, "€-1,234,567.89"},
		{"currency", 1.115, "€1.11"},   // stored as 1.11499999…: FormatFloat's rounding, not round(x*100)
		{"currency", 0.125, "€0.12"},   // an exact tie goes to even
		{"currency", 0.375, "€0.38"},   // an exact tie goes to even
		{"currency", -0.001, "€-0.00"}, // the sign as FormatFloat writes it
		{"currency", 1e15 + 0.5, "€1,000,000,000,000,000.50"},
		{"percent", -3.14159, "-3.14%"},
		{"percent", 12, "12.00%"},
		{"percent", 1234.5, "1234.50%"},
		{"number", 1234567, "1,234,567"},
		{"number", 2.5, "2.5"},
		{"number", 1234.5678, "1,234.57"},
		{"number", -0.001, "0"},
		{"number", -0.5, "-0.5"},
		{"number", math.Copysign(0, -1), "0"},
		{"percent", math.Copysign(0, -1), "-0.00%"},
		{"currency", math.NaN(), ""},
		{"percent", math.Inf(1), ""},
	} {
		assert.Equal(t, c.want, string(formatNumber(nil, c.format, c.v, "€")), "%s %v", c.format, c.v)
	}
}

// formatFloatCell is the cell as FormatFloat(f, 'f', 2) and en-US grouping write
// it: the rounding formatNumber must reproduce exactly.
func formatFloatCell(format string, f float64, sym string) string {
	s := strconv.FormatFloat(f, 'f', 2, 64)
	if format == "percent" {
		return s + "%"
	}
	whole, frac, _ := strings.Cut(s, ".")
	sign := ""
	if strings.HasPrefix(whole, "-") {
		sign, whole = "-", whole[1:]
	}
	var b strings.Builder
	for i, d := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(d)
	}
	if format == "currency" {
		return sym + sign + b.String() + "." + frac
	}
	frac = strings.TrimRight(frac, "0")
	if frac == "" {
		if b.String() == "0" {
			sign = ""
		}
		return sign + b.String()
	}
	return sign + b.String() + "." + frac
}

func TestFormatNumberRoundsAsFormatFloat(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	values := []float64{0, 0.005, 0.015, 0.025, 0.045, 1.005, 1.115, 2.675, 1e-9, 99.995, 999.995, 1e13 - 0.005, 123456.785}
	for i := 0; i < 300_000; i++ {
		switch i % 5 {
		case 0: // prices with three decimals: near ties in binary
			values = append(values, float64(r.Intn(10_000_000))/1000)
		case 1: // averages of two-decimal prices
			values = append(values, (float64(r.Intn(100_000))/100+float64(r.Intn(100_000))/100)/float64(1+r.Intn(20)))
		case 2: // exact binary ties
			values = append(values, float64(r.Intn(1<<20))/8)
		case 3:
			values = append(values, r.NormFloat64()*math.Pow(10, float64(r.Intn(12))))
		default:
			values = append(values, (r.Float64()-0.5)*200)
		}
	}
	values = append(values, 9.995, 99.999, 999999.996, 0.0049999, 1e12+0.125, 5e-324, 1e20)
	for _, v := range values {
		for _, f := range []float64{v, -v} {
			for _, format := range []string{"currency", "percent", "number"} {
				want := formatFloatCell(format, f, "$")
				if got := string(formatNumber(nil, format, f, "$")); got != want {
					t.Fatalf("%s %v (%b): got %q, FormatFloat gives %q", format, f, f, got, want)
				}
				// As ClickHouse spells it (shortest round-trip digits), through the stream.
				for _, spelled := range []string{strconv.FormatFloat(f, 'f', -1, 64), strconv.FormatFloat(f, 'g', -1, 64)} {
					c := &csvCells{formats: []string{format}, sym: "$", num: []byte(spelled)}
					got, ok := c.appendNumber(nil)
					if !ok || string(got) != `"`+want+`"` {
						t.Fatalf("%s %s: got %q, FormatFloat gives %q", format, spelled, got, want)
					}
				}
			}
		}
	}
}

// ClickHouse's CSV of an export, cut anywhere, becomes the file's rows: numbers
// formatted, Strings as they are (doubled quotes, commas, newlines inside), rows
// counted.
func TestCSVCells(t *testing.T) {
	in := "\"P1\",1234.5,\\N,\"a \"\"b\"\", c\nd\"\n" +
		"\"P2\",-0.30000000000000004,1e-7,\"\"\n" +
		"\"P3\",nan,12,\"x\"\n"
	want := [][]string{
		{"P1", "€1,234.50", "", "a \"b\", c\nd"},
		{"P2", "€-0.30", "0.00%", ""},
		{"P3", "", "12.00%", "x"},
	}
	formats := []string{"", "currency", "percent", ""}
	for cut := 1; cut <= len(in); cut++ {
		var out bytes.Buffer
		c := newCSVCells(&out, formats, "€")
		for s := 0; s < len(in); s += cut {
			_, err := c.Write([]byte(in[s:min(s+cut, len(in))]))
			require.NoError(t, err, "chunks of %d", cut)
		}
		require.True(t, c.complete())
		require.Equal(t, int64(3), c.rows)
		recs, err := csv.NewReader(&out).ReadAll()
		require.NoError(t, err, out.String())
		require.Equal(t, want, recs, "chunks of %d", cut)
	}
}

// The text of a server error after the rows is not taken for rows.
func TestCSVCellsServerError(t *testing.T) {
	for _, tail := range []string{
		"Code: 241, e.displayText() = DB::Exception: Memory limit (for query) exceeded\n", // where a String starts
		"\"P2\",Code: 394, e.displayText() = DB::Exception: Query was cancelled\n",        // where a number starts
		"\"P2\",1,\"x\",\"y\"\n", // a row of the wrong width
	} {
		var out bytes.Buffer
		c := newCSVCells(&out, []string{"", "number", ""}, "$")
		_, err := c.Write([]byte("\"P1\",1,\"x\"\n" + tail))
		require.ErrorIs(t, err, errNotRows, tail)
		assert.Equal(t, int64(1), c.rows)
	}
	c := newCSVCells(&bytes.Buffer{}, []string{"", "number"}, "$")
	_, err := c.Write([]byte("\"P1\",1\n\"P2\""))
	require.NoError(t, err)
	assert.False(t, c.complete(), "a stream cut inside a row is not complete")
}

// A query the server stopped reads as such on the export, not as an outage.
func TestExportErrorOfAStoppedQuery(t *testing.T) {
	c := newCSVCells(&bytes.Buffer{}, []string{""}, "$")
	_, err := c.Write([]byte("\"P1\"\nCode: 241, e.displayText() = DB::Exception: Memory limit (for query) exceeded\n"))
	assert.Equal(t, "The export failed: the database stopped its query; please export again. "+
		"(clickhouse stopped writing rows: Code: 241, e.displayText() = DB::Exception: Memory limit (for query) exceeded)", exportError(err))
}
