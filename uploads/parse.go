package uploads

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"pricelens/store"
)

// Limits of a row's values.
const (
	maxFSN     = 200
	maxName    = 100
	maxComment = 200 // the specification's comment limit (docs/product.md §9)
	maxPrice   = 1e9
	dateLayout = "2006-01-02"
)

// reader reads a file's records, without a UTF-8 byte order mark, with any field count.
func reader(content []byte) *csv.Reader {
	r := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(content, []byte("\xef\xbb\xbf"))))
	r.FieldsPerRecord = -1
	return r
}

// Parsed is a file's rows: those that passed the row checks, the refused ones, the
// count of data rows and the distinct FSNs named (for the catalogue check).
type Parsed struct {
	Rows    store.UploadRows
	Total   int
	Refused []store.Refusal
	FSNs    []string
	lines   map[string][]int // FSN → the lines of its accepted rows
}

// RefuseMissing refuses every accepted row whose FSN is not in have (e.g. not in
// the catalogue), keeping the refusals in line order.
func (p *Parsed) RefuseMissing(have map[string]bool, reason string) {
	n := len(p.Refused)
	for _, f := range p.FSNs {
		if !have[f] {
			for _, l := range p.lines[f] {
				p.Refused = append(p.Refused, store.Refusal{Line: l, FSN: f, Reason: reason})
			}
		}
	}
	if len(p.Refused) > n {
		slices.SortStableFunc(p.Refused, func(a, b store.Refusal) int { return a.Line - b.Line })
	}
}

// ErrUnreadable is a file that is not CSV past its header (e.g. an unclosed quote).
var ErrUnreadable = errors.New("the file is not a readable CSV file")

// Parse reads a file of the kind (its header already checked) and checks every
// row; today is the day an end date must not be before.
func (k Kind) Parse(content []byte, today time.Time) (*Parsed, error) {
	r := reader(content)
	if _, err := r.Read(); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrUnreadable, err)
	}
	p := &Parsed{lines: map[string][]int{}}
	seen := map[string]int{} // the kind's row key → its first line
	for {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("%w: %v", ErrUnreadable, err)
		}
		p.Total++
		line, _ := r.FieldPos(0)
		for i := range rec {
			rec[i] = strings.TrimSpace(rec[i])
		}
		fsn := rec[0]
		key, add, reason := k.row(&p.Rows, rec, line, today)
		if reason == "" {
			if first, dup := seen[key]; dup {
				reason = fmt.Sprintf("repeats line %d", first)
			} else {
				seen[key] = line
			}
		}
		if reason != "" {
			p.Refused = append(p.Refused, store.Refusal{Line: line, FSN: fsn, Reason: reason})
			continue
		}
		add()
		if p.lines[fsn] == nil {
			p.FSNs = append(p.FSNs, fsn)
		}
		p.lines[fsn] = append(p.lines[fsn], line)
	}
	return p, nil
}

// row checks one record: it returns the row's duplicate key and the function that
// appends its typed row to rs, or the reason it is refused.
func (k Kind) row(rs *store.UploadRows, rec []string, line int, today time.Time) (string, func(), string) {
	if len(rec) != len(k.Columns) {
		return "", nil, fmt.Sprintf("the row has %d fields, the file's header %d", len(rec), len(k.Columns))
	}
	fsn := rec[0]
	if reason := text("fsn", fsn, maxFSN); reason != "" {
		return "", nil, reason
	}
	switch k.Name {
	case Contract:
		floor, ceiling, start, end, reason := firstOf5(price("floor price", rec[1]), price("ceiling price", rec[2]), date("start date", rec[3]), date("end date", rec[4]))
		if reason == "" {
			reason = window(start, end, today)
		}
		if reason == "" && floor > ceiling {
			reason = "the floor price is above the ceiling price"
		}
		return fsn, func() {
			rs.Contracts = append(rs.Contracts, store.ContractRow{Line: line, FSN: fsn, Kind: "contract", Floor: floor, Ceiling: ceiling, Start: start, End: end})
		}, reason
	case ManualContract:
		pr, _, start, end, reason := firstOf5(price("contract price", rec[1]), valueOK(0.0), date("start date", rec[2]), date("end date", rec[3]))
		if reason == "" {
			reason = window(start, end, today)
		}
		if reason == "" {
			reason = text("comment", rec[4], maxComment)
		}
		return fsn, func() {
			rs.Contracts = append(rs.Contracts, store.ContractRow{Line: line, FSN: fsn, Kind: "manual", Floor: pr, Ceiling: pr, Start: start, End: end, Comment: rec[4]})
		}, reason
	case EventPlanning:
		reason := text("event name", rec[1], maxName)
		pr, _, start, end, r2 := firstOf5(price("event price", rec[2]), valueOK(0.0), date("start date", rec[3]), date("end date", rec[4]))
		if reason == "" {
			reason = r2
		}
		if reason == "" {
			reason = window(start, end, today)
		}
		return fsn + "\x00" + strings.ToLower(rec[1]), func() {
			rs.Events = append(rs.Events, store.EventRow{Line: line, FSN: fsn, Name: rec[1], Price: pr, Start: start, End: end})
		}, reason
	case LabelFSN, CILabel:
		reason := text(k.Columns[1], rec[1], maxName)
		return fsn + "\x00" + strings.ToLower(rec[1]), func() {
			rs.Labels = append(rs.Labels, store.LabelRow{Line: line, FSN: fsn, Label: rec[1], CI: k.Name == CILabel})
		}, reason
	case ResetBAU:
		return fsn, func() { rs.Resets = append(rs.Resets, store.ResetRow{Line: line, FSN: fsn}) }, ""
	}
	return "", nil, "unknown kind"
}

// checked is a parsed value or the reason it is refused.
type checked[T any] struct {
	v      T
	reason string
}

func valueOK[T any](v T) checked[T] { return checked[T]{v: v} }

func firstOf5(a, b checked[float64], c, d checked[time.Time]) (float64, float64, time.Time, time.Time, string) {
	reason := a.reason
	for _, r := range []string{b.reason, c.reason, d.reason} {
		if reason == "" {
			reason = r
		}
	}
	return a.v, b.v, c.v, d.v, reason
}

func text(col, v string, maxLen int) string {
	switch {
	case v == "":
		return col + " is empty"
	case utf8.RuneCountInString(v) > maxLen:
		return fmt.Sprintf("%s is longer than %d characters", col, maxLen)
	}
	return ""
}

func price(col, v string) checked[float64] {
	f, err := strconv.ParseFloat(v, 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
		return checked[float64]{reason: fmt.Sprintf("%s %q is not a number", col, v)}
	}
	if f <= 0 || f > maxPrice {
		return checked[float64]{reason: fmt.Sprintf("%s must be above 0 and at most %g", col, float64(maxPrice))}
	}
	return checked[float64]{v: f}
}

func date(col, v string) checked[time.Time] {
	d, err := time.Parse(dateLayout, v)
	if err != nil {
		return checked[time.Time]{reason: fmt.Sprintf("%s %q is not a date (YYYY-MM-DD)", col, v)}
	}
	return checked[time.Time]{v: d}
}

func window(start, end, today time.Time) string {
	switch {
	case end.Before(start):
		return "the end date is before the start date"
	case end.Before(today.UTC().Truncate(24 * time.Hour)):
		return "the end date has passed"
	}
	return ""
}
