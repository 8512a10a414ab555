package upload

import (
	"encoding/csv"
	"errors"
	"mime/multipart"
	"net/http"
	"path/filepath"
	"strings"

	"github.com/labstack/echo/v4"

	"pricelens/api/httperr"
)

// The specification's file rules (docs/product.md §5, CSV upload; §9: 200 MB, a
// name of at most 100 characters), shared by every upload route: Form reads the
// multipart body under the size cap, File checks the field UploadCsv's name, type
// and size and opens it, RequireHeader checks a CSV's header line.

// Form reads the request's multipart form, refusing a body over MaxBytes (plus
// room for the form's other parts). Call RemoveForm when done.
func Form(c echo.Context) error {
	req := c.Request()
	if req.ContentLength > MaxBytes+1<<20 {
		return tooBig()
	}
	req.Body = http.MaxBytesReader(c.Response(), req.Body, MaxBytes+1<<20)
	if err := req.ParseMultipartForm(32 << 20); err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return tooBig()
		}
		return httperr.BadRequest("UploadCsv", msgOther)
	}
	return nil
}

// RemoveForm removes the temporary files of the form Form read.
func RemoveForm(c echo.Context) {
	if f := c.Request().MultipartForm; f != nil {
		_ = f.RemoveAll()
	}
}

// File opens the form's file field UploadCsv once it passes the name, type
// (accept says which names are of an accepted type) and size rules. Close the file
// when done.
func File(c echo.Context, accept func(name string) bool) (multipart.File, *multipart.FileHeader, error) {
	fh, err := c.FormFile("UploadCsv")
	if err != nil {
		if errors.Is(err, http.ErrMissingFile) {
			return nil, nil, httperr.BadRequest("UploadCsv", "Please choose a file to upload (multipart field UploadCsv)")
		}
		return nil, nil, httperr.BadRequest("UploadCsv", msgOther)
	}
	switch {
	case len(fh.Filename) > 100:
		return nil, nil, httperr.BadRequest("UploadCsv", msgNameLong)
	case !accept(fh.Filename):
		return nil, nil, httperr.BadRequest("UploadCsv", msgType)
	case fh.Size > MaxBytes:
		return nil, nil, tooBig()
	}
	f, err := fh.Open()
	if err != nil {
		return nil, nil, httperr.BadRequest("UploadCsv", msgOther)
	}
	return f, fh, nil
}

// IsCSV accepts file names ending in .csv (any case): uploads other than the data
// team's are csv only.
func IsCSV(name string) bool { return strings.EqualFold(filepath.Ext(name), ".csv") }

// RequireHeader reads the header line and refuses one that is not exactly cols,
// in order and lowercase (a UTF-8 byte order mark before it is allowed).
func RequireHeader(r *csv.Reader, cols ...string) error {
	head, err := r.Read()
	if err == nil && len(head) > 0 {
		head[0] = strings.TrimPrefix(head[0], "\ufeff")
	}
	ok := err == nil && len(head) == len(cols)
	for i := 0; ok && i < len(cols); i++ {
		ok = head[i] == cols[i]
	}
	if !ok {
		return &httperr.Error{Status: http.StatusBadRequest, Code: "missing_column", Field: "UploadCsv",
			Message: msgColumns + " " + strings.Join(cols, ", ")}
	}
	return nil
}
