package api_test

import (
	"testing"

	"github.com/labstack/echo/v4"
	"github.com/stretchr/testify/require"

	"pricelens/api"
)

// newServer is api.New for tests: the route table must be consistent.
func newServer(t *testing.T, d api.Deps) *echo.Echo {
	t.Helper()
	e, err := api.New(d)
	require.NoError(t, err)
	return e
}
