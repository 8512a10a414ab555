package drops

import (
	"bytes"
	"testing"

	"github.com/parquet-go/parquet-go"
	"github.com/stretchr/testify/require"
)

// Two export columns with one header (labels and labelsNames are both "Labels")
// still make a readable file, with the columns in the grid's order.
func TestParquetRepeatedHeaders(t *testing.T) {
	var b bytes.Buffer
	w := newParquetWriter(&b, []string{"Name", "Labels", "Labels"})
	require.NoError(t, w.Write([][]string{{"a", "1,2", "Promo,Sale"}}))
	require.NoError(t, w.Flush())
	f, err := parquet.OpenFile(bytes.NewReader(b.Bytes()), int64(b.Len()))
	require.NoError(t, err)
	var names []string
	for _, fl := range f.Schema().Fields() {
		names = append(names, fl.Name())
	}
	require.Equal(t, []string{"Name", "Labels", "Labels (2)"}, names)
	rows := make([]parquet.Row, 2)
	n, _ := parquet.NewReader(bytes.NewReader(b.Bytes())).ReadRows(rows)
	require.Equal(t, 1, n)
	require.Equal(t, "Promo,Sale", rows[0][2].String())
}
