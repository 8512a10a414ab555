package upload

import (
	"bytes"
	"encoding/csv"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/labstack/echo/v4"

	"pricelens/api/appstate"
	"pricelens/api/httperr"
	"pricelens/api/route"
	"pricelens/api/session"
	"pricelens/csvcell"
	"pricelens/store"
	"pricelens/store/authz"
	"pricelens/uploads"
)

// The Upload Files screen (/new/repricing/upload_files, issue 16 part 4): one
// upload route per kind of package uploads, each behind its permission code
// (create:any), with the file rules of file.go and the exact header of the kind.
// An accepted file is stored with its process_upload job and applied in the
// background, all or nothing; the screen reads each kind's uploads, their per-row
// reports and what the kind keeps in force.

// Permissions answers the per-kind checks of the read calls, whose kind comes with
// the request.
type Permissions interface {
	Can(c echo.Context, p session.Principal, act authz.Action, code authz.Code) (bool, error)
}

type files struct {
	st    *store.Store
	perms Permissions
	now   func() time.Time
}

// KindOut is one kind the caller may upload.
type KindOut struct {
	Kind        string   `json:"kind" openapi:"always"`
	Title       string   `json:"title" openapi:"always"`
	Path        string   `json:"path" openapi:"always"` // the upload route, under /api
	Columns     []string `json:"columns" openapi:"always"`
	Description string   `json:"description" openapi:"always"`
	ExampleName string   `json:"example_name" openapi:"always"`
}

// KindsOut is GET /upload/getUploadKinds.
type KindsOut struct {
	Kinds []KindOut `json:"kinds" openapi:"always"`
}

// KindIn names a kind (?kind=).
type KindIn struct {
	Kind string `query:"kind"`
}

// Validate refuses an unknown kind.
func (in KindIn) Validate() error {
	if _, ok := uploads.Lookup(in.Kind); !ok {
		return httperr.BadRequest("kind", "kind must be one of contract, reset_bau, label_fsn, manual_contract, ci_label, event_planning")
	}
	return nil
}

// IDIn names an upload (?id=).
type IDIn struct {
	ID int64 `query:"id"`
}

// Validate refuses a missing id.
func (in IDIn) Validate() error {
	if in.ID <= 0 {
		return httperr.BadRequest("id", "id must be an upload's id")
	}
	return nil
}

// FilesOut is GET /upload/getUploadFiles: a kind's latest uploads and what the
// kind keeps in force (values in the order of columns; active_total counts all).
type FilesOut struct {
	Uploads     []store.UploadFile `json:"uploads" openapi:"always"`
	Columns     []string           `json:"columns" openapi:"always"`
	Active      []store.Override   `json:"active" openapi:"always"`
	ActiveTotal int                `json:"active_total" openapi:"always"`
}

// FileRoutes are the Upload Files screen's routes.
func FileRoutes(db *pgxpool.Pool, perms Permissions) []route.Route {
	h := &files{st: store.New(db), perms: perms, now: time.Now}
	G := http.MethodGet
	out := []route.Route{
		{Method: G, Path: "/upload/getUploadKinds", Access: route.InAccount(), Summary: "The upload kinds of the Upload Files screen the caller may use",
			Handler: appstate.Query(h.kinds)},
		{Method: G, Path: "/upload/getUploadFiles", Access: route.InAccount(), Summary: "A kind's latest uploads and what the kind keeps in force (?kind=)",
			Handler: appstate.Query(h.list)},
		{Method: G, Path: "/upload/getUploadFile", Access: route.InAccount(), Summary: "One upload with its refused rows (?id=)",
			Handler: appstate.Query(h.one)},
		{Method: G, Path: "/upload/getUploadReport", Access: route.InAccount(), Summary: "An upload's per-row report as CSV: its rows with result and reason (?id=)",
			Handler: route.Raw[struct{}, struct{}](h.report, "text/csv")},
		{Method: G, Path: "/upload/getUploadExample", Access: route.InAccount(), Summary: "A kind's example CSV file (?kind=)",
			Handler: route.Raw[struct{}, struct{}](h.example, "text/csv")},
	}
	for _, k := range uploads.Kinds {
		out = append(out, route.Route{Method: http.MethodPost, Path: k.Path, Access: route.Perm(k.Code, authz.Create),
			Summary: "Uploads a " + k.Title + " (multipart field UploadCsv, columns " + strings.Join(k.Columns, ", ") + "); processed in the background",
			Handler: route.Raw[struct{}, store.UploadFile](h.upload(k), "application/json")})
	}
	return out
}

// may refuses a kind the caller's role may not upload.
func (h *files) may(c echo.Context, p session.Principal, k uploads.Kind) error {
	ok, err := h.perms.Can(c, p, authz.Create, k.Code)
	if err != nil {
		return err
	}
	if !ok {
		return &httperr.Error{Status: http.StatusForbidden, Code: "permission", Message: "Feature is locked for this user"}
	}
	return nil
}

