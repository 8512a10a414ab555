package upload

import (
	"bufio"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"pricelens/api/httperr"
	"pricelens/api/route"
	"pricelens/api/session"
	"pricelens/csvcell"
	pricing "pricelens/pricer"
	"pricelens/store"
	"pricelens/store/authz"
)

// The approval CSV (issue 16, docs/product.md §2 Upload dialogs, §5): the header is
// exactly fsn,status,bizfin comment; status is approved or rejected (lowercase);
// only Pending records of the account's latest real run change. The file applies
// all or nothing in one transaction: when any row is refused (unknown FSN, record
// not Pending, wrong status word, FSN twice, comment over 200 characters, wrong
// number of fields) nothing changes and the 400 answer lists the refused rows;
// otherwise every row applies and the answer says how many records changed.

// ApprovalPath is the route of the approval CSV.
const ApprovalPath = "/upload/uploadApprovalCsv"

// ApprovalColumns is the approval CSV's header, in order.
var ApprovalColumns = []string{"fsn", "status", "bizfin comment"}

// MaxRefusedListed bounds the refused rows an answer lists (refused_count has them all).
const MaxRefusedListed = 1000

// maxRefusedInMessage bounds the refused rows the message spells out.
const maxRefusedInMessage = 20

// ApprovalCSVAnswer is the 200 answer: every row applied.
type ApprovalCSVAnswer struct {
	Changed int    `json:"changed" openapi:"always"`
	Message string `json:"message" openapi:"always"`
}

// ApprovalCSVRefused is the 400 answer when rows are refused: the error (its
// message lists the first refused rows, for the upload dialog), every refused row
// (up to MaxRefusedListed) and the counts. Nothing was applied.
type ApprovalCSVRefused struct {
	Error        *httperr.Error     `json:"error" openapi:"always"`
	Rows         int                `json:"rows" openapi:"always"`
	RefusedCount int                `json:"refused_count" openapi:"always"`
	Refused      []store.RefusedRow `json:"refused" openapi:"always"`
}

// ApprovalRoutes is the approval CSV's route; it needs what the approval screen's
// decisions need (api/grid ApprovalRoutes): "mandated brands" under update. The
// pricer applies the rows (pricing.Pricer.ApplyApprovalCSV); this parses the file.
func ApprovalRoutes(p *pricing.Pricer) []route.Route {
	h := &approvalCSV{p: p}
	return []route.Route{{Method: http.MethodPost, Path: ApprovalPath, Access: route.Perm(authz.MandatedBrands, authz.Update),
		Summary: "Approve or reject Pending records by CSV (multipart field UploadCsv; columns fsn,status,bizfin comment), all rows or none",
		Handler: route.Raw[struct{}, ApprovalCSVAnswer](h.upload, "application/json")}}
}

type approvalCSV struct{ p *pricing.Pricer }

func (h *approvalCSV) upload(c echo.Context) error {
	p, err := session.Account(c)
	if err != nil {
		return err
	}
	if err := Form(c); err != nil {
		return err
	}
	defer RemoveForm(c)
	f, _, err := File(c, IsCSV)
	if err != nil {
		return err
	}
	defer f.Close()
	rows, refused, err := ParseApprovalCSV(f)
	if err != nil {
		return err
	}
	// Rows the parser refused already stop the file: the store then only checks.
	total := len(rows) + len(refused)
	changed, dbRefused, err := h.p.ApplyApprovalCSV(c.Request().Context(), store.Actor{UserID: p.UserID, AccountID: p.AccountID}, rows, len(refused) > 0)
	if err != nil {
		return err
	}
	if refused = mergeRefused(refused, dbRefused); len(refused) > 0 {
		return c.JSON(http.StatusBadRequest, refusedAnswer(total, refused))
	}
	return c.JSON(http.StatusOK, ApprovalCSVAnswer{Changed: changed, Message: fmt.Sprintf("%d records changed", changed)})
}

// ParseApprovalCSV reads the file: the header must be exactly ApprovalColumns
// (RequireHeader: else the specification's message with the list); rows with the
// wrong number of fields are refused here, the others are checked by the store.
func ParseApprovalCSV(r io.Reader) ([]store.ApprovalCSVRow, []store.RefusedRow, error) {
	cr := csv.NewReader(bufio.NewReaderSize(r, 1<<16))
	cr.FieldsPerRecord = -1
	cr.ReuseRecord = true
	if err := RequireHeader(cr, ApprovalColumns...); err != nil {
		return nil, nil, err
	}
	var rows []store.ApprovalCSVRow
	var refused []store.RefusedRow
	for {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		line, _ := cr.FieldPos(0)
		if err != nil {
			var pe *csv.ParseError
			if !errors.As(err, &pe) {
				return nil, nil, httperr.BadRequest("UploadCsv", msgOther)
			}
			refused = append(refused, store.RefusedRow{Line: pe.StartLine, Reason: csvcell.Problem(err)})
			continue
		}
		if len(rec) == 1 && strings.TrimSpace(rec[0]) == "" {
			continue // a blank line
		}
		if len(rec) != len(ApprovalColumns) {
			refused = append(refused, store.RefusedRow{Line: line, FSN: strings.TrimSpace(rec[0]),
				Reason: fmt.Sprintf("the row has %d fields; %d are expected (fsn,status,bizfin comment)", len(rec), len(ApprovalColumns))})
			continue
		}
		rows = append(rows, store.ApprovalCSVRow{Line: line, FSN: strings.TrimSpace(rec[0]), Status: strings.TrimSpace(rec[1]),
			Comment: strings.TrimSpace(rec[2])})
	}
	if len(rows) == 0 && len(refused) == 0 {
		return nil, nil, httperr.BadRequest("UploadCsv", "The file has no rows below its header")
	}
	return rows, refused, nil
}

// mergeRefused lists the refused rows of both checks in file order.
func mergeRefused(a, b []store.RefusedRow) []store.RefusedRow {
	out := make([]store.RefusedRow, 0, len(a)+len(b))
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		if j >= len(b) || (i < len(a) && a[i].Line < b[j].Line) {
			out = append(out, a[i])
			i++
		} else {
			out = append(out, b[j])
			j++
		}
	}
	return out
}

func refusedAnswer(rows int, refused []store.RefusedRow) ApprovalCSVRefused {
	var b strings.Builder
	fmt.Fprintf(&b, "Nothing was applied: %d of %d rows were refused.", len(refused), rows)
	for i, r := range refused {
		if i == maxRefusedInMessage {
			fmt.Fprintf(&b, "\n… and %d more", len(refused)-maxRefusedInMessage)
			break
		}
		if r.FSN != "" {
			fmt.Fprintf(&b, "\nRow %d (%s): %s", r.Line, r.FSN, r.Reason)
		} else {
			fmt.Fprintf(&b, "\nRow %d: %s", r.Line, r.Reason)
		}
	}
	listed := refused
	if len(listed) > MaxRefusedListed {
		listed = listed[:MaxRefusedListed]
	}
	return ApprovalCSVRefused{
		Error: &httperr.Error{Status: http.StatusBadRequest, Code: "rows_refused", Field: "UploadCsv", Message: b.String()},
		Rows:  rows, RefusedCount: len(refused), Refused: listed,
	}
}
