package ingest

import (
	"math"
	"strconv"
	"strings"
	"time"
)

// srcType is how a reader delivered a column: as text (CSV, string columns) or
// already typed (Parquet and Arrow numbers, booleans, timestamps, dates).
type srcType uint8

const (
	sText  srcType = iota
	sInt           // num
	sFloat         // flt
	sBool          // num 0/1
	sTime          // num: Unix seconds
	sDate          // num: days since 1970-01-01
)

// column is one chunk of one file column, in the reader's native representation.
// Only the slice of its srcType is used; null is nil when the chunk has no NULLs.
type column struct {
	typ  srcType
	null []bool
	text []string
	num  []int64
	flt  []float64
	// arena backs the text of a reused chunk (Parquet): text[i] may point into it.
	arena []byte
}

func (c *column) reset(typ srcType) {
	c.typ = typ
	c.null = c.null[:0]
	c.text = c.text[:0]
	c.num = c.num[:0]
	c.flt = c.flt[:0]
}

// reserve makes room for size more bytes in the arena. The chunk's strings share
// the arena, which is reused with the chunk; one that has to grow moves to a new
// array, and the strings already made keep the old one.
func (c *column) reserve(size int) {
	if cap(c.arena)-len(c.arena) < size {
		c.arena = make([]byte, 0, max(2*cap(c.arena), len(c.arena)+size))
	}
}

func (c *column) isNull(i int) bool { return len(c.null) > i && c.null[i] }

// chunk is a run of consecutive rows of a file: one column per contract field
// (nil when the file does not have it).
type chunk struct {
	rows  int
	first int64 // 1-based number of the chunk's first data row
	cols  []*column
	// bad holds rows the reader could not split into fields (CSV field counts,
	// broken quotes), by index in the chunk, with the reason.
	bad map[int]string
}

// cell is one converted value.
type cell struct {
	null bool
	s    string
	i    int64
	f    float64
}

// Time bounds of a DateTime / Date on ClickHouse, and the earliest plausible scan.
var (
	minTime = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC).Unix()
	maxTime = int64(math.MaxUint32)
)

// futureSlack tolerates clocks of scanners that run slightly ahead.
const futureSlack = 5 * time.Minute

