package grid

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"unsafe"

	"pricelens/engine"
)

// csvCells turns the CSV that ClickHouse writes of an export (engine.Export) into
// the file's rows as it streams through: a column with a numeric format holds the
// value as ClickHouse writes it (shortest round-trip digits, nan, inf, \N) and is
// written formatted as the grid shows it (formatNumber); every other column is a
// quoted String, copied as it is. It checks the shape as it goes: a String column
// that does not start with a quote, a number that does not parse, or a row with
// the wrong number of cells is not rows but the server's error text, which
// ClickHouse writes into a body it has begun (warehouse.CSV). Memory is one chunk.
type csvCells struct {
	w       io.Writer
	formats []string
	sym     string
	rows    int64

	col   int    // the current cell's column
	state int    // where in the cell the stream is
	num   []byte // the numeric cell being read
	out   []byte // this chunk's output
}

const (
	cellStart  = iota // before a cell
	cellString        // inside a quoted String
	cellQuote         // a quote inside a String: its end, or the first of a doubled quote
	cellNumber        // inside a number
	cellEnd           // after a cell, before its separator
)

func newCSVCells(w io.Writer, formats []string, sym string) *csvCells {
	return &csvCells{w: w, formats: formats, sym: sym}
}

// errNotRows is the error of a stream that stopped being rows.
var errNotRows = errors.New("clickhouse stopped writing rows")

func (c *csvCells) Write(p []byte) (int, error) {
	c.out = c.out[:0]
	for i := 0; i < len(p); i++ {
		b := p[i]
		switch c.state {
		case cellStart:
			if c.formats[c.col] != "" {
				c.state, c.num = cellNumber, c.num[:0]
				i-- // the byte is the number's (or its end: an empty number)
				continue
			}
			if b != '"' {
				return 0, c.notRows(p[i:])
			}
			c.out = append(c.out, '"')
			c.state = cellString
		case cellString:
			j := bytes.IndexByte(p[i:], '"')
			if j < 0 {
				c.out = append(c.out, p[i:]...)
				i = len(p)
				continue
			}
			c.out = append(c.out, p[i:i+j]...)
			c.state = cellQuote
			i += j
		case cellQuote:
			if b == '"' { // a doubled quote: one quote of the text
				c.out = append(c.out, '"', '"')
				c.state = cellString
				continue
			}
			c.out = append(c.out, '"')
			c.state = cellEnd
			i--
		case cellNumber:
			if b != ',' && b != '\n' {
				if c.num = append(c.num, b); len(c.num) > 64 {
					return 0, c.notRows(p[i:])
				}
				continue
			}
			var ok bool
			if c.out, ok = c.appendNumber(c.out); !ok {
				return 0, c.notRows(append(c.num, p[i:]...))
			}
			c.state = cellEnd
			i--
		case cellEnd:
			last := c.col == len(c.formats)-1
			switch {
			case b == ',' && !last:
				c.col++
			case b == '\n' && last:
				c.col = 0
				c.rows++
			default:
				return 0, c.notRows(p[i:])
			}
			c.out = append(c.out, b)
			c.state = cellStart
		}
	}
	if _, err := c.w.Write(c.out); err != nil {
		return 0, err
	}
	return len(p), nil
}

// appendNumber writes the numeric cell read into num, quoted. ClickHouse writes
// a number as its shortest round-trip digits, which round to hundredths as the
// binary value does (decimalHundredths); other spellings are parsed.
func (c *csvCells) appendNumber(dst []byte) ([]byte, bool) {
	dst = append(dst, '"')
	switch s := unsafe.String(unsafe.SliceData(c.num), len(c.num)); s {
	case `\N`, "nan", "-nan", "inf", "-inf", "+inf":
		// no value; infinities are not amounts either (the grid's columns never hold one)
	default:
		neg := len(s) > 0 && s[0] == '-'
		var buf [40]byte
		if d, ok := decimalHundredths(buf[:0], strings.TrimPrefix(s, "-")); ok {
			dst = formatDigits(dst, c.formats[c.col], neg, d, c.sym)
			break
		}
		f, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return dst, false
		}
		dst = formatNumber(dst, c.formats[c.col], f, c.sym)
	}
	return append(dst, '"'), true
}

