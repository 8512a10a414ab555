package report

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"pricelens/csvcell"
	"pricelens/engine"
)

// nativeCSV writes the rows of an export as CSV from the Native blocks ClickHouse
// sends of it (warehouse.Native), a block at a time: a String column's cell as it
// is, a Float64 column with a numeric format as the grid shows it (formatNumber),
// each quoted as encoding/csv quotes (so the rows are what csv.Writer would write).
// It checks each block's shape (the export's column count, names __c0… and types):
// anything else is not rows but the text of the server's error, which ClickHouse
// writes into a body it has begun.
type nativeCSV struct {
	w        io.Writer
	formats  []string
	sym      string
	progress func(rows int64) error // after each block, when set
	rows     int64
	// written is how many of the columns are the file's (the rest are read for
	// computed cells only); computed renders those cells from the row (engine.Export).
	written  int
	computed map[int]func(engine.ExportRow) string
	row      int // the row a computed cell reads
	// safe neutralises text cells a spreadsheet would evaluate (csvcell): on for
	// every CSV a person opens, off for the rows a Parquet drop is made from.
	safe bool

	nums [][]float64 // per column, this block's values (Float64 columns)
	strs [][]byte    // per column, this block's strings one after the other (String columns)
	ends [][]int     // per column, where each string ends in strs
	raw  []byte
	out  []byte
	num  []byte // a numeric cell as written, before text() checks it
	cell []byte
}

func newNativeCSV(w io.Writer, formats []string, sym string, progress func(rows int64) error) *nativeCSV {
	n := len(formats)
	return &nativeCSV{w: w, formats: formats, sym: sym, progress: progress, written: n,
		nums: make([][]float64, n), strs: make([][]byte, n), ends: make([][]int, n)}
}

// exportCSV is the writer of an export's rows: its columns, then the trailing
// ones its computed cells read; safe makes its text cells safe for a spreadsheet.
func exportCSV(w io.Writer, e engine.Export, sym string, safe bool, progress func(rows int64) error) *nativeCSV {
	n := newNativeCSV(w, append(append([]string{}, e.Formats...), e.Trailing...), sym, progress)
	n.written, n.computed, n.safe = len(e.Formats), e.Computed, safe
	return n
}

// Float is the current row's value of a Float64 column (engine.ExportRow).
func (n *nativeCSV) Float(c int) float64 { return n.nums[c][n.row] }

// Text is the current row's text of a String column (engine.ExportRow).
func (n *nativeCSV) Text(c int) string {
	from := 0
	if n.row > 0 {
		from = n.ends[c][n.row-1]
	}
	return string(n.strs[c][from:n.ends[c][n.row]])
}

// errNotRows is the error of a stream that stopped being rows.
var errNotRows = errors.New("clickhouse stopped writing rows")

// read writes every block of body.
func (n *nativeCSV) read(body io.Reader) error {
	br := bufio.NewReaderSize(body, 256<<10)
	for {
		if _, err := br.Peek(1); err == io.EOF {
			return nil
		} else if err != nil {
			return err
		}
		if err := n.block(br); err != nil {
			return err
		}
	}
}

// block reads one block and writes its rows.
func (n *nativeCSV) block(br *bufio.Reader) error {
	// What has arrived of the block: the error text, if it is one (ClickHouse
	// writes it at once, at the end).
	head, _ := br.Peek(min(br.Buffered(), 4096))
	head = append([]byte(nil), head...)
	cols, err := binary.ReadUvarint(br)
	if err != nil {
		return err
	}
	rows, err := binary.ReadUvarint(br)
	if err != nil {
		return err
	}
	if cols != uint64(len(n.formats)) || rows > 1<<20 {
		return notRows(head)
	}
	for c, format := range n.formats {
		name, err := n.readString(br, 64)
		if err == nil && string(name) != "__c"+strconv.Itoa(c) {
			err = errNotRows
		}
		var typ []byte
		if err == nil {
			typ, err = n.readString(br, 64)
		}
		if err == errNotRows {
			return notRows(head)
		} else if err != nil {
			return err
		}
		switch {
		case format != "" && string(typ) == "Float64":
			if n.raw, err = readFull(br, n.raw, 8*int(rows)); err != nil {
				return err
			}
			n.nums[c] = n.nums[c][:0]
			for i := 0; i < int(rows); i++ {
				n.nums[c] = append(n.nums[c], math.Float64frombits(binary.LittleEndian.Uint64(n.raw[8*i:])))
			}
		case format == "" && string(typ) == "String":
			n.strs[c], n.ends[c] = n.strs[c][:0], n.ends[c][:0]
			for i := 0; i < int(rows); i++ {
				l, err := binary.ReadUvarint(br)
				if err != nil {
					return err
				}
				if l > 1<<24 {
					return notRows(head)
				}
				if n.raw, err = readFull(br, n.raw, int(l)); err != nil {
					return err
				}
				n.strs[c] = append(n.strs[c], n.raw...)
				n.ends[c] = append(n.ends[c], len(n.strs[c]))
			}
		default:
			return fmt.Errorf("%w: column __c%d is %s, not what its format %q takes", errNotRows, c, typ, format)
		}
	}
	n.out = n.out[:0]
	for r := 0; r < int(rows); r++ {
		for c, format := range n.formats[:n.written] {
			if c > 0 {
				n.out = append(n.out, ',')
			}
			if fn := n.computed[c]; fn != nil {
				n.row = r
				n.out = appendField(n.out, n.text([]byte(fn(n))))
				continue
			}
			if format != "" {
				n.num = formatNumber(n.num[:0], format, n.nums[c][r], n.sym)
				n.out = appendField(n.out, n.text(n.num)) // the currency symbol is the account's text
				continue
			}
			from := 0
			if r > 0 {
				from = n.ends[c][r-1]
			}
			n.out = appendField(n.out, n.text(n.strs[c][from:n.ends[c][r]]))
		}
		n.out = append(n.out, '\n')
	}
	if _, err := n.w.Write(n.out); err != nil {
		return err
	}
	n.rows += int64(rows)
	if n.progress != nil {
		return n.progress(n.rows)
	}
	return nil
}

