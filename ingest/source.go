package ingest

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"sync/atomic"
)

// Format is a file format ingest reads.
type Format string

const (
	CSV     Format = "csv"
	Parquet Format = "parquet"
	Arrow   Format = "arrow" // Arrow IPC stream
)

// Formats lists every format in a stable order.
var Formats = []Format{CSV, Parquet, Arrow}

// FormatOf picks the format from a file name's extension ("" when it is none of ours).
func FormatOf(name string) Format {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".csv":
		return CSV
	case ".parquet", ".pq":
		return Parquet
	case ".arrow", ".arrows", ".ipc":
		return Arrow
	}
	return ""
}

// sniff picks the format from the first bytes when the name does not tell.
func sniff(ra io.ReaderAt) Format {
	head := make([]byte, 4)
	n, _ := ra.ReadAt(head, 0)
	head = head[:n]
	switch {
	case bytes.Equal(head, []byte("PAR1")):
		return Parquet
	case bytes.Equal(head, []byte{0xff, 0xff, 0xff, 0xff}):
		return Arrow
	}
	return CSV
}

// source is a streaming reader of one file. The loader asks for the header, binds
// the contract's fields to the file's columns, then pulls chunks until io.EOF.
type source interface {
	header() []string
	// bind tells the reader which file column feeds each field (-1: absent). It fails,
	// before anything is read, when a column's type cannot hold the field.
	bind(fields []field, idx []int) error
	next(ctx context.Context) (*chunk, error)
	// fraction is how much of the file is consumed, 0..1 (for the ETA).
	fraction() float64
	close() error
}

// recycler is a source that reuses the memory of chunks handed back to it. A chunk
// may be recycled only when nothing refers to its values any more.
type recycler interface{ recycle(*chunk) }

// defaultChunkRows bounds the rows held in memory per column at a time.
const defaultChunkRows = 1 << 16

func openSource(format Format, ra io.ReaderAt, size int64, chunkRows int) (source, error) {
	switch format {
	case CSV:
		return openCSV(ra, size, chunkRows)
	case Parquet:
		return openParquet(ra, size, chunkRows)
	case Arrow:
		return openArrow(ra, size)
	}
	return nil, &Error{Code: CodeBadRequest, Message: fmt.Sprintf("unknown format %q (csv, parquet or arrow)", format)}
}

// newChunk allocates the columns a chunk needs for the bound fields.
func newChunk(idx []int, first int64) *chunk {
	ch := &chunk{first: first, cols: make([]*column, len(idx))}
	for i, j := range idx {
		if j >= 0 {
			ch.cols[i] = &column{}
		}
	}
	return ch
}

// countingReader counts the bytes read through it (CSV and Arrow progress); the
// count is read by the writers' progress reports, hence atomic.
type countingReader struct {
	r io.Reader
	n atomic.Int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n.Add(int64(n))
	return n, err
}

// fractionOf is done/total, or -1 when the total is unknown.
func fractionOf(done, total int64) float64 {
	if total <= 0 {
		return -1
	}
	return float64(done) / float64(total)
}
