// Package upload is the file-upload endpoint of the data team: POST
// /api/upload/upload?kind=scans|products|metrics with the file in the multipart
// field UploadCsv. The file loads through package ingest into the session's account
// only, all or nothing: when more than 1% of its rows are rejected, nothing is
// written and the answer names the first bad rows.
package upload

import (
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/labstack/echo/v4"

	"pricelens/api/httperr"
	"pricelens/api/route"
	"pricelens/api/session"
	"pricelens/ingest"
	"pricelens/store/authz"
	"pricelens/warehouse"
)

// MaxBytes is the specification's upload cap (200 MB).
const MaxBytes = 200 << 20

// Path is the route; the /api group's 2 MB body limit must skip it.
const Path = "/upload/upload"

// MaxRejectRatio is the share of rejected rows an upload tolerates.
const MaxRejectRatio = 0.01

// The specification's messages (docs/product.md §5, CSV upload).
const (
	msgType     = "File type is incorrect. Please upload csv file."
	msgNameLong = "File name is too long. Please enter a max of 100 characters"
	msgTooBig   = "File size can't be bigger than 200M"
	msgOther    = "can't upload this file"
	msgColumns  = "The file does not contain the required columns (lowercase):"
)

type handler struct {
	w  *warehouse.Warehouse
	db *pgxpool.Pool
}

// Routes is the upload route. Loading catalogue, scan or metric files changes the
// account's data: it needs "manage application settings".
func Routes(w *warehouse.Warehouse, db *pgxpool.Pool) []route.Route {
	h := &handler{w: w, db: db}
	return []route.Route{{Method: http.MethodPost, Path: Path, Access: route.Perm(authz.ManageAppSettings, authz.Update),
		Summary: "Load a scans, products or metrics file (query kind, multipart field UploadCsv) into the account",
		Handler: route.Raw[struct{}, ingest.Summary](h.upload, "application/json")}}
}

// upload answers the same summary as `pricelens ingest` prints.
func (h *handler) upload(c echo.Context) error {
	p, err := session.Account(c)
	if err != nil {
		return err
	}
	kind, err := ingest.ParseKind(c.QueryParam("kind"))
	if err != nil {
		return httperr.BadRequest("kind", "kind must be scans, products or metrics")
	}
	if err := Form(c); err != nil {
		return err
	}
	defer RemoveForm(c)
	f, fh, err := File(c, func(name string) bool { return ingest.FormatOf(name) != "" })
	if err != nil {
		return err
	}
	defer f.Close()
	req := c.Request()
	sum, err := ingest.Load(req.Context(), h.w, h.db, ingest.Request{
		Kind: kind, Name: fh.Filename, File: f, Size: fh.Size,
		Account: uint32(p.AccountID), MaxRejectRatio: MaxRejectRatio, AllOrNothing: true,
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, sum)
}

func tooBig() *httperr.Error {
	return &httperr.Error{Status: http.StatusRequestEntityTooLarge, Code: "too_large", Message: msgTooBig, Field: "UploadCsv"}
}

// MapError turns ingest's typed errors into statuses (registered in api/errors.go).
func MapError(err error) *httperr.Error {
	var ie *ingest.Error
	if !errors.As(err, &ie) {
		return nil
	}
	switch ie.Code {
	case ingest.CodeMissingColumn:
		return &httperr.Error{Status: http.StatusBadRequest, Code: string(ie.Code), Field: ie.Column,
			Message: fmt.Sprintf("%s %s (missing: %s)", msgColumns, strings.Join(ie.Required, ", "), strings.Join(ie.Missing, ", "))}
	case ingest.CodeAlreadyLoaded, ingest.CodeInProgress:
		return &httperr.Error{Status: http.StatusConflict, Code: string(ie.Code), Message: ie.Message}
	case ingest.CodeRefreshFailed:
		return &httperr.Error{Status: http.StatusServiceUnavailable, Code: string(ie.Code), Message: ie.Message}
	}
	return &httperr.Error{Status: http.StatusBadRequest, Code: string(ie.Code), Message: ie.Message, Field: ie.Column}
}
