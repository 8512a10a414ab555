package upload

import (
	"errors"
	"mime/multipart"
	"net/http"
	"path/filepath"
	"strings"

	"github.com/labstack/echo/v4"

	"pricelens/api/httperr"
)

// MaxNameLen is the specification's file name limit (§9).
const MaxNameLen = 100

// The specification's messages (administration §5, CSV upload), for every upload.
const (
	msgType     = "File type is incorrect. Please upload csv file."
	msgNameLong = "File name is too long. Please enter a max of 100 characters"
	msgTooBig   = "File size can't be bigger than 200M"
	msgOther    = "can't upload this file"
	msgColumns  = "The file does not contain the required columns (lowercase):"
)

// FileField is the multipart field every upload sends its file in (§7).
const FileField = "UploadCsv"

// receiveFile reads the multipart field UploadCsv under the file rules of §5 that
// every upload shares — size at most MaxBytes (the body is capped while it is
// read), name at most 100 characters, a type accept takes — each refused with the
// specification's message. done removes the form's temporary files.
func receiveFile(c echo.Context, accept func(name string) bool) (fh *multipart.FileHeader, done func(), err error) {
	req := c.Request()
	done = func() {
		if req.MultipartForm != nil {
			_ = req.MultipartForm.RemoveAll()
		}
	}
	if req.ContentLength > MaxBytes+1<<20 {
		return nil, done, tooBig()
	}
	req.Body = http.MaxBytesReader(c.Response(), req.Body, MaxBytes+1<<20)
	fh, err = c.FormFile(FileField)
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return nil, done, tooBig()
		}
		if errors.Is(err, http.ErrMissingFile) {
			return nil, done, httperr.BadRequest(FileField, "Please choose a file to upload (multipart field UploadCsv)")
		}
		return nil, done, httperr.BadRequest(FileField, msgOther)
	}
	switch {
	case len(fh.Filename) > MaxNameLen:
		return nil, done, httperr.BadRequest(FileField, msgNameLong)
	case !accept(fh.Filename):
		return nil, done, httperr.BadRequest(FileField, msgType)
	case fh.Size > MaxBytes:
		return nil, done, tooBig()
	}
	return fh, done, nil
}

// isCSV accepts .csv names only (the specification's type rule).
func isCSV(name string) bool { return strings.EqualFold(filepath.Ext(name), ".csv") }

func tooBig() *httperr.Error {
	return &httperr.Error{Status: http.StatusRequestEntityTooLarge, Code: "too_large", Message: msgTooBig, Field: FileField}
}

// columnsMessage is the header rule's message with the required columns listed.
func columnsMessage(required []string) string {
	return msgColumns + " " + strings.Join(required, ", ")
}
