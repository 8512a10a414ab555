package ingest

import (
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/ipc"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/parquet-go/parquet-go"
)

// ColType is the type a Table column is written with.
type ColType uint8

const (
	ColString    ColType = iota // Parquet BYTE_ARRAY (UTF8), Arrow utf8
	ColInt                      // INT64 / int64
	ColFloat                    // DOUBLE / float64
	ColBool                     // BOOLEAN / bool
	ColTimestamp                // INT64 TIMESTAMP(MILLIS) / timestamp[ms, UTC]; CSV RFC 3339
	ColDate                     // INT32 DATE / date32; CSV YYYY-MM-DD
)

// Col is one column of a Table.
type Col struct {
	Name     string
	Type     ColType
	Optional bool // may hold nil (NULL); in CSV an empty field
}

// Table is rows to write as CSV, Parquet or Arrow: the sample files, the tests' files
// and the benchmark's 10M rows all come from it. Rows are generated on demand (Row
// fills dst with string, int64, float64, bool, time.Time or nil), so writing a large
// table holds one row at a time.
type Table struct {
	Cols []Col
	N    int
	Row  func(i int, dst []any)
	// DictionaryStrings writes Parquet string columns dictionary-encoded, as pyarrow
	// does by default (parquet-go writes them plain).
	DictionaryStrings bool
}

// RowsTable is a Table of literal rows.
func RowsTable(cols []Col, rows [][]any) Table {
	return Table{Cols: cols, N: len(rows), Row: func(i int, dst []any) { copy(dst, rows[i]) }}
}

// Write writes the table in a format; groupRows is the Parquet row-group size and the
// Arrow record-batch size (0 = 65536).
func (t Table) Write(w io.Writer, f Format, groupRows int) error {
	if groupRows <= 0 {
		groupRows = 65536
	}
	switch f {
	case CSV:
		return t.WriteCSV(w)
	case Parquet:
		return t.WriteParquet(w, groupRows)
	case Arrow:
		return t.WriteArrow(w, groupRows)
	}
	return fmt.Errorf("unknown format %q", f)
}

// WriteCSV writes a header row and the rows (RFC 4180, LF line ends).
func (t Table) WriteCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	rec := make([]string, len(t.Cols))
	for i, c := range t.Cols {
		rec[i] = c.Name
	}
	if err := cw.Write(rec); err != nil {
		return err
	}
	row := make([]any, len(t.Cols))
	for r := 0; r < t.N; r++ {
		clear(row)
		t.Row(r, row)
		for i, v := range row {
			rec[i] = csvText(v)
		}
		if err := cw.Write(rec); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

func csvText(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return x
	case int64:
		return strconv.FormatInt(x, 10)
	case int:
		return strconv.Itoa(x)
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	case bool:
		if x {
			return "1"
		}
		return "0"
	case time.Time:
		if x.Hour() == 0 && x.Minute() == 0 && x.Second() == 0 && x.Nanosecond() == 0 && x.Location() == time.UTC {
			return x.Format("2006-01-02")
		}
		return x.UTC().Format(time.RFC3339)
	}
	return fmt.Sprint(v)
}

