package report

import (
	"bytes"
	"encoding/binary"
	"encoding/csv"
	"io"
	"math"
	"math/rand"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pricelens/report/reporttest"
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
				want := reporttest.FormatFloatCell(format, f, "$")
				if got := string(formatNumber(nil, format, f, "$")); got != want {
					t.Fatalf("%s %v (%b): got %q, FormatFloat gives %q", format, f, f, got, want)
				}
			}
		}
	}
}

// nativeBlock is a Native block of the given columns, as ClickHouse sends it:
// String columns ([]string) and Float64 columns ([]float64), named __c0….
func nativeBlock(cols ...any) []byte {
	var b []byte
	str := func(s string) { b = binary.AppendUvarint(b, uint64(len(s))); b = append(b, s...) }
	rows := 0
	switch c := cols[0].(type) {
	case []string:
		rows = len(c)
	case []float64:
		rows = len(c)
	}
	b = binary.AppendUvarint(b, uint64(len(cols)))
	b = binary.AppendUvarint(b, uint64(rows))
	for i, col := range cols {
		str("__c" + strconv.Itoa(i))
		switch c := col.(type) {
		case []string:
			str("String")
			for _, v := range c {
				str(v)
			}
		case []float64:
			str("Float64")
			for _, v := range c {
				b = binary.LittleEndian.AppendUint64(b, math.Float64bits(v))
			}
		}
	}
	return b
}

// The Native blocks of an export become the file's rows, byte for byte what
// encoding/csv writes of the cells as the grid shows them; rows are counted and
// told after each block.
func TestNativeCSV(t *testing.T) {
	body := append(nativeBlock([]string{"P1", " lead", "a \"b\", c\nd"}, []float64{1234.5, math.NaN(), -0.30000000000000004},
		[]float64{12, 1e-7, 2.5}, []string{"", `\.`, "x"}),
		nativeBlock([]string{"P4"}, []float64{0}, []float64{-3.14159}, []string{"Tee, blue"})...)
	want := [][]string{
		{"P1", "€1,234.50", "12.00%", ""},
		{" lead", "", "0.00%", `\.`},
		{"a \"b\", c\nd", "€-0.30", "2.50%", "x"},
		{"P4", "€0.00", "-3.14%", "Tee, blue"},
	}
	var wantBytes bytes.Buffer
	cw := csv.NewWriter(&wantBytes)
	require.NoError(t, cw.WriteAll(want))
	var out bytes.Buffer
	var told []int64
	n := newNativeCSV(&out, []string{"", "currency", "percent", ""}, "€", func(rows int64) error { told = append(told, rows); return nil })
	require.NoError(t, n.read(iotest.OneByteReader(bytes.NewReader(body))))
	assert.Equal(t, wantBytes.String(), out.String())
	assert.Equal(t, int64(4), n.rows)
	assert.Equal(t, []int64{3, 4}, told)
}

// The text of a server error after the blocks is not taken for rows; a body cut
// inside a block is an I/O error, not rows.
func TestNativeCSVServerError(t *testing.T) {
	first := nativeBlock([]string{"P1"}, []float64{1})
	for _, tail := range []string{
		"Code: 241, e.displayText() = DB::Exception: Memory limit (for query) exceeded\n",
		"\x02Code: 394, e.displayText() = DB::Exception: Query was cancelled\n",
	} {
		n := newNativeCSV(&bytes.Buffer{}, []string{"", "number"}, "$", nil)
		err := n.read(bytes.NewReader(append(first, tail...)))
		require.ErrorIs(t, err, errNotRows, tail)
		assert.Contains(t, err.Error(), "DB::Exception")
		assert.Equal(t, int64(1), n.rows)
	}
	n := newNativeCSV(&bytes.Buffer{}, []string{"", "number"}, "$", nil)
	err := n.read(bytes.NewReader(nativeBlock([]string{"P1"}, []string{"1"})))
	require.ErrorIs(t, err, errNotRows, "a column of the wrong type")
	n = newNativeCSV(&bytes.Buffer{}, []string{"", "number"}, "$", nil)
	err = n.read(bytes.NewReader(first[:len(first)-3]))
	require.ErrorIs(t, err, io.ErrUnexpectedEOF)
}

// A query the server stopped reads as such on the export, not as an outage.
func TestExportErrorOfAStoppedQuery(t *testing.T) {
	n := newNativeCSV(&bytes.Buffer{}, []string{""}, "$", nil)
	err := n.read(strings.NewReader("Code: 241, e.displayText() = DB::Exception: Memory limit (for query) exceeded\n"))
	assert.Equal(t, "The export failed: the database stopped its query; please export again.", exportError(err),
		"the server's own text is logged, not shown")
}