// convert turns the cell at row i of c into the value of field f, or says why not.
// now is the load's clock (Unix seconds).
func convert(f *field, c *column, i int, now int64) (cell, string) {
	if c == nil || c.isNull(i) || (c.typ == sText && blank(c.text[i])) {
		return cell{null: true}, ""
	}
	switch f.Type {
	case tText:
		var s string
		switch c.typ {
		case sText:
			s = c.text[i]
		case sInt, sBool:
			s = strconv.FormatInt(c.num[i], 10)
		case sFloat:
			s = strconv.FormatFloat(c.flt[i], 'f', -1, 64)
		default:
			return cell{}, "expected text, got a " + c.typ.String()
		}
		if f.MaxLen > 0 && len(s) > f.MaxLen {
			return cell{}, "longer than " + strconv.Itoa(f.MaxLen) + " bytes (" + strconv.Itoa(len(s)) + ")"
		}
		return cell{s: s}, ""
	case tID:
		var v int64
		switch c.typ {
		case sInt:
			v = c.num[i]
		case sFloat:
			if c.flt[i] != math.Trunc(c.flt[i]) {
				return cell{}, "expected a whole number, got " + strconv.FormatFloat(c.flt[i], 'g', -1, 64)
			}
			v = int64(c.flt[i])
		case sText:
			n, err := strconv.ParseInt(strings.TrimSpace(c.text[i]), 10, 64)
			if err != nil {
				return cell{}, "expected a whole number, got " + quote(c.text[i])
			}
			v = n
		default:
			return cell{}, "expected a whole number, got a " + c.typ.String()
		}
		if v <= 0 || v > math.MaxUint32 {
			return cell{}, "must be between 1 and 4294967295, got " + strconv.FormatInt(v, 10)
		}
		return cell{i: v}, ""
	case tPrice, tNumber:
		var v float64
		switch c.typ {
		case sFloat:
			v = c.flt[i]
		case sInt:
			v = float64(c.num[i])
		case sText:
			n, err := strconv.ParseFloat(strings.TrimSpace(c.text[i]), 64)
			if err != nil {
				return cell{}, "expected a number, got " + quote(c.text[i])
			}
			v = n
		default:
			return cell{}, "expected a number, got a " + c.typ.String()
		}
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return cell{}, "expected a finite number"
		}
		if v < 0 {
			if f.Type == tPrice {
				return cell{}, "a price must be ≥ 0 (leave it empty for not found), got " + strconv.FormatFloat(v, 'f', -1, 64)
			}
			return cell{}, "must be ≥ 0, got " + strconv.FormatFloat(v, 'f', -1, 64)
		}
		return cell{f: v}, ""
	case tFlag:
		switch c.typ {
		case sBool, sInt:
			if c.num[i] == 0 || c.num[i] == 1 {
				return cell{i: c.num[i]}, ""
			}
			return cell{}, "expected 0 or 1, got " + strconv.FormatInt(c.num[i], 10)
		case sText:
			switch strings.ToLower(strings.TrimSpace(c.text[i])) {
			case "1", "true", "t", "yes", "y":
				return cell{i: 1}, ""
			case "0", "false", "f", "no", "n":
				return cell{i: 0}, ""
			}
			return cell{}, "expected 0/1 or true/false, got " + quote(c.text[i])
		}
		return cell{}, "expected 0/1 or true/false, got a " + c.typ.String()
	case tTime:
		var v int64
		switch c.typ {
		case sTime, sInt:
			v = c.num[i]
		case sDate:
			v = c.num[i] * 86400
		case sText:
			t, ok := parseTime(c.text[i])
			if !ok {
				return cell{}, "expected a timestamp like 2026-11-20T10:15:00Z or 2026-11-20 10:15:00 (UTC), got " + quote(c.text[i])
			}
			v = t
		default:
			return cell{}, "expected a timestamp, got a " + c.typ.String()
		}
		if v > now+int64(futureSlack/time.Second) {
			return cell{}, "is in the future (" + time.Unix(v, 0).UTC().Format(time.RFC3339) + ")"
		}
		if v < minTime || v > maxTime {
			return cell{}, "is before 2000-01-01 (" + time.Unix(v, 0).UTC().Format(time.RFC3339) + ")"
		}
		return cell{i: v}, ""
	case tDate:
		var d int64
		switch c.typ {
		case sDate:
			d = c.num[i]
		case sTime:
			d = floorDiv(c.num[i], 86400)
		case sText:
			t, err := time.Parse("2006-01-02", strings.TrimSpace(c.text[i]))
			if err != nil {
				return cell{}, "expected a date like 2026-11-20, got " + quote(c.text[i])
			}
			d = floorDiv(t.Unix(), 86400)
		case sInt:
			return cell{}, "expected a date like 2026-11-20, got the number " + strconv.FormatInt(c.num[i], 10)
		default:
			return cell{}, "expected a date, got a " + c.typ.String()
		}
		if d > floorDiv(now, 86400) {
			return cell{}, "is in the future (" + time.Unix(d*86400, 0).UTC().Format("2006-01-02") + ")"
		}
		if d*86400 < minTime {
			return cell{}, "is before 2000-01-01 (" + time.Unix(d*86400, 0).UTC().Format("2006-01-02") + ")"
		}
		return cell{i: d}, ""
	}
	return cell{}, "unsupported column type"
}

func (t srcType) String() string {
	return [...]string{"text", "whole number", "number", "boolean", "timestamp", "date"}[t]
}

// blank reports an empty or all-space cell without trimming the common, non-blank one.
func blank(s string) bool {
	if s == "" {
		return true
	}
	if s[0] > ' ' && s[len(s)-1] > ' ' {
		return false
	}
	return strings.TrimSpace(s) == ""
}

var timeLayouts = []string{
	time.RFC3339Nano,
	"2006-01-02T15:04:05",
	"2006-01-02 15:04:05",
	"2006-01-02 15:04:05Z07:00",
	"2006-01-02 15:04",
	"2006-01-02",
}

// parseTime reads a timestamp (UTC unless it carries an offset) or Unix seconds.
func parseTime(s string) (int64, bool) {
	s = strings.TrimSpace(s)
	if n, err := strconv.ParseInt(s, 10, 64); err == nil {
		return n, true
	}
	for _, l := range timeLayouts {
		if t, err := time.Parse(l, s); err == nil {
			return t.Unix(), true
		}
	}
	return 0, false
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

// quote shows a bad value in a reason, cut to a readable length.
func quote(s string) string {
	if len(s) > 40 {
		s = s[:40] + "…"
	}
	return strconv.Quote(s)
}
