package ingest

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/ipc"
)

// arrowSource reads an Arrow IPC stream one record batch at a time: memory is bounded
// by the writer's batch size. Columns are copied out of the Arrow arrays by type.
type arrowSource struct {
	r     *ipc.Reader
	cr    *countingReader
	size  int64
	names []string
	idx   []int
	read  int64
}

func openArrow(ra io.ReaderAt, size int64) (s *arrowSource, err error) {
	defer func() {
		if r := recover(); r != nil {
			s, err = nil, badFile("arrow", fmt.Sprintf("the stream is corrupt: %v", r))
		}
	}()
	cr := &countingReader{r: io.NewSectionReader(ra, 0, size)}
	r, err := ipc.NewReader(cr)
	if err != nil {
		return nil, badFile("arrow", "cannot read the stream's schema (not an Arrow IPC stream?): "+err.Error())
	}
	s = &arrowSource{r: r, cr: cr, size: size}
	for _, f := range r.Schema().Fields() {
		s.names = append(s.names, strings.ToLower(strings.TrimSpace(f.Name)))
	}
	return s, nil
}

func (s *arrowSource) header() []string { return s.names }

func (s *arrowSource) fraction() float64 { return fractionOf(s.cr.n.Load(), s.size) }

func (s *arrowSource) close() error { s.r.Release(); return nil }

func (s *arrowSource) bind(fields []field, idx []int) error {
	s.idx = idx
	for i, j := range idx {
		if j < 0 {
			continue
		}
		if _, ok := arrowSrcType(s.r.Schema().Field(j).Type); !ok {
			return &Error{Code: CodeBadRequest, Column: fields[i].Name,
				Message: fmt.Sprintf("arrow: column %q has type %s, which cannot hold a %s", fields[i].Name, s.r.Schema().Field(j).Type, fields[i].Type)}
		}
	}
	return nil
}

func arrowSrcType(t arrow.DataType) (srcType, bool) {
	switch t.ID() {
	case arrow.STRING, arrow.LARGE_STRING, arrow.BINARY, arrow.LARGE_BINARY:
		return sText, true
	case arrow.INT8, arrow.INT16, arrow.INT32, arrow.INT64, arrow.UINT8, arrow.UINT16, arrow.UINT32, arrow.UINT64:
		return sInt, true
	case arrow.FLOAT32, arrow.FLOAT64:
		return sFloat, true
	case arrow.BOOL:
		return sBool, true
	case arrow.TIMESTAMP, arrow.DATE64:
		return sTime, true
	case arrow.DATE32:
		return sDate, true
	}
	return 0, false
}

func (s *arrowSource) next(ctx context.Context) (ch *chunk, err error) {
	defer func() {
		if r := recover(); r != nil {
			ch, err = nil, badFile("arrow", fmt.Sprintf("the stream is corrupt after row %d: %v", s.read, r))
		}
	}()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if !s.r.Next() {
		if err := s.r.Err(); err != nil && err != io.EOF {
			return nil, badFile("arrow", fmt.Sprintf("cannot read the record batch after row %d (truncated stream?): %v", s.read, err))
		}
		return nil, io.EOF
	}
	rec := s.r.RecordBatch()
	n := int(rec.NumRows())
	ch = newChunk(s.idx, s.read+1)
	ch.rows = n
	for i, j := range s.idx {
		if j >= 0 {
			copyArrow(ch.cols[i], rec.Column(j), n)
		}
	}
	s.read += int64(n)
	return ch, nil
}

// copyArrow copies an Arrow array into a column (the record batch is released by the
// reader on the next call, so nothing may point into it).
func copyArrow(out *column, a arrow.Array, n int) {
	typ, _ := arrowSrcType(a.DataType())
	out.reset(typ)
	if a.NullN() > 0 {
		out.null = make([]bool, n)
		for i := 0; i < n; i++ {
			out.null[i] = a.IsNull(i)
		}
	}
	switch typ {
	case sText:
		out.text = make([]string, n)
	case sFloat:
		out.flt = make([]float64, n)
	default:
		out.num = make([]int64, n)
	}
	switch v := a.(type) {
	case *array.String:
		for i := 0; i < n; i++ {
			out.text[i] = strings.Clone(v.Value(i))
		}
	case *array.LargeString:
		for i := 0; i < n; i++ {
			out.text[i] = strings.Clone(v.Value(i))
		}
	case *array.Binary:
		for i := 0; i < n; i++ {
			out.text[i] = string(v.Value(i))
		}
	case *array.LargeBinary:
		for i := 0; i < n; i++ {
			out.text[i] = string(v.Value(i))
		}
	case *array.Int8:
		for i := 0; i < n; i++ {
			out.num[i] = int64(v.Value(i))
		}
	case *array.Int16:
		for i := 0; i < n; i++ {
			out.num[i] = int64(v.Value(i))
		}
	case *array.Int32:
		for i := 0; i < n; i++ {
			out.num[i] = int64(v.Value(i))
		}
	case *array.Int64:
		copy(out.num, v.Int64Values())
	case *array.Uint8:
		for i := 0; i < n; i++ {
			out.num[i] = int64(v.Value(i))
		}
	case *array.Uint16:
		for i := 0; i < n; i++ {
			out.num[i] = int64(v.Value(i))
		}
	case *array.Uint32:
		for i := 0; i < n; i++ {
			out.num[i] = int64(v.Value(i))
		}
	case *array.Uint64:
		for i := 0; i < n; i++ {
			out.num[i] = int64(v.Value(i))
		}
	case *array.Float32:
		for i := 0; i < n; i++ {
			out.flt[i] = float64(v.Value(i))
		}
	case *array.Float64:
		copy(out.flt, v.Float64Values())
	case *array.Boolean:
		for i := 0; i < n; i++ {
			if v.Value(i) {
				out.num[i] = 1
			}
		}
	case *array.Timestamp:
		per := int64(time.Second / v.DataType().(*arrow.TimestampType).Unit.Multiplier())
		for i := 0; i < n; i++ {
			out.num[i] = floorDiv(int64(v.Value(i)), per)
		}
	case *array.Date64:
		for i := 0; i < n; i++ {
			out.num[i] = floorDiv(int64(v.Value(i)), 1000)
		}
	case *array.Date32:
		for i := 0; i < n; i++ {
			out.num[i] = int64(v.Value(i))
		}
	}
}
