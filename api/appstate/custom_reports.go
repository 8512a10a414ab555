package appstate

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"pricelens/api/session"
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

// SignEmbed makes a token "payload.signature" (base64url JSON, HMAC-SHA256).
func SignEmbed(key []byte, cl EmbedClaims) string {
	b, _ := json.Marshal(cl)
	p := base64.RawURLEncoding.EncodeToString(b)
	m := hmac.New(sha256.New, key)
	m.Write([]byte(p))
	return p + "." + base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

// VerifyEmbed checks a token's signature and expiry and returns its claims.
func VerifyEmbed(key []byte, token string, now time.Time) (EmbedClaims, error) {
	var cl EmbedClaims
	p, sig, ok := strings.Cut(token, ".")
	if !ok {
		return cl, errors.New("malformed embed token")
	}
	m := hmac.New(sha256.New, key)
	m.Write([]byte(p))
	want := base64.RawURLEncoding.EncodeToString(m.Sum(nil))
	if !hmac.Equal([]byte(sig), []byte(want)) {
		return cl, errors.New("embed token signature is invalid")
	}
	b, err := base64.RawURLEncoding.DecodeString(p)
	if err != nil || json.Unmarshal(b, &cl) != nil {
		return cl, errors.New("malformed embed token")
	}
	if now.Unix() > cl.Expires {
		return cl, errors.New("embed token expired")
	}
	return cl, nil
}

// CustomReports is GET /custom_reports.
func (h *Handlers) CustomReports(c echo.Context) error {
	p, err := session.Account(c)
	if err != nil {
		return err
	}
	rs, err := h.Store.CustomReports(c.Request().Context(), p.AccountID)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"reports": rs})
}

// CustomReport is GET /custom_reports/{id}.
func (h *Handlers) CustomReport(c echo.Context) error {
	p, err := session.Account(c)
	if err != nil {
		return err
	}
	id, err := pathID(c)
	if err != nil {
		return err
	}
	r, err := h.Store.CustomReport(c.Request().Context(), p.AccountID, id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"report": r})
}

// CustomReportEmbed is GET /custom_reports/{id}/embed: a short-lived signed token
// and the embed address carrying it.
func (h *Handlers) CustomReportEmbed(c echo.Context) error {
	p, err := session.Account(c)
	if err != nil {
		return err
	}
	id, err := pathID(c)
	if err != nil {
		return err
	}
	r, err := h.Store.CustomReport(c.Request().Context(), p.AccountID, id)
	if err != nil {
		return err
	}
	exp := time.Now().Add(EmbedTTL)
	tok := SignEmbed(h.EmbedKey, EmbedClaims{AccountID: p.AccountID, ReportID: r.ID, UserID: p.UserID, Expires: exp.Unix()})
	u := r.EmbedURL
	if u != "" {
		sep := "?"
		if strings.Contains(u, "?") {
			sep = "&"
		}
		u += sep + "embed_token=" + url.QueryEscape(tok)
	}
	return c.JSON(http.StatusOK, map[string]any{"embed": map[string]any{"embed_token": tok, "embed_url": u, "expires_at": exp.UTC()}})
}
