package appstate

import (
	"errors"
	"net/url"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"pricelens/api/httperr"
	"pricelens/api/route"
	"pricelens/api/session"
	"pricelens/api/signed"
	"pricelens/store"
)

// EmbedTTL is how long an embed token is valid.
const EmbedTTL = 10 * time.Minute

// EmbedClaims are what an embed token grants: one user viewing one custom report of one account.
type EmbedClaims struct {
	AccountID int64 `json:"acc"`
	ReportID  int64 `json:"rep"`
	UserID    int64 `json:"usr"`
	Expires   int64 `json:"exp"`
}

// SignEmbed makes an embed token (signed.Keys.Sign).
func SignEmbed(keys signed.Keys, cl EmbedClaims) string { return keys.Sign(cl) }

// VerifyEmbed checks a token's signature and expiry and returns its claims.
func VerifyEmbed(keys signed.Keys, token string, now time.Time) (EmbedClaims, error) {
	var cl EmbedClaims
	if err := keys.Verify(token, &cl); err != nil {
		return cl, err
	}
	if cl.ReportID == 0 {
		return cl, errors.New("not an embed token")
	}
	if now.Unix() > cl.Expires {
		return cl, errors.New("embed token expired")
	}
	return cl, nil
}

// CustomReport is an embedded BI report or dashboard of the account.
type CustomReport struct {
	ID         int64  `json:"id" openapi:"always"`
	Name       string `json:"name" openapi:"always"`
	ReportType int16  `json:"report_type" openapi:"always"`
}

// toCustomReport leaves out the embed address, which only an embed token opens.
func toCustomReport(r store.CustomReport) CustomReport {
	return CustomReport{ID: r.ID, Name: r.Name, ReportType: r.ReportType}
}

// CustomReportsOut is the answer of GET /custom_reports.
type CustomReportsOut struct {
	Reports []CustomReport `json:"reports" openapi:"always"`
}

// CustomReportOut is the answer of GET /custom_reports/{id}.
type CustomReportOut struct {
	Report CustomReport `json:"report" openapi:"always"`
}

// Embed is a short-lived signed token and the embed address carrying it.
type Embed struct {
	EmbedToken string    `json:"embed_token" openapi:"always"`
	EmbedURL   string    `json:"embed_url" openapi:"always"` // "": the report has no embed address
	ExpiresAt  time.Time `json:"expires_at" openapi:"always"`
}

// EmbedOut is the answer of GET /custom_reports/{id}/embed.
type EmbedOut struct {
	Embed Embed `json:"embed" openapi:"always"`
}

// CustomReports is GET /custom_reports.
func (h *Handlers) CustomReports(c echo.Context, p session.Principal, _ struct{}) (CustomReportsOut, error) {
	rs, err := h.Store.CustomReports(c.Request().Context(), p.AccountID)
	if err != nil {
		return CustomReportsOut{}, err
	}
	return CustomReportsOut{Reports: list(rs, toCustomReport)}, nil
}

// CustomReport is GET /custom_reports/{id}.
func (h *Handlers) CustomReport(c echo.Context, p session.Principal, _ struct{}) (CustomReportOut, error) {
	id, err := pathID(c)
	if err != nil {
		return CustomReportOut{}, err
	}
	r, err := h.Store.CustomReport(c.Request().Context(), p.AccountID, id)
	if err != nil {
		return CustomReportOut{}, err
	}
	return CustomReportOut{Report: toCustomReport(r)}, nil
}