// decimalHundredths appends the digits of the decimal s (digits, an optional
// point and fraction; below 10^13) rounded to hundredths (at least three digits),
// when s is the shortest round-trip spelling of a double and the rounding is not
// a tie in s (a third decimal 5 and nothing after): then the nearest hundredth of
// s is that of the double's exact value too (a boundary between them would be a
// spelling of the double at most as long as s and closer to it, and the shortest
// spelling is the closest of the shortest). Otherwise ok is false.
func decimalHundredths(dst []byte, s string) ([]byte, bool) {
	whole, frac, _ := strings.Cut(s, ".")
	if len(whole) == 0 || len(whole) > 13 || !digitsOnly(whole) || !digitsOnly(frac) {
		return dst, false
	}
	start := len(dst)
	dst = append(dst, whole...)
	for i := 0; i < 2; i++ {
		if i < len(frac) {
			dst = append(dst, frac[i])
		} else {
			dst = append(dst, '0')
		}
	}
	if len(frac) <= 2 || frac[2] < '5' {
		return dst, true
	}
	if frac[2] == '5' && strings.TrimRight(frac[3:], "0") == "" {
		return dst[:start], false // a tie in the spelling: the double decides
	}
	for i := len(dst) - 1; i >= start; i-- { // round up
		if dst[i] != '9' {
			dst[i]++
			return dst, true
		}
		dst[i] = '0'
	}
	dst = append(dst[:start+1], dst[start:]...) // all nines: one digit more
	dst[start] = '1'
	return dst, true
}

func digitsOnly(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// notRows is the error for a stream that turned into text at rest.
func (c *csvCells) notRows(rest []byte) error {
	msg := strings.TrimSpace(string(rest))
	if len(msg) > 2000 {
		msg = msg[:2000]
	}
	return fmt.Errorf("%w: %s", errNotRows, msg)
}

// complete reports the stream ended between rows.
func (c *csvCells) complete() bool { return c.col == 0 && c.state == cellStart }

// formatNumber appends f as the grid shows a value of format (engine's numeric
// formats), with the same text as Go's strconv.FormatFloat(f, 'f', 2) rounds it:
// currency as the symbol, the sign and the amount with thousands separators and
// two decimals (€-1,234.50); percent with two decimals and % (-3.25%); number
// with separators and at most two decimals, and no sign when it shows 0. NaN and
// infinities are empty. f must not be NaN.
func formatNumber(dst []byte, format string, f float64, sym string) []byte {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return dst
	}
	var buf [40]byte
	return formatDigits(dst, format, math.Signbit(f), hundredths(buf[:0], math.Abs(f)), sym) // -0 is negative, as FormatFloat writes it
}

// formatDigits appends the value of sign neg and digits d (its hundredths, at
// least three digits) as formatNumber does.
func formatDigits(dst []byte, format string, neg bool, d []byte, sym string) []byte {
	whole, frac := d[:len(d)-2], d[len(d)-2:]
	switch format {
	case engine.FormatCurrency:
		dst = append(dst, sym...)
		if neg {
			dst = append(dst, '-')
		}
		dst = append(grouped(dst, whole), '.')
		return append(dst, frac...)
	case engine.FormatPercent:
		if neg {
			dst = append(dst, '-')
		}
		dst = append(append(dst, whole...), '.')
		return append(append(dst, frac...), '%')
	}
	if frac[1] == '0' {
		frac = frac[:1]
		if frac[0] == '0' {
			frac = frac[:0]
		}
	}
	if neg && (len(frac) > 0 || len(whole) > 1 || whole[0] != '0') {
		dst = append(dst, '-')
	}
	dst = grouped(dst, whole)
	if len(frac) > 0 {
		dst = append(append(dst, '.'), frac...)
	}
	return dst
}

// hundredths appends the digits of a ≥ 0 rounded to hundredths (at least three:
// 0.05 is "005"), rounding the exact binary value to nearest, ties to even, as
// FormatFloat does. Below 2^53/100 it computes p = a·100 and its exact error e
// (one fused multiply-add), so p's fraction decides and, at exactly one half, the
// sign of e (an exact tie only when e is 0); above, it asks FormatFloat.
func hundredths(dst []byte, a float64) []byte {
	if a >= 1<<53/100 {
		s := strconv.AppendFloat(dst, a, 'f', 2, 64)
		return append(s[:len(s)-3], s[len(s)-2:]...) // without the point
	}
	p := a * 100
	e := math.FMA(a, 100, -p)
	fl := math.Floor(p)
	r := p - fl
	n := int64(fl)
	if r > 0.5 || (r == 0.5 && (e > 0 || (e == 0 && n%2 == 1))) {
		n++
	}
	start := len(dst)
	dst = strconv.AppendInt(dst, n, 10)
	for len(dst)-start < 3 {
		dst = append(dst[:start+1], dst[start:]...)
		dst[start] = '0'
	}
	return dst
}

// grouped appends the digits with a comma every three from the right.
func grouped(dst, digits []byte) []byte {
	for i, d := range digits {
		if i > 0 && (len(digits)-i)%3 == 0 {
			dst = append(dst, ',')
		}
		dst = append(dst, d)
	}
	return dst
}
