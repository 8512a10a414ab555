package ingest

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync/atomic"
	"time"
	"unsafe"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/encoding"
	"github.com/parquet-go/parquet-go/format"
)

// parquetSource reads a Parquet file row group by row group, column by column, in
// chunks of at most chunkRows rows: memory is bounded by a chunk (plus the pages
// being decoded), never by the file. Values are read with ReadValues into a reused
// buffer and copied into typed slices; there is no per-row reflection.
type parquetSource struct {
	f         *parquet.File
	names     []string
	leaves    []int // leaf column index per top-level field
	idx       []int
	cols      []*pqColumn // per bound contract field (nil = absent)
	rg        int
	left      int64 // rows left in the current row group
	read      int64
	done      atomic.Int64 // read, for the writers' progress reports
	total     int64
	chunkRows int
	// free holds chunks the writers are done with: their slices and text arenas are
	// reused, so a load allocates a few chunks, not one per 64k rows (less GC work).
	free chan *chunk
}

// pqColumn is the cursor of one column inside the current row group.
type pqColumn struct {
	leaf   int
	typ    srcType
	scale  int64 // timestamps: units per second (1000 for millis, …); 0 = not a timestamp
	maxDef byte  // 1 for an optional column (a row is NULL when its level is 0), else 0
	pages  parquet.Pages
	page   parquet.Page
	vr     parquet.ValueReader // the generic reader of the page, when it is not bulk
	buf    []parquet.Value

	// The bulk reader of a plain-encoded page: its values as typed slices (data),
	// their definition levels (def; empty when none is NULL), the page's rows, the
	// next row (pos) and the next non-NULL value (vpos). Dictionary-encoded and other
	// pages go through vr, which decodes any page but builds a parquet.Value per cell.
	bulk      bool
	data      encoding.Values
	bools     []bool
	def       []byte
	rows      int
	pos, vpos int
}

func openParquet(ra io.ReaderAt, size int64, chunkRows int) (s *parquetSource, err error) {
	defer func() {
		// parquet-go may panic on some corrupt footers; a bad file is an error, not a crash.
		if r := recover(); r != nil {
			s, err = nil, badFile("parquet", fmt.Sprintf("the file is corrupt: %v", r))
		}
	}()
	f, err := parquet.OpenFile(ra, size, parquet.SkipPageIndex(true), parquet.SkipBloomFilters(true))
	if err != nil {
		return nil, badFile("parquet", "cannot read the file (truncated or not Parquet?): "+err.Error())
	}
	s = &parquetSource{f: f, total: f.NumRows(), chunkRows: chunkRows, free: make(chan *chunk, 8)}
	for _, fld := range f.Schema().Fields() {
		if !fld.Leaf() || fld.Repeated() {
			return nil, badFile("parquet", fmt.Sprintf("column %q is nested or repeated; only flat columns are supported", fld.Name()))
		}
		leaf, ok := f.Schema().Lookup(fld.Name())
		if !ok {
			return nil, badFile("parquet", fmt.Sprintf("column %q has no leaf", fld.Name()))
		}
		s.names = append(s.names, strings.ToLower(strings.TrimSpace(fld.Name())))
		s.leaves = append(s.leaves, leaf.ColumnIndex)
	}
	return s, nil
}

func (s *parquetSource) header() []string { return s.names }

func (s *parquetSource) fraction() float64 { return fractionOf(s.done.Load(), s.total) }

// bind maps each bound field to a typed reader of its column and refuses column types
// that cannot hold the field (e.g. INT96 timestamps).
func (s *parquetSource) bind(fields []field, idx []int) error {
	s.idx = idx
	s.cols = make([]*pqColumn, len(idx))
	schemaFields := s.f.Schema().Fields()
	for i, j := range idx {
		if j < 0 {
			continue
		}
		t := schemaFields[j].Type()
		c := &pqColumn{leaf: s.leaves[j], buf: make([]parquet.Value, s.chunkRows)}
		if schemaFields[j].Optional() {
			c.maxDef = 1
		}
		lt := t.LogicalType()
		switch t.Kind() {
		case parquet.ByteArray, parquet.FixedLenByteArray:
			c.typ = sText
		case parquet.Boolean:
			c.typ = sBool
		case parquet.Float, parquet.Double:
			c.typ = sFloat
		case parquet.Int32:
			c.typ = sInt
			if lt != nil {
				if _, ok := lt.Value.(*format.DateType); ok {
					c.typ = sDate
				}
			}
		case parquet.Int64:
			c.typ = sInt
			if lt != nil {
				if ts, ok := lt.Value.(*format.TimestampType); ok && ts.Unit.Value != nil {
					c.typ = sTime
					c.scale = int64(time.Second / ts.Unit.Value.Duration())
				}
			}
		default:
			return &Error{Code: CodeBadRequest, Column: fields[i].Name,
				Message: fmt.Sprintf("parquet: column %q has type %s, which cannot hold a %s (use INT64 TIMESTAMP for times)", fields[i].Name, t, fields[i].Type)}
		}
		s.cols[i] = c
	}
	return nil
}