// CustomReportEmbed is GET /custom_reports/{id}/embed: a token valid EmbedTTL
// for this user, report and account, and the embed address carrying it.
func (h *Handlers) CustomReportEmbed(c echo.Context, p session.Principal, _ struct{}) (EmbedOut, error) {
	id, err := pathID(c)
	if err != nil {
		return EmbedOut{}, err
	}
	r, err := h.Store.CustomReport(c.Request().Context(), p.AccountID, id)
	if err != nil {
		return EmbedOut{}, err
	}
	exp := time.Now().Add(EmbedTTL)
	tok := SignEmbed(h.EmbedKeys, EmbedClaims{AccountID: p.AccountID, ReportID: r.ID, UserID: p.UserID, Expires: exp.Unix()})
	u := r.EmbedURL
	if u != "" {
		sep := "?"
		if strings.Contains(u, "?") {
			sep = "&"
		}
		u += sep + "embed_token=" + url.QueryEscape(tok)
	}
	return EmbedOut{Embed: Embed{EmbedToken: tok, EmbedURL: u, ExpiresAt: exp.UTC()}}, nil
}

// CustomReportIn is the body of POST /custom_reports (all fields) and PATCH
// /custom_reports/{id} (the fields to change): an administrator's custom report.
type CustomReportIn struct {
	Name       *string `json:"name"`
	ReportType *int16  `json:"report_type"` // 0 report, 1 dashboard
	EmbedURL   *string `json:"embed_url"`   // the BI tool's embed address (http or https)
}

// MaxEmbedURLLen bounds a custom report's embed address.
const MaxEmbedURLLen = 2000

// Validate checks the fields that are set (the report-name rules of saved reports).
func (in *CustomReportIn) Validate() error {
	if in.Name != nil {
		n, err := validReportName(*in.Name)
		if err != nil {
			return err
		}
		in.Name = &n
	}
	if in.ReportType != nil && *in.ReportType != 0 && *in.ReportType != 1 {
		return httperr.BadRequest("report_type", "report_type must be 0 (report) or 1 (dashboard).")
	}
	if in.EmbedURL != nil {
		u, err := url.Parse(strings.TrimSpace(*in.EmbedURL))
		if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || len(*in.EmbedURL) > MaxEmbedURLLen {
			return httperr.BadRequest("embed_url", "The embed address must be an http(s) address of at most %d characters.", MaxEmbedURLLen)
		}
		s := u.String()
		in.EmbedURL = &s
	}
	return nil
}

func (in CustomReportIn) fields() store.CustomReportFields {
	return store.CustomReportFields{Name: in.Name, ReportType: in.ReportType, EmbedURL: in.EmbedURL}
}

// CreateCustomReport is POST /custom_reports: name and embed address are required.
func (h *Handlers) CreateCustomReport(c echo.Context, p session.Principal, in CustomReportIn) (CustomReportOut, error) {
	if in.Name == nil {
		return CustomReportOut{}, httperr.BadRequest("report_name", "Report name can't be empty.")
	}
	if in.EmbedURL == nil {
		return CustomReportOut{}, httperr.BadRequest("embed_url", "The embed address must be an http(s) address of at most %d characters.", MaxEmbedURLLen)
	}
	r, err := h.Store.CreateCustomReport(c.Request().Context(), actor(p), in.fields())
	return CustomReportOut{Report: toCustomReport(r)}, err
}

// UpdateCustomReport is PATCH /custom_reports/{id}.
func (h *Handlers) UpdateCustomReport(c echo.Context, p session.Principal, in CustomReportIn) (CustomReportOut, error) {
	id, err := pathID(c)
	if err != nil {
		return CustomReportOut{}, err
	}
	if in.Name == nil && in.ReportType == nil && in.EmbedURL == nil {
		return CustomReportOut{}, httperr.BadRequest("", "Nothing to change: send name, report_type or embed_url.")
	}
	r, err := h.Store.UpdateCustomReport(c.Request().Context(), actor(p), id, in.fields())
	return CustomReportOut{Report: toCustomReport(r)}, err
}

// DeleteCustomReport is DELETE /custom_reports/{id}.
func (h *Handlers) DeleteCustomReport(c echo.Context, p session.Principal, _ struct{}) (route.OK, error) {
	id, err := pathID(c)
	if err != nil {
		return route.OK{}, err
	}
	return route.OK{OK: true}, h.Store.DeleteCustomReport(c.Request().Context(), actor(p), id)
}
