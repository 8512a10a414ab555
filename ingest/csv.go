package ingest

import (
	"bufio"
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strings"

	"pricelens/csvcell"
)

// csvSource reads RFC 4180 CSV with a header row, UTF-8 with or without a BOM,
// CRLF or LF line ends, one record at a time.
type csvSource struct {
	r         *csv.Reader
	cr        *countingReader
	size      int64
	hdr       []string
	idx       []int
	row       int64
	chunkRows int
	eof       bool
}

func openCSV(ra io.ReaderAt, size int64, chunkRows int) (*csvSource, error) {
	cr := &countingReader{r: io.NewSectionReader(ra, 0, size)}
	br := bufio.NewReaderSize(cr, 1<<20)
	if bom, err := br.Peek(3); err == nil && string(bom) == "\xef\xbb\xbf" {
		_, _ = br.Discard(3)
	}
	r := csv.NewReader(br)
	r.FieldsPerRecord = -1
	r.ReuseRecord = true
	hdr, err := r.Read()
	if errors.Is(err, io.EOF) {
		return nil, badFile("csv", "the file is empty; the first line must be the header row")
	}
	if err != nil {
		return nil, badFile("csv", "cannot read the header row: "+err.Error())
	}
	names := make([]string, len(hdr))
	for i, h := range hdr {
		names[i] = strings.ToLower(strings.TrimSpace(h))
	}
	return &csvSource{r: r, cr: cr, size: size, hdr: names, chunkRows: chunkRows}, nil
}

func (s *csvSource) header() []string { return s.hdr }

func (s *csvSource) bind(_ []field, idx []int) error { s.idx = idx; return nil }

func (s *csvSource) fraction() float64 { return fractionOf(s.cr.n.Load(), s.size) }

func (s *csvSource) close() error { return nil }

func (s *csvSource) next(ctx context.Context) (*chunk, error) {
	if s.eof {
		return nil, io.EOF
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	ch := newChunk(s.idx, s.row+1)
	for _, c := range ch.cols {
		if c != nil {
			c.text = make([]string, 0, s.chunkRows)
		}
	}
	for ch.rows < s.chunkRows {
		rec, err := s.r.Read()
		if errors.Is(err, io.EOF) {
			s.eof = true
			break
		}
		s.row++
		var reason string
		var pe *csv.ParseError
		switch {
		case errors.As(err, &pe):
			reason = fmt.Sprintf("line %d: %s", pe.Line, csvcell.Problem(err))
		case err != nil:
			return nil, badFile("csv", err.Error())
		case len(rec) != len(s.hdr):
			reason = fmt.Sprintf("has %d fields, the header has %d", len(rec), len(s.hdr))
		}
		if reason != "" {
			if ch.bad == nil {
				ch.bad = map[int]string{}
			}
			ch.bad[ch.rows] = reason
		}
		for i, j := range s.idx {
			if j < 0 {
				continue
			}
			v := ""
			if reason == "" {
				v = rec[j]
			}
			ch.cols[i].text = append(ch.cols[i].text, v)
		}
		ch.rows++
	}
	if ch.rows == 0 {
		return nil, io.EOF
	}
	return ch, nil
}