// WriteParquet writes a flat Parquet file with a row group every groupRows rows.
func (t Table) WriteParquet(w io.Writer, groupRows int) error {
	g := parquet.Group{}
	for _, c := range t.Cols {
		var n parquet.Node
		switch c.Type {
		case ColString:
			n = parquet.String()
			if t.DictionaryStrings {
				n = parquet.Encoded(n, &parquet.RLEDictionary)
			}
		case ColInt:
			n = parquet.Int(64)
		case ColFloat:
			n = parquet.Leaf(parquet.DoubleType)
		case ColBool:
			n = parquet.Leaf(parquet.BooleanType)
		case ColTimestamp:
			n = parquet.Timestamp(parquet.Millisecond)
		case ColDate:
			n = parquet.Date()
		}
		if c.Optional {
			n = parquet.Optional(n)
		}
		g[c.Name] = n
	}
	schema := parquet.NewSchema("rows", g)
	leaf := make([]int, len(t.Cols))
	for i, c := range t.Cols {
		l, _ := schema.Lookup(c.Name)
		leaf[i] = l.ColumnIndex
	}
	// Small pages (16 KiB) so that even small files have many pages per column chunk,
	// like the large files of the data team (readers must cross page boundaries).
	pw := parquet.NewWriter(w, schema, parquet.PageBufferSize(16<<10))
	row := make([]any, len(t.Cols))
	prow := make(parquet.Row, len(t.Cols))
	for r := 0; r < t.N; r++ {
		clear(row)
		t.Row(r, row)
		for i, v := range row {
			def := 0
			if t.Cols[i].Optional {
				def = 1
			}
			var pv parquet.Value
			switch x := v.(type) {
			case nil:
				prow[leaf[i]] = parquet.NullValue().Level(0, 0, leaf[i])
				continue
			case string:
				pv = parquet.ByteArrayValue([]byte(x))
			case int64:
				pv = parquet.Int64Value(x)
			case int:
				pv = parquet.Int64Value(int64(x))
			case float64:
				pv = parquet.DoubleValue(x)
			case bool:
				pv = parquet.BooleanValue(x)
			case time.Time:
				if t.Cols[i].Type == ColDate {
					pv = parquet.Int32Value(int32(floorDiv(x.Unix(), 86400)))
				} else {
					pv = parquet.Int64Value(x.UnixMilli())
				}
			default:
				return fmt.Errorf("column %s: cannot write %T", t.Cols[i].Name, v)
			}
			prow[leaf[i]] = pv.Level(0, def, leaf[i])
		}
		if _, err := pw.WriteRows([]parquet.Row{prow}); err != nil {
			return err
		}
		if (r+1)%groupRows == 0 && r+1 < t.N {
			if err := pw.Flush(); err != nil {
				return err
			}
		}
	}
	return pw.Close()
}

// WriteArrow writes an Arrow IPC stream with a record batch every batchRows rows.
func (t Table) WriteArrow(w io.Writer, batchRows int) error {
	fields := make([]arrow.Field, len(t.Cols))
	for i, c := range t.Cols {
		var dt arrow.DataType
		switch c.Type {
		case ColString:
			dt = arrow.BinaryTypes.String
		case ColInt:
			dt = arrow.PrimitiveTypes.Int64
		case ColFloat:
			dt = arrow.PrimitiveTypes.Float64
		case ColBool:
			dt = arrow.FixedWidthTypes.Boolean
		case ColTimestamp:
			dt = &arrow.TimestampType{Unit: arrow.Millisecond, TimeZone: "UTC"}
		case ColDate:
			dt = arrow.FixedWidthTypes.Date32
		}
		fields[i] = arrow.Field{Name: c.Name, Type: dt, Nullable: c.Optional}
	}
	schema := arrow.NewSchema(fields, nil)
	b := array.NewRecordBuilder(memory.DefaultAllocator, schema)
	defer b.Release()
	iw := ipc.NewWriter(w, ipc.WithSchema(schema))
	flush := func() error {
		rec := b.NewRecordBatch()
		defer rec.Release()
		return iw.Write(rec)
	}
	row := make([]any, len(t.Cols))
	pending := 0
	for r := 0; r < t.N; r++ {
		clear(row)
		t.Row(r, row)
		for i, v := range row {
			fb := b.Field(i)
			if v == nil {
				fb.AppendNull()
				continue
			}
			switch x := fb.(type) {
			case *array.StringBuilder:
				x.Append(v.(string))
			case *array.Int64Builder:
				switch n := v.(type) {
				case int64:
					x.Append(n)
				case int:
					x.Append(int64(n))
				}
			case *array.Float64Builder:
				x.Append(v.(float64))
			case *array.BooleanBuilder:
				x.Append(v.(bool))
			case *array.TimestampBuilder:
				x.Append(arrow.Timestamp(v.(time.Time).UnixMilli()))
			case *array.Date32Builder:
				x.Append(arrow.Date32(floorDiv(v.(time.Time).Unix(), 86400)))
			}
		}
		pending++
		if pending == batchRows {
			if err := flush(); err != nil {
				return err
			}
			pending = 0
		}
	}
	if pending > 0 || t.N == 0 {
		if err := flush(); err != nil {
			return err
		}
	}
	return iw.Close()
}
