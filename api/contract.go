package api

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"pricelens/api/route"
	"pricelens/store/authz"
)

// ContractFiles are the webapp's generated copies of the API contract, in
// webapp/src/api/: the OpenAPI document (openapi-typescript turns it into
// schema.d.ts) and the permission catalog. `make api-types` writes them; a test
// fails when the committed ones are stale.
var ContractFiles = []string{"openapi.json", "permissions.gen.ts"}

// Contract renders the contract files from the route table and authz catalog.
func Contract() (map[string][]byte, error) {
	routes, _ := Routes(Deps{})
	routes = append(routes, openAPIRoute(route.Handler{}))
	table, err := route.NewTable(routes)
	if err != nil {
		return nil, err
	}
	doc, err := table.Document("Pricelens API", Version)
	if err != nil {
		return nil, err
	}
	j, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		return nil, err
	}
	return map[string][]byte{"openapi.json": append(j, '\n'), "permissions.gen.ts": permissionsTS()}, nil
}

// permissionsTS is the permission catalog as TypeScript constants, so the webapp
// never keeps a hand-written copy of the Go ids.
func permissionsTS() []byte {
	var b bytes.Buffer
	b.WriteString("// Generated from store/authz by `make api-types`; do not edit.\n\n")
	b.WriteString("/** Resource ids of the access-control map (docs/product.md §6). */\nexport const Resource = {\n")
	for r := authz.Reports; r <= authz.AdvancedTrending; r++ {
		fmt.Fprintf(&b, "  %s: %d,\n", tsName(authz.ResourceNames[r]), int(r))
	}
	b.WriteString("} as const;\n\n/** The four actions of the access-control map. */\nexport type Action =")
	for i, a := range authz.Actions {
		if i > 0 {
			b.WriteString(" |")
		}
		fmt.Fprintf(&b, " '%s'", a)
	}
	b.WriteString(";\n\n/** Permission codes 1–24 (docs/product.md §6) by name. */\nexport const PermCode = {\n")
	for _, p := range authz.Permissions {
		fmt.Fprintf(&b, "  %s: %d,\n", tsName(p.Name), int(p.Code))
	}
	b.WriteString("} as const;\n\n/** Permission names as the access-control answer lists them, by code name. */\nexport const PermName = {\n")
	for _, p := range authz.Permissions {
		fmt.Fprintf(&b, "  %s: '%s',\n", tsName(p.Name), p.Name)
	}
	b.WriteString("} as const;\n")
	return b.Bytes()
}

// tsName turns "edit/read top-bottom rules" into EditReadTopBottomRules.
func tsName(s string) string {
	var b strings.Builder
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == '/' || r == '-' }) {
		b.WriteString(strings.ToUpper(w[:1]) + w[1:])
	}
	return b.String()
}
