package upload

import (
	"errors"
	"mime/multipart"
	"net/http"

	"github.com/labstack/echo/v4"

	"pricelens/api/httperr"
)

// File is an uploaded file that passed the specification's file rules (§5, §9).
// Close releases it and the request's temporary files.
type File struct {
	multipart.File
	Name string
	Size int64
	req  *http.Request
}

// Close closes the file and removes the multipart form's temporary files.
func (f *File) Close() error {
	err := f.File.Close()
	if f.req.MultipartForm != nil {
		_ = f.req.MultipartForm.RemoveAll()
	}
	return err
}

// Receive reads the file of the multipart field UploadCsv under every upload's
// rules, with the specification's messages: a name of at most 100 characters, a
// type typeOK accepts, at most MaxBytes (a larger body is cut off while it
// arrives, never buffered whole); any other refusal is "can't upload this file".
func Receive(c echo.Context, typeOK func(name string) bool) (*File, error) {
	req := c.Request()
	if req.ContentLength > MaxBytes+1<<20 {
		return nil, tooBig()
	}
	req.Body = http.MaxBytesReader(c.Response(), req.Body, MaxBytes+1<<20)
	fh, err := c.FormFile("UploadCsv")
	if err != nil {
		if req.MultipartForm != nil {
			_ = req.MultipartForm.RemoveAll()
		}
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return nil, tooBig()
		}
		if errors.Is(err, http.ErrMissingFile) {
			return nil, httperr.BadRequest("UploadCsv", "Please choose a file to upload (multipart field UploadCsv)")
		}
		return nil, httperr.BadRequest("UploadCsv", msgOther)
	}
	refuse := func(e *httperr.Error) (*File, error) {
		_ = req.MultipartForm.RemoveAll()
		return nil, e
	}
	switch {
	case len(fh.Filename) > 100:
		return refuse(httperr.BadRequest("UploadCsv", msgNameLong))
	case !typeOK(fh.Filename):
		return refuse(httperr.BadRequest("UploadCsv", msgType))
	case fh.Size > MaxBytes:
		return refuse(tooBig())
	}
	f, err := fh.Open()
	if err != nil {
		return refuse(httperr.BadRequest("UploadCsv", msgOther))
	}
	return &File{File: f, Name: fh.Filename, Size: fh.Size, req: req}, nil
}

func tooBig() *httperr.Error {
	return &httperr.Error{Status: http.StatusRequestEntityTooLarge, Code: "too_large", Message: msgTooBig, Field: "UploadCsv"}
}
