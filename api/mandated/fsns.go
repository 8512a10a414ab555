package mandated

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"net/http"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/labstack/echo/v4"

	"pricelens/api/httperr"
	"pricelens/api/session"
	"pricelens/api/upload"
	"pricelens/csvcell"
	"pricelens/engine"
	"pricelens/store"
)

// The mandated FSN CSV (docs/product.md §3): exactly these columns, in order.
var fsnColumns = []string{"fsn", "comment"}

// The upload types (uploadFileType).
const (
	AddFSNs    = "add_fsns"
	RemoveFSNs = "remove_fsns"
)

// maxFSNLen bounds an FSN (the catalogue's product id limit).
const maxFSNLen = 200

// ExampleCSV is the example file the dialog's link downloads.
const ExampleCSV = "fsn,comment\nFSN00000001,Price set by the brand owner\nFSN00000002,Contract price until the end of the quarter\n"

func (h *Handlers) example(c echo.Context) error {
	if _, err := session.Account(c); err != nil {
		return err
	}
	c.Response().Header().Set(echo.HeaderContentDisposition, `attachment; filename="mandated_fsns_example.csv"`)
	return c.Blob(http.StatusOK, "text/csv; charset=utf-8", []byte(ExampleCSV))
}

// uploadFSNs adds or removes mandated FSNs: every row or none. A row is refused
// for an empty or too long FSN, an FSN twice in the file, a missing or too long
// comment when adding, an FSN not in the catalogue (adding) or not mandated
// (removing); then nothing changes and the answer lists the refused rows.
func (h *Handlers) uploadFSNs(c echo.Context) error {
	p, err := session.Account(c)
	if err != nil {
		return err
	}
	if err := upload.Form(c); err != nil {
		return err
	}
	defer upload.RemoveForm(c)
	action := c.FormValue("uploadFileType")
	switch action {
	case "":
		return httperr.BadRequest("uploadFileType", msgAction)
	case AddFSNs, RemoveFSNs:
	default:
		return httperr.BadRequest("uploadFileType", "uploadFileType must be add_fsns or remove_fsns")
	}
	f, _, err := upload.File(c, upload.IsCSV)
	if err != nil {
		return err
	}
	defer f.Close()
	rows, refused, err := readFSNs(f, action == AddFSNs)
	if err != nil {
		return err
	}
	total := len(rows) + len(refused)
	ctx := c.Request().Context()
	if action == AddFSNs && len(rows) > 0 {
		ids := make([]string, len(rows))
		for i, r := range rows {
			ids[i] = r.FSN
		}
		st, err := engine.CompileKnownProducts(uint32(p.AccountID), ids)
		if err != nil {
			return err
		}
		found, err := h.W.Strings(ctx, st)
		if err != nil {
			return err
		}
		known := make(map[string]bool, len(found))
		for _, id := range found {
			known[id] = true
		}
		for _, r := range rows {
			if !known[r.FSN] {
				refused = append(refused, store.Refusal{Line: r.Line, FSN: r.FSN, Reason: "this FSN is not in the catalogue"})
			}
		}
	}
	if len(refused) > 0 {
		return refusedError(total, sortRefusals(refused))
	}
	a := store.Actor{UserID: p.UserID, AccountID: p.AccountID}
	out := FSNResult{Action: action, Applied: len(rows)}
	if action == AddFSNs {
		if err := h.Store.AddMandatedFSNs(ctx, a, rows); err != nil {
			return err
		}
		out.Message = fmt.Sprintf("%d FSNs are mandated", len(rows))
	} else {
		refused, err := h.Store.RemoveMandatedFSNs(ctx, a, rows)
		if err != nil {
			return err
		}
		if len(refused) > 0 {
			return refusedError(total, refused)
		}
		out.Message = fmt.Sprintf("%d FSNs are no longer mandated", len(rows))
	}
	return c.JSON(http.StatusOK, out)
}

// readFSNs reads the file's rows: the valid ones and the refused ones (each
// with its line). A file that is not CSV at all, or has no rows, is an error.
func readFSNs(f io.Reader, adding bool) (rows []store.MandatedFSN, refused []store.Refusal, err error) {
	r := csv.NewReader(f)
	r.FieldsPerRecord = -1
	if err := upload.RequireHeader(r, fsnColumns...); err != nil {
		return nil, nil, err
	}
	seen := map[string]int{}
	for {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		var pe *csv.ParseError
		if errors.As(err, &pe) {
			return nil, nil, httperr.BadRequest("UploadCsv", "The file is not a valid CSV: line %d: %s.", pe.Line, csvcell.Problem(err))
		}
		if err != nil {
			return nil, nil, httperr.BadRequest("UploadCsv", "can't upload this file")
		}
		line, _ := r.FieldPos(0)
		if len(rec) == 1 && rec[0] == "" {
			continue // a blank line
		}
		refuse := func(fsn, why string) { refused = append(refused, store.Refusal{Line: line, FSN: fsn, Reason: why}) }
		if len(rec) != len(fsnColumns) {
			refuse(strings.TrimSpace(rec[0]), fmt.Sprintf("the row has %d columns, not 2 (fsn,comment)", len(rec)))
			continue
		}
		fsn, comment := strings.TrimSpace(rec[0]), strings.TrimSpace(rec[1])
		switch {
		case fsn == "":
			refuse(fsn, "the FSN is empty")
		case utf8.RuneCountInString(fsn) > maxFSNLen || strings.ContainsFunc(fsn, isControl):
			refuse(fsn, fmt.Sprintf("the FSN is not a product id (at most %d characters, no control characters)", maxFSNLen))
		case seen[fsn] != 0:
			refuse(fsn, fmt.Sprintf("the FSN is already on line %d", seen[fsn]))
		case adding && comment == "":
			refuse(fsn, "a comment is required when adding")
		case utf8.RuneCountInString(comment) > MaxComment:
			refuse(fsn, fmt.Sprintf("the comment is longer than %d characters", MaxComment))
		case strings.ContainsRune(comment, 0) || !utf8.ValidString(comment):
			refuse(fsn, "the comment is not valid UTF-8 text")
		default:
			seen[fsn] = line
			rows = append(rows, store.MandatedFSN{Line: line, FSN: fsn, Comment: comment})
		}
	}
	if len(rows) == 0 && len(refused) == 0 {
		return nil, nil, httperr.BadRequest("UploadCsv", "The file has no rows after its header")
	}
	return rows, refused, nil
}

func isControl(r rune) bool { return r < 0x20 || r == 0x7f }

// sortRefusals orders refusals by line (reading and the catalogue check add
// them separately).
func sortRefusals(rs []store.Refusal) []store.Refusal {
	sort.SliceStable(rs, func(i, j int) bool { return rs[i].Line < rs[j].Line })
	return rs
}
