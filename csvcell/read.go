package csvcell

import (
	"encoding/csv"
	"errors"
)

// Problem says in words why encoding/csv could not read a row of an uploaded
// file, for the message or the rejects report a person reads; the reader's own
// texts ("bare \" in non-quoted-field") name its internals.
func Problem(err error) string {
	switch {
	case errors.Is(err, csv.ErrBareQuote):
		return `a cell that is not in quotes has a quote (") in it: put the cell in quotes and double the quote`
	case errors.Is(err, csv.ErrQuote):
		return `a quoted cell is not closed, or has a single quote (") in it: double the quote`
	case errors.Is(err, csv.ErrFieldCount):
		return "the row has another number of cells than the header"
	}
	return "the row is not valid CSV"
}
