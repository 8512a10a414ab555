package grid

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/ClickHouse/clickhouse-go/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A report that hits the server's memory or time limit is a 503 saying what to do,
// not a 500; other ClickHouse errors are left to the generic mapping.
func TestMapErrorLimits(t *testing.T) {
	for _, code := range []int32{241, 159, 160, 158, 307} {
		err := fmt.Errorf("query grid-1: %w", &clickhouse.Exception{Code: code, Message: "limit"})
		e := MapError(err)
		require.NotNil(t, e, "code %d", code)
		assert.Equal(t, http.StatusServiceUnavailable, e.Status)
		assert.Equal(t, MsgTooLarge, e.Message)
	}
	assert.Nil(t, MapError(fmt.Errorf("query: %w", &clickhouse.Exception{Code: 62, Message: "syntax"})))
}