// upload checks the file (file rules, then the kind's exact header and at least one
// row) and stores it with its job: the answer is the queued upload.
func (h *files) upload(k uploads.Kind) echo.HandlerFunc {
	return func(c echo.Context) error {
		p, err := session.Account(c)
		if err != nil {
			return err
		}
		if err := Form(c); err != nil {
			return err
		}
		defer RemoveForm(c)
		f, fh, err := File(c, IsCSV)
		if err != nil {
			return err
		}
		defer f.Close()
		content, err := io.ReadAll(io.LimitReader(f, MaxBytes+1))
		if err != nil || len(content) > MaxBytes {
			return httperr.BadRequest("UploadCsv", msgOther)
		}
		if err := RequireHeader(csv.NewReader(bytes.NewReader(content)), k.Columns...); err != nil {
			return err
		}
		if bytes.Count(bytes.TrimSpace(content), []byte("\n")) == 0 {
			return httperr.BadRequest("UploadCsv", "The file has no rows under its header.")
		}
		u, err := h.st.CreateUpload(c.Request().Context(), store.Actor{UserID: p.UserID, AccountID: p.AccountID}, k.Name, fh.Filename, content)
		if err != nil {
			return err
		}
		return c.JSON(http.StatusOK, u)
	}
}

func (h *files) kinds(c echo.Context, p session.Principal, _ struct{}) (KindsOut, error) {
	out := KindsOut{Kinds: []KindOut{}}
	for _, k := range uploads.Kinds {
		ok, err := h.perms.Can(c, p, authz.Create, k.Code)
		if err != nil {
			return out, err
		}
		if ok {
			out.Kinds = append(out.Kinds, KindOut{Kind: k.Name, Title: k.Title, Path: k.Path, Columns: k.Columns, Description: k.Description, ExampleName: k.ExampleName()})
		}
	}
	return out, nil
}

func (h *files) list(c echo.Context, p session.Principal, in KindIn) (FilesOut, error) {
	k, _ := uploads.Lookup(in.Kind)
	if err := h.may(c, p, k); err != nil {
		return FilesOut{}, err
	}
	ctx := c.Request().Context()
	ups, err := h.st.Uploads(ctx, p.AccountID, k.Name)
	if err != nil {
		return FilesOut{}, err
	}
	active, total, err := h.st.ActiveOverrides(ctx, p.AccountID, k.Name, h.now().UTC())
	if err != nil {
		return FilesOut{}, err
	}
	cols := k.Columns
	if k.Name == uploads.ResetBAU {
		cols = []string{}
	}
	return FilesOut{Uploads: ups, Columns: cols, Active: active, ActiveTotal: total}, nil
}

// owned returns an upload of the account whose kind the caller may upload.
func (h *files) owned(c echo.Context, p session.Principal, id int64) (store.UploadFile, error) {
	u, err := h.st.Upload(c.Request().Context(), p.AccountID, id)
	if err != nil {
		return u, err
	}
	k, _ := uploads.Lookup(u.Kind)
	return u, h.may(c, p, k)
}

func (h *files) one(c echo.Context, p session.Principal, in IDIn) (store.UploadFile, error) {
	return h.owned(c, p, in.ID)
}

// report writes the file's rows with two more columns: result (applied, refused,
// or not applied when another row was refused; pending while it is processed) and
// reason.
func (h *files) report(c echo.Context) error {
	p, err := session.Account(c)
	if err != nil {
		return err
	}
	id, _ := strconv.ParseInt(c.QueryParam("id"), 10, 64)
	if err := (IDIn{ID: id}).Validate(); err != nil {
		return err
	}
	if _, err := h.owned(c, p, id); err != nil {
		return err
	}
	u, content, err := h.st.UploadReport(c.Request().Context(), p.AccountID, id)
	if err != nil {
		return err
	}
	reasons := make(map[int]string, len(u.Refused))
	for _, r := range u.Refused {
		reasons[r.Line] = r.Reason
	}
	other := map[string]string{"done": "applied", "failed": "not applied", "queued": "pending", "processing": "pending"}[u.Status]
	r := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(content, []byte("\xef\xbb\xbf"))))
	r.FieldsPerRecord = -1
	resp := c.Response()
	resp.Header().Set(echo.HeaderContentType, "text/csv; charset=utf-8")
	resp.Header().Set(echo.HeaderContentDisposition, `attachment; filename="report_`+strconv.FormatInt(u.ID, 10)+`.csv"`)
	resp.WriteHeader(http.StatusOK)
	w := csv.NewWriter(resp)
	for first := true; ; first = false {
		rec, err := r.Read()
		if err != nil { // io.EOF, or past an unreadable line (the upload says why)
			break
		}
		line, _ := r.FieldPos(0)
		switch reason, refused := reasons[line]; {
		case first:
			rec = append(rec, "result", "reason")
		case refused:
			rec = append(rec, "refused", reason)
		case other == "not applied" && len(u.Refused) > 0:
			rec = append(rec, other, "another row of the file was refused")
		case other == "not applied":
			rec = append(rec, other, u.Error)
		default:
			rec = append(rec, other, "")
		}
		if err := w.Write(csvcell.Texts(rec)); err != nil { // the file's own cells come back too
			return nil
		}
	}
	w.Flush()
	return nil
}

func (h *files) example(c echo.Context) error {
	in := KindIn{Kind: c.QueryParam("kind")}
	if err := in.Validate(); err != nil {
		return err
	}
	k, _ := uploads.Lookup(in.Kind)
	c.Response().Header().Set(echo.HeaderContentDisposition, `attachment; filename="`+k.ExampleName()+`"`)
	return c.Blob(http.StatusOK, "text/csv; charset=utf-8", []byte(k.Example))
}