// text is a text cell as the file holds it: made safe (csvcell) when n.safe.
func (n *nativeCSV) text(f []byte) []byte {
	if !n.safe {
		return f
	}
	n.cell = csvcell.AppendText(n.cell[:0], f)
	return n.cell
}

// readString reads a length-prefixed string of at most max bytes (a name or type).
func (n *nativeCSV) readString(br *bufio.Reader, max uint64) ([]byte, error) {
	l, err := binary.ReadUvarint(br)
	if err != nil {
		return nil, err
	}
	if l > max {
		return nil, errNotRows
	}
	n.raw, err = readFull(br, n.raw, int(l))
	return n.raw, err
}

// readFull reads k bytes into buf (grown as needed).
func readFull(br *bufio.Reader, buf []byte, k int) ([]byte, error) {
	if cap(buf) < k {
		buf = make([]byte, k)
	}
	buf = buf[:k]
	_, err := io.ReadFull(br, buf)
	if err == io.EOF {
		err = io.ErrUnexpectedEOF
	}
	return buf, err
}

// notRows is the error of a block that is not one: the server's text in head.
func notRows(head []byte) error {
	msg := strings.TrimSpace(string(head))
	if i := strings.Index(msg, "Code: "); i > 0 {
		msg = msg[i:]
	}
	return fmt.Errorf("%w: %s", errNotRows, msg)
}

// appendField appends a CSV field as encoding/csv writes it: quoted (quotes
// doubled) when it holds a comma, quote, CR or LF, starts with a space, or is \.
func appendField(dst, f []byte) []byte {
	needs := string(f) == `\.`
	if !needs && len(f) > 0 {
		r, _ := utf8.DecodeRune(f)
		needs = unicode.IsSpace(r) || bytes.ContainsAny(f, ",\"\r\n")
	}
	if !needs {
		return append(dst, f...)
	}
	dst = append(dst, '"')
	for {
		i := bytes.IndexByte(f, '"')
		if i < 0 {
			break
		}
		dst = append(append(dst, f[:i+1]...), '"')
		f = f[i+1:]
	}
	return append(append(dst, f...), '"')
}

// FormatCell is a cell of an export file whose rows come as values rather than
// Native blocks (a trend report's, trend/): a number as formatNumber writes it
// for the column's format, a string made safe for a spreadsheet (csvcell),
// nothing for a missing value.
func FormatCell(format string, v any, sym string) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return csvcell.Text(x)
	case float64:
		return csvcell.Text(string(formatNumber(nil, format, x, sym)))
	case int64:
		return csvcell.Text(string(formatNumber(nil, format, float64(x), sym)))
	case uint64:
		return csvcell.Text(string(formatNumber(nil, format, float64(x), sym)))
	case int:
		return csvcell.Text(string(formatNumber(nil, format, float64(x), sym)))
	}
	return fmt.Sprint(v)
}

// formatNumber appends f as the grid shows a value of format (engine's numeric
// formats), with the same text as Go's strconv.FormatFloat(f, 'f', 2) rounds it:
// currency as the symbol, the sign and the amount with thousands separators and
// two decimals (€-1,234.50); percent with two decimals and % (-3.25%); number
// with separators and at most two decimals, and no sign when it shows 0. -0 is
// negative, as FormatFloat writes it; NaN and infinities are empty.
func formatNumber(dst []byte, format string, f float64, sym string) []byte {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return dst
	}
	neg := math.Signbit(f)
	var buf [40]byte
	d := hundredths(buf[:0], math.Abs(f))
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
	p := float64(a * 100) // rounded here: the conversion forbids fusing it into p - fl
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
