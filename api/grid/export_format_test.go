package grid

import (
	"math"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

// The file's cells read as the grid's cells (webapp features/tabular/columns.ts
// formatValue gives the same text for these values).
func TestFormatCSVValue(t *testing.T) {
	for _, c := range []struct {
		format string
		v      any
		want   string
	}{
		{"currency", 1234.5, "€1,234.50"},
		{"currency", 0.0, "€0.00"},
		{"currency", -1234567.891, "€-1,234,567.89"},
		{"percent", -3.14159, "-3.14%"},
		{"percent", 12.0, "12.00%"},
		{"number", uint64(1234567), "1,234,567"},
		{"number", 2.5, "2.5"},
		{"number", 1234.5678, "1,234.57"},
		{"number", -0.001, "0"},
		{"bool", uint8(1), "Yes"},
		{"bool", uint8(0), "No"},
		{"bool", true, "Yes"},
		{"date", time.Date(2024, 5, 1, 10, 30, 0, 0, time.UTC), "2024-05-01 10:30:00"},
		{"date", time.Date(2024, 5, 1, 0, 0, 0, 0, time.UTC), "2024-05-01 00:00:00"},
		{"date", "2026-10-09T17:05:03Z", "2026-10-09 17:05:03"},
		{"currency", nil, ""},
		{"percent", math.NaN(), ""},
		{"text", "Tee, blue", "Tee, blue"},
		{"text", []string{"a", "b"}, "a, b"},
		{"url", "https://shop.example/p/1", "https://shop.example/p/1"},
		{"", 3.25, "3.25"},
	} {
		assert.Equal(t, c.want, FormatCSVValue(c.format, c.v, "€"), "%s %v", c.format, c.v)
	}
}