func (s *parquetSource) close() error {
	for _, c := range s.cols {
		if c != nil {
			c.release()
		}
	}
	return nil
}

func (c *pqColumn) releasePage() {
	if c.page != nil {
		parquet.Release(c.page)
		c.page, c.vr, c.bulk, c.data, c.def = nil, nil, false, encoding.Values{}, nil
	}
}

// open makes p the current page, with the bulk reader when its encoding allows.
func (c *pqColumn) open(p parquet.Page) {
	c.page, c.bulk = p, false
	if p.Dictionary() == nil && len(p.RepetitionLevels()) == 0 {
		switch p.Type().Kind() {
		case parquet.ByteArray, parquet.Int32, parquet.Int64, parquet.Float, parquet.Double:
			c.bulk = true
			c.data = p.Data()
		case parquet.Boolean:
			if br, ok := p.Values().(parquet.BooleanReader); ok && len(p.DefinitionLevels()) == 0 {
				c.bools = grow(c.bools, int(p.NumValues()))
				n, err := br.ReadBooleans(c.bools)
				c.bulk = n == len(c.bools) && (err == nil || errors.Is(err, io.EOF))
			}
		}
	}
	if !c.bulk {
		c.vr = p.Values()
		return
	}
	c.def, c.rows, c.pos, c.vpos = p.DefinitionLevels(), int(p.NumValues()), 0, 0
}

func (c *pqColumn) release() {
	c.releasePage()
	if c.pages != nil {
		_ = c.pages.Close()
		c.pages = nil
	}
}

func (s *parquetSource) next(ctx context.Context) (ch *chunk, err error) {
	defer func() {
		if r := recover(); r != nil {
			ch, err = nil, badFile("parquet", fmt.Sprintf("the file is corrupt at row %d: %v", s.read+1, r))
		}
	}()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	for s.left == 0 {
		if s.rg >= len(s.f.RowGroups()) {
			return nil, io.EOF
		}
		rg := s.f.RowGroups()[s.rg]
		s.rg++
		s.left = rg.NumRows()
		chunks := rg.ColumnChunks()
		for _, c := range s.cols {
			if c != nil {
				c.release()
				c.pages = chunks[c.leaf].Pages()
			}
		}
	}
	n := int(min(int64(s.chunkRows), s.left))
	select {
	case ch = <-s.free:
		ch.first, ch.bad = s.read+1, nil
	default:
		ch = newChunk(s.idx, s.read+1)
	}
	ch.rows = n
	for i, c := range s.cols {
		if c == nil {
			continue
		}
		if err := c.fill(ch.cols[i], n); err != nil {
			return nil, badFile("parquet", fmt.Sprintf("column %d, rows %d–%d: %v", c.leaf, s.read+1, s.read+int64(n), err))
		}
	}
	s.left -= int64(n)
	s.read += int64(n)
	s.done.Store(s.read)
	return ch, nil
}

// recycle takes back a chunk whose values are no longer referenced (the writer has
// appended them to its INSERT, which copies them).
func (s *parquetSource) recycle(ch *chunk) {
	select {
	case s.free <- ch:
	default:
	}
}

