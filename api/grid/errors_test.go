package grid

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/ClickHouse/clickhouse-go/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pricelens/report"
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

// The report service's errors carry no status (package report knows no HTTP):
// each kind becomes the status a person expects, with the service's message and
// field, also when wrapped. A kind without a status here would leave as a 500.
func TestMapErrorReport(t *testing.T) {
	for code, status := range map[report.Code]int{report.CodeNotFound: http.StatusNotFound, report.CodeInvalid: http.StatusBadRequest,
		report.CodeConflict: http.StatusConflict, report.CodeGone: http.StatusGone} {
		err := fmt.Errorf("export: %w", &report.Error{Code: code, Message: "msg " + string(code), Field: "f"})
		e := MapError(err)
		require.NotNil(t, e, code)
		assert.Equal(t, status, e.Status, code)
		assert.Equal(t, string(code), e.Code)
		assert.Equal(t, "msg "+string(code), e.Message)
		assert.Equal(t, "f", e.Field)
	}
}
