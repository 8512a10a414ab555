package appstate

import (
	"encoding/json"
	"fmt"
	"net/url"
	"pricelens/api/route"
	"regexp"
	"strings"

	"github.com/labstack/echo/v4"

	"pricelens/api/httperr"
	"pricelens/api/reqbody"
	"pricelens/api/session"
	"pricelens/store"
)

// sharePathRe is a webapp share path, {report path}/share/{id} (docs/product.md §2 routes);
// the path the mail links to is the stored one (store.SharePath).
var sharePathRe = regexp.MustCompile(`^/(?:pricing|trend/[a-z_]{1,40})/share/([A-Za-z0-9_-]{1,100})$`)

// shareID reads the share id out of the link the webapp sends: a share path, or a
// full link on this site's public address. A link anywhere else is refused: the
// mail says a colleague shared a report, so its link must be one the server made.
func shareID(raw, publicURL string) (string, error) {
	bad := httperr.BadRequest("url", "url must be the share link of a report of this account (%s/pricing/share/…)", publicURL)
	raw = strings.TrimSpace(raw)
	if raw == "" || len(raw) > 2000 {
		return "", bad
	}
	u, err := url.Parse(raw)
	if err != nil || u.User != nil || u.RawQuery != "" || u.Fragment != "" {
		return "", bad
	}
	if u.Scheme != "" || u.Host != "" {
		base, _ := url.Parse(publicURL)
		if base == nil || !strings.EqualFold(u.Scheme, base.Scheme) || !strings.EqualFold(u.Host, base.Host) {
			return "", bad
		}
	}
	m := sharePathRe.FindStringSubmatch(u.Path)
	if m == nil {
		return "", bad
	}
	return m[1], nil
}

// shareLoginLink is the link a share mail carries, built by the server: the
// sign-in page that opens the shared report in its account (docs/product.md §2:
// /login/OneLogin?navigationPage={report path}/share/{id}&account_id={id}). Every
// part is the server's own (the configured address, a stored path, a generated id).
func shareLoginLink(publicURL, sharePath string, accountID int64) string {
	return fmt.Sprintf("%s/login/OneLogin?navigationPage=%s&account_id=%d", publicURL, sharePath, accountID)
}

// ShareMailIn is the body of sendShareLinkByMail: the recipients, and the share
// link (url) of the report to send.
type ShareMailIn struct {
	URL       string          `json:"url" required:"true"`    // a share path or link of this account (see shareID)
	Emails    reqbody.Strings `json:"emails" required:"true"` // at least one address
	Condition json.RawMessage `json:"condition"`              // an object, kept with the mail
}

// Validate checks the recipients (trimmed and deduplicated in place) and the
// condition; the url is checked against the configured address by the handler.
func (in *ShareMailIn) Validate() error {
	emails, err := validRecipients("emails", in.Emails)
	if err != nil {
		return err
	}
	if len(emails) == 0 {
		return httperr.BadRequest("emails", "Select at least one recipient for send a mail.")
	}
	in.Emails = emails
	return jsonKind("condition", in.Condition, '{')
}

// SendShareLink is POST /system/sendShareLinkByMail: queues a mail to the
// recipients with the sign-in link of one of the account's live share links (url
// names it; the mail's link is built here, never copied from the request).
func (h *Handlers) SendShareLink(c echo.Context, p session.Principal, in ShareMailIn) (route.Done, error) {
	id, err := shareID(in.URL, h.PublicURL)
	if err != nil {
		return route.Done{}, err
	}
	ctx := c.Request().Context()
	path, err := h.Store.SharePath(ctx, p.AccountID, id)
	if err != nil {
		return route.Done{}, err
	}
	link := shareLoginLink(h.PublicURL, path, p.AccountID)
	m := store.Mail{Kind: "share_link", Recipients: in.Emails, Subject: p.Email + " shared a Pricelens report with you",
		Body: "Open the report: " + link, Detail: map[string]any{"url": link, "share_id": id, "condition": in.Condition}}
	if err := h.Store.ShareMail(ctx, actor(p), m); err != nil {
		return route.Done{}, err
	}
	return route.Done{OK: true, Message: "Share link was sent successfully"}, nil
}