// fill reads the next n values of the column into out. Values are converted batch by
// batch while their page is alive: a ByteArray value points into the page's buffer,
// which is recycled once the page is released.
func (c *pqColumn) fill(out *column, n int) error {
	out.reset(c.typ)
	out.null = out.null[:0]
	out.arena = out.arena[:0]
	switch c.typ {
	case sText:
		out.text = grow(out.text, n)
		clear(out.text)
	case sFloat:
		out.flt = grow(out.flt, n)
		clear(out.flt)
	default:
		out.num = grow(out.num, n)
		clear(out.num)
	}
	got := 0
	for got < n {
		if c.page == nil {
			p, err := c.pages.ReadPage()
			if err != nil {
				if errors.Is(err, io.EOF) {
					return fmt.Errorf("column ended after %d of %d values (truncated file?)", got, n)
				}
				return err
			}
			c.open(p)
		}
		if c.bulk {
			k := min(n-got, c.rows-c.pos)
			if err := c.copyRows(out, got, k, n); err != nil {
				return err
			}
			got += k
			if c.pos == c.rows {
				c.releasePage()
			}
			continue
		}
		k, err := c.vr.ReadValues(c.buf[got:n])
		c.convert(out, c.buf[got:got+k], got, n)
		got += k
		if errors.Is(err, io.EOF) {
			c.releasePage()
			continue
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// copyRows copies the next k rows of the bulk page into out at rows at..at+k.
func (c *pqColumn) copyRows(out *column, at, k, n int) error {
	present := k
	if len(c.def) > 0 {
		present = 0
		for i, d := range c.def[c.pos : c.pos+k] {
			if d < c.maxDef {
				if len(out.null) == 0 {
					out.null = grow(out.null, n)
					clear(out.null)
				}
				out.null[at+i] = true
			} else {
				present++
			}
		}
	}
	v0, v1 := c.vpos, c.vpos+present
	c.pos += k
	c.vpos = v1
	// dst walks the rows that have a value, in order.
	row := at
	dst := func() int {
		for len(out.null) > 0 && out.null[row] {
			row++
		}
		row++
		return row - 1
	}
	switch c.page.Type().Kind() {
	case parquet.ByteArray:
		data, offs := c.data.ByteArray()
		if v1 >= len(offs) {
			return fmt.Errorf("the page has %d values where %d were expected", len(offs)-1, v1)
		}
		// One copy of the rows' bytes into the chunk's arena; the strings point into it.
		out.reserve(int(offs[v1] - offs[v0]))
		base := len(out.arena) - int(offs[v0])
		out.arena = append(out.arena, data[offs[v0]:offs[v1]]...)
		arena := out.arena
		for v := v0; v < v1; v++ {
			r := dst()
			if l := int(offs[v+1] - offs[v]); l > 0 {
				out.text[r] = unsafe.String(&arena[base+int(offs[v])], l)
			}
		}
	case parquet.Int64:
		if c.typ == sTime {
			return scatter(c.data.Int64()[v0:], present, out.num, dst, func(x int64) int64 { return floorDiv(x, c.scale) })
		}
		return scatter(c.data.Int64()[v0:], present, out.num, dst, func(x int64) int64 { return x })
	case parquet.Int32:
		return scatter(c.data.Int32()[v0:], present, out.num, dst, func(x int32) int64 { return int64(x) })
	case parquet.Double:
		return scatter(c.data.Double()[v0:], present, out.flt, dst, func(x float64) float64 { return x })
	case parquet.Float:
		return scatter(c.data.Float()[v0:], present, out.flt, dst, func(x float32) float64 { return float64(x) })
	case parquet.Boolean:
		return scatter(c.bools[v0:], present, out.num, dst, func(b bool) int64 {
			if b {
				return 1
			}
			return 0
		})
	}
	return nil
}

// scatter converts the first n page values into the rows dst hands out (the rows
// that are not NULL, in order).
func scatter[T, U any](vals []T, n int, to []U, dst func() int, conv func(T) U) error {
	if n > len(vals) {
		return fmt.Errorf("the page has %d values where %d were expected", len(vals), n)
	}
	for _, x := range vals[:n] {
		to[dst()] = conv(x)
	}
	return nil
}

// convert copies values (rows at..at+len(vals)) into out.
func (c *pqColumn) convert(out *column, vals []parquet.Value, at, n int) {
	for i := range vals {
		if vals[i].IsNull() {
			if len(out.null) == 0 {
				out.null = grow(out.null, n)
				clear(out.null)
			}
			out.null[at+i] = true
		}
	}
	switch c.typ {
	case sText:
		size := 0
		for i := range vals {
			size += len(vals[i].ByteArray())
		}
		if size == 0 {
			return
		}
		out.reserve(size)
		arena := out.arena
		for i := range vals {
			if b := vals[i].ByteArray(); len(b) > 0 {
				start := len(arena)
				arena = append(arena, b...)
				out.text[at+i] = unsafe.String(&arena[start], len(b))
			}
		}
		out.arena = arena
	case sFloat:
		for i := range vals {
			if vals[i].Kind() == parquet.Float {
				out.flt[at+i] = float64(vals[i].Float())
			} else {
				out.flt[at+i] = vals[i].Double()
			}
		}
	case sBool:
		for i := range vals {
			if vals[i].Boolean() {
				out.num[at+i] = 1
			}
		}
	case sInt, sDate:
		for i := range vals {
			if vals[i].Kind() == parquet.Int32 {
				out.num[at+i] = int64(vals[i].Int32())
			} else {
				out.num[at+i] = vals[i].Int64()
			}
		}
	case sTime:
		for i := range vals {
			out.num[at+i] = floorDiv(vals[i].Int64(), c.scale)
		}
	}
}
