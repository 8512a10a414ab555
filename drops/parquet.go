package drops

import (
	"fmt"
	"io"
	"reflect"

	"github.com/parquet-go/parquet-go"
)

// parquetWriter writes a drop's records as a Parquet file: one string column per
// export column, named by its header and in the grid's order, holding the same
// text as the CSV (so both formats of a drop have the same values). Rows are
// buffered into row groups by the library, a batch at a time.
type parquetWriter struct {
	w    *parquet.Writer
	rows []parquet.Row
}

func newParquetWriter(w io.Writer, header []string) *parquetWriter {
	fields := make([]parquet.Field, len(header))
	seen := map[string]int{}
	for i, h := range header {
		// Parquet columns need distinct names; two grid columns can share a header
		// (labels and labelsNames are both "Labels"): the second is "Labels (2)".
		name := h
		if seen[h]++; seen[h] > 1 {
			name = fmt.Sprintf("%s (%d)", h, seen[h])
		}
		fields[i] = column{Node: parquet.String(), name: name}
	}
	schema := parquet.NewSchema("drop", orderedGroup{fields: fields})
	return &parquetWriter{w: parquet.NewWriter(w, schema, parquet.Compression(&parquet.Zstd))}
}

func (p *parquetWriter) Write(records [][]string) error {
	p.rows = p.rows[:0]
	for _, rec := range records {
		row := make(parquet.Row, len(rec))
		for i, v := range rec {
			row[i] = parquet.ByteArrayValue([]byte(v)).Level(0, 0, i)
		}
		p.rows = append(p.rows, row)
	}
	_, err := p.w.WriteRows(p.rows)
	return err
}

// Flush ends the file (the footer).
func (p *parquetWriter) Flush() error { return p.w.Close() }

// orderedGroup is a Parquet group whose columns keep the order given, where
// parquet.Group (a map) sorts them by name: a drop's columns are in grid order.
type orderedGroup struct {
	parquet.Group
	fields []parquet.Field
}

func (g orderedGroup) Fields() []parquet.Field { return g.fields }

// column is a named leaf of orderedGroup. Rows are written as parquet.Row, so
// Value (the Go-struct path) is never used.
type column struct {
	parquet.Node
	name string
}

func (c column) Name() string                           { return c.name }
func (c column) Value(base reflect.Value) reflect.Value { return base }
