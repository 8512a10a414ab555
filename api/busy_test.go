package api

import (
	"fmt"
	"testing"

	"github.com/ClickHouse/clickhouse-go/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A request that waited the dial timeout for a free ClickHouse connection (50
// analysts at L held them with long reports) is a 503 saying the reports are
// busy, not a 500.
func TestPoolExhaustedIsBusy(t *testing.T) {
	e := databases{}.unavailable(fmt.Errorf("query insights: %w", clickhouse.ErrAcquireConnTimeout))
	require.NotNil(t, e)
	assert.Equal(t, 503, e.Status)
	assert.Equal(t, ErrBusy, e.Message)
}
