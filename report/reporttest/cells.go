package reporttest

import (
	"strconv"
	"strings"
)

// FormatFloatCell is the cell as FormatFloat(f, 'f', 2) and en-US grouping write
// it: the rounding the export's number formatting must reproduce exactly
// (report.FormatCell).
func FormatFloatCell(format string, f float64, sym string) string {
	s := strconv.FormatFloat(f, 'f', 2, 64)
	if format == "percent" {
		return s + "%"
	}
	whole, frac, _ := strings.Cut(s, ".")
	sign := ""
	if strings.HasPrefix(whole, "-") {
		sign, whole = "-", whole[1:]
	}
	var b strings.Builder
	for i, d := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(d)
	}
	if format == "currency" {
		return sym + sign + b.String() + "." + frac
	}
	frac = strings.TrimRight(frac, "0")
	if frac == "" {
		if b.String() == "0" {
			sign = ""
		}
		return sign + b.String()
	}
	return sign + b.String() + "." + frac
}
