// Package appstate holds the handlers of what users edit: saved reports, share
// links and schedules, scenarios, labels, alerts and custom reports. Handlers are
// typed and thin: the route adapters decode the request and run its Validate (the
// specification's messages), the handler calls the store and returns the answer's
// wire type. Request and answer types are in <group>_types.go (next to the
// handlers in the small files); answers convert store rows by name (toReport)
// and keep the JSON keys of docs/api-contract.md. The route table with each call's
// permission is AppRoutes in api/access/register.go.
package appstate

import (
	"context"
	"encoding/json"
	"log/slog"

	"github.com/labstack/echo/v4"

	"pricelens/api/httperr"
	"pricelens/api/route"
	"pricelens/api/session"
	"pricelens/api/signed"
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
	Store   *store.Store
	Perms   Permissions
	Resolve Resolver // nil: select-all is not available
	// EmbedKeys sign custom-report embed tokens (PRICELENS_EMBED_SECRET).
	EmbedKeys signed.Keys
	Log       *slog.Logger
	// PublicURL is the webapp's public address (config PRICELENS_PUBLIC_URL), the
	// base of the links the server mails.
	PublicURL string
}

// Call is an app-state handler: every one works in the caller's selected account
// (the route table's access rule guarantees there is one), so it gets the principal
// with the decoded, validated request.
type Call[Req, Resp any] func(c echo.Context, p session.Principal, in Req) (Resp, error)

// JSON is the route handler of a call with a JSON body (see route.JSON).
func JSON[Req, Resp any](fn Call[Req, Resp]) route.Handler { return route.JSON(inAccount(fn)) }

// Query is the route handler of a call without a body (GET, DELETE): its input is
// the query string, struct{} for none (see route.Query).
func Query[Req, Resp any](fn Call[Req, Resp]) route.Handler { return route.Query(inAccount(fn)) }

func inAccount[Req, Resp any](fn Call[Req, Resp]) func(echo.Context, Req) (Resp, error) {
	return func(c echo.Context, in Req) (Resp, error) {
		p, err := session.Account(c)
		if err != nil {
			var none Resp
			return none, err
		}
		return fn(c, p, in)
	}
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

// list converts a store list to its wire type, keeping nil as nil (rendered
// null, as before the answers were typed).
func list[T, U any](in []T, conv func(T) U) []U {
	if in == nil {
		return nil
	}
	out := make([]U, len(in))
	for i, v := range in {
		out[i] = conv(v)
	}
	return out
}
