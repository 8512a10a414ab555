package engine

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The schema constants name what the ClickHouse migrations create: every table, and
// every column constant in the snapshot the engine reads.
func TestSchemaConstantsMatchTheMigrations(t *testing.T) {
	files, err := filepath.Glob("../migrations/clickhouse/*.sql")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	var all strings.Builder
	for _, f := range files {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		all.Write(b)
	}
	sql := all.String()
	for _, tb := range []Table{TableProducts, TableOffers, TableLatestOffers, TableOfferDaily, TableProductDaily,
		TableProductLabels, TableProductSnapshot, TableProductSnapshotBuild, TableSnapshotBuilds} {
		assert.True(t, tb.Valid(), tb)
		assert.Regexp(t, regexp.MustCompile(`CREATE TABLE `+string(tb)+`\b`), sql, tb)
	}
	snapshot := regexp.MustCompile(`(?s)CREATE TABLE product_snapshot \((.*?)\n\)`).FindStringSubmatch(sql)
	require.Len(t, snapshot, 2)
	for _, col := range []string{ColAccountID, ColProductID, ColName, ColBrand, ColMfgrProdID, ColSuperCategory, ColCategory,
		ColVertical, ColMyPrice, ColCost, ColURL, ColImgURL, ColInStock, ColSearchText, ColRevenue30d, ColUnits30d, ColPageViews30d} {
		assert.Regexp(t, regexp.MustCompile(`(?m)^\s+`+col+`\s`), snapshot[1], col)
	}
	labels := regexp.MustCompile(`(?s)CREATE TABLE product_labels \((.*?)\n\)`).FindStringSubmatch(sql)
	require.Len(t, labels, 2)
	assert.Contains(t, labels[1], ColLabelID)
	offers := regexp.MustCompile(`(?s)CREATE TABLE offers \((.*?)\n\)`).FindStringSubmatch(sql)
	require.Len(t, offers, 2)
	assert.Contains(t, offers[1], ColCompetitorID)
}
