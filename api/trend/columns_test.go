package trend

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"pricelens/engine"
)

// getColumnsDef's columns follow the report type the service resolved (a saved
// report's or share link's own type: trend.Service.Report, TestTrendsOnS).
func TestColumnsOfTheResolvedReport(t *testing.T) {
	assert.Equal(t, "My margin %", columns(engine.Account{}, engine.TrendMargin).Columns[1].HeaderName)
	assert.Equal(t, "category", columns(engine.Account{}, engine.TrendCompetitiveness).Columns[1].Field)
}
