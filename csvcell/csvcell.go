// Package csvcell is the one place that makes a CSV text cell safe to open in a
// spreadsheet (OWASP "CSV injection"), and that says in words why an uploaded
// CSV's row could not be read (Problem). Every CSV the product hands to a person
// (exports, scheduled mails, CSV drops, the price feed, the upload and ingest
// reports, the match feedback) writes its text cells through Text or AppendText;
// the webapp's client-side CSVs do the same in webapp/src/lib/csv.ts.
//
// Why: product names, brands and competitor names come from scans of other
// companies' web sites, and labels and custom field names from any user of an
// account, so a cell such as =HYPERLINK(…) or =1+2+cmd|' /C calc'!A0 would be
// evaluated by Excel or LibreOffice when a colleague opens the file.
//
// Numbers stay numbers: a cell that is a number as the grid writes it ("-12.5",
// "+3", "-1,234.50", "-3.25%") is left as it is, since a spreadsheet reads it as
// that number, not a formula. So writers may pass every cell through, numeric
// ones too: a currency cell is its account's symbol and the amount, and a symbol
// that begins with "=" must not make the cell a formula. Parquet files keep their strings raw: they are read by programs, which
// would see an added apostrophe as data.
package csvcell

import "strings"

// triggers are the first characters with which a spreadsheet starts a formula
// (or, for tab and carriage return, hides one behind white space).
const triggers = "=+-@\t\r"

// Text returns s safe as a CSV text cell: prefixed with an apostrophe when it
// begins with =, +, -, @, a tab or a carriage return and is not a plain number.
func Text(s string) string {
	if !risky(s) {
		return s
	}
	return "'" + s
}

// AppendText appends the cell f to dst as Text would return it.
func AppendText(dst, f []byte) []byte {
	if risky(string(f)) {
		dst = append(dst, '\'')
	}
	return append(dst, f...)
}

// Texts applies Text to every cell of a record, in place, and returns it.
func Texts(rec []string) []string {
	for i, s := range rec {
		rec[i] = Text(s)
	}
	return rec
}

func risky(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(triggers); i++ {
		if s[0] == triggers[i] {
			return !plainNumber(s)
		}
	}
	return false
}

// plainNumber reports a sign, digits with thousands separators, at most one
// decimal point and an optional trailing percent sign, with a digit somewhere:
// a number as the grid formats it, which a spreadsheet reads as a number.
func plainNumber(s string) bool {
	if s[0] == '+' || s[0] == '-' {
		s = s[1:]
	}
	s = strings.TrimSuffix(s, "%")
	digits, point := 0, false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= '0' && c <= '9':
			digits++
		case c == ',' && !point && digits > 0:
		case c == '.' && !point:
			point = true
		default:
			return false
		}
	}
	return digits > 0
}
