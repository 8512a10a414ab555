package api_test

import (
	"os"
	"path/filepath"
	"testing"

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
