package api_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pricelens/api"
)

// TestWebappContractIsCurrent fails when the webapp's generated copy of the API
// contract (webapp/src/api) no longer matches the route table or the permission
// catalog: run `make api-types` and commit the result.
func TestWebappContractIsCurrent(t *testing.T) {
	files, err := api.Contract()
	require.NoError(t, err)
	for _, name := range api.ContractFiles {
		committed, err := os.ReadFile(filepath.Join("..", "webapp", "src", "api", name))
		require.NoError(t, err, "run `make api-types`")
		assert.True(t, string(committed) == string(files[name]), "webapp/src/api/%s is stale: run `make api-types` and commit it", name)
	}
}

// TestEveryRouteIsDocumented: the OpenAPI document has an operation for every row
// of the route table, with its access rule, and the document is valid OpenAPI 3.1.
func TestEveryRouteIsDocumented(t *testing.T) {
	files, err := api.Contract()
	require.NoError(t, err)
	doc, err := openapi3.NewLoader().LoadFromData(files["openapi.json"])
	require.NoError(t, err)
	require.NoError(t, doc.Validate(t.Context()))
	assert.Equal(t, "3.1.0", doc.OpenAPI)
	routes, _ := api.Routes(api.Deps{})
	require.Greater(t, len(routes), 60)
	for _, r := range routes {
		path := r.Path
		for _, p := range strings.Split(path, "/") {
			if strings.HasPrefix(p, ":") {
				path = strings.Replace(path, p, "{"+p[1:]+"}", 1)
			}
		}
		item := doc.Paths.Find(path)
		require.NotNil(t, item, r.Key())
		op := item.GetOperation(r.Method)
		require.NotNil(t, op, r.Key())
		assert.Equal(t, r.Access.String(), op.Extensions["x-access"], r.Key())
		if strings.HasPrefix(r.Path, "/v1/") {
			assert.True(t, r.Access.IsToken(), "%s: the spec's /api/v1 routes take the bearer token of GET /api/token", r.Key())
		}
	}
}
