package access

import (
	"context"
	"encoding/json"

	"pricelens/api/appstate"
	"pricelens/api/session"
	"pricelens/report"
)

// selectionResolver resolves "select all rows" through the grid engine (the same
// condition the grid shows, minus the toggled rows, with the user's category
// limits). Explicit product lists do not go through ClickHouse, so labelling keeps
// working while ClickHouse is down (the outbox mirrors it later).
func selectionResolver(d Deps) appstate.Resolver {
	if d.Warehouse == nil {
		return nil
	}
	return func(ctx context.Context, p session.Principal, condition json.RawMessage, selectAll bool, toggled []string) ([]string, error) {
		return report.ResolveSelection(ctx, d.Warehouse, d.DB, p, condition, selectAll, toggled)
	}
}
