package warehouse

import (
	"testing"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pricelens/deploy/config"
)

// Every pool sends only the settings its server has: the two releases the suite
// runs on, as their system.settings list them (docs/clickhouse-versions.md).
func TestSettingsPerRelease(t *testing.T) {
	c := config.Config{ClickHouseMaxExecution: 30 * time.Second}
	for _, tc := range []struct {
		name  string
		v     ServerVersion
		wants clickhouse.Settings
	}{
		{"the first connection, which asks", ServerVersion{}, nil},
		{"18.16", ServerVersion{Text: "18.16.1", Major: 18, Minor: 16, Patch: 1,
			known: map[string]bool{"allow_experimental_low_cardinality_type": true}},
			clickhouse.Settings{"max_execution_time": 30, "max_memory_usage": 8_000_000_000, "allow_experimental_low_cardinality_type": 1}},
		{"26.7", ServerVersion{Text: "26.7.2.1", Major: 26, Minor: 7, Patch: 2,
			known: map[string]bool{"allow_replace_partition_from_empty_source": true}},
			clickhouse.Settings{"max_execution_time": 30, "max_memory_usage": 8_000_000_000, "allow_replace_partition_from_empty_source": 1}},
	} {
		assert.Equal(t, tc.wants, settings(c, tc.v), tc.name)
	}
}

func TestParseVersion(t *testing.T) {
	v, err := ParseVersion("26.7.2.1")
	require.NoError(t, err)
	assert.Equal(t, ServerVersion{Text: "26.7.2.1", Major: 26, Minor: 7, Patch: 2}, v)
	v, err = ParseVersion("18.16.1")
	require.NoError(t, err)
	assert.Equal(t, 18, v.Major)
	_, err = ParseVersion("dev")
	assert.Error(t, err)
}
