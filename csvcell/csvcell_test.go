package csvcell

import (
	"encoding/csv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestText(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`=1+2+cmd|' /C calc'!A0`, `'=1+2+cmd|' /C calc'!A0`},
		{`=HYPERLINK("http://x.example","click")`, `'=HYPERLINK("http://x.example","click")`},
		{"+1+2", "'+1+2"},
		{"-1+2", "'-1+2"},
		{"@SUM(A1:A2)", "'@SUM(A1:A2)"},
		{"\t=1", "'\t=1"},
		{"\r=1", "'\r=1"},
		{"-", "'-"},
		{"-.", "'-."},
		{"- sale", "'- sale"},
		{"-1e5", "'-1e5"}, // not a plain number: a spreadsheet may read the exponent either way
		{"-12.5", "-12.5"},
		{"+3", "+3"},
		{"-0.50", "-0.50"},
		{"-.5", "-.5"},
		{"-1,234.50", "-1,234.50"},
		{"-3.25%", "-3.25%"},
		{"-%", "'-%"},
		{",5", ",5"},
		{"-,5", "'-,5"},
		{"=1,234.50", "'=1,234.50"}, // a currency symbol "=" before an amount
		{"Widget = good", "Widget = good"},
		{"", ""},
		{" =1", " =1"}, // a leading space is text to every spreadsheet
		{"'=1", "'=1"},
	} {
		assert.Equal(t, tc.want, Text(tc.in), "%q", tc.in)
		assert.Equal(t, tc.want, string(AppendText([]byte(nil), []byte(tc.in))), "%q", tc.in)
	}
	assert.Equal(t, []string{"'=a", "b", "-1"}, Texts([]string{"=a", "b", "-1"}))
}

func TestProblem(t *testing.T) {
	for in, want := range map[string]string{
		"a,b\n1,x\"y\n":   `a cell that is not in quotes has a quote (") in it: put the cell in quotes and double the quote`,
		"a,b\n1,\"xy\n":   `a quoted cell is not closed, or has a single quote (") in it: double the quote`,
		"a,b\n1,2,3\n":    "the row has another number of cells than the header",
		"a,b\n1,\"x\"y\n": `a quoted cell is not closed, or has a single quote (") in it: double the quote`,
	} {
		_, err := csv.NewReader(strings.NewReader(in)).ReadAll()
		require.Error(t, err, in)
		assert.Equal(t, want, Problem(err), in)
	}
}
