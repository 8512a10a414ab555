// Package appstate holds the handlers of what users edit: saved reports, share
// links and schedules, scenarios, labels, alerts and custom reports. Handlers are
// thin: decode, validate with the specification's messages, call one store method,
// render. The route table with each call's permission is in api/access/routes.go.
package appstate

import (
	"context"
	"encoding/json"
	"log/slog"

	"github.com/labstack/echo/v4"

	"pricelens/api/httperr"
	"pricelens/api/session"
	"pricelens/store"
	"pricelens/store/authz"
)

// Permissions answers fine-grained checks a route's table entry cannot express
// (e.g. edit label vs edit CI label, which depends on the label).
type Permissions interface {
	Can(c echo.Context, p session.Principal, act authz.Action, code authz.Code) (bool, error)
}

// Resolver turns a grid selection (a condition with select-all and the toggled
// product ids) into product ids, through the grid engine.
type Resolver func(ctx context.Context, p session.Principal, condition json.RawMessage, selectAll bool, toggled []string) ([]string, error)

// Handlers are the app-state calls.
type Handlers struct {
	Store    *store.Store
	Perms    Permissions
	Resolve  Resolver // nil: select-all is not available
	EmbedKey []byte   // HMAC key of custom-report embed tokens
	Log      *slog.Logger
	// PublicURL is the webapp's public address (config PRICELENS_PUBLIC_URL), the
	// base of the links the server mails.
	PublicURL string
}

func actor(p session.Principal) store.Actor {
	return store.Actor{UserID: p.UserID, AccountID: p.AccountID}
}

func (h *Handlers) require(c echo.Context, p session.Principal, act authz.Action, code authz.Code) error {
	ok, err := h.Perms.Can(c, p, act, code)
	if err != nil {
		return err
	}
	if !ok {
		return &httperr.Error{Status: 403, Code: "permission", Message: "Feature is locked for this user"}
	}
	return nil
}
