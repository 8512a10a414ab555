package pricer

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestMatrixProfiles: every profile is of a listed type, its guardrails are valid
// and name the profile (saveGuardrails copies them as they are), and an unknown
// id is no profile.
func TestMatrixProfiles(t *testing.T) {
	types := map[string]bool{}
	for _, ty := range MatrixTypes() {
		types[ty.ID] = true
	}
	require.NotEmpty(t, MatrixProfiles())
	for _, m := range MatrixProfiles() {
		assert.True(t, types[m.Type], "%s: type %q is listed", m.ID, m.Type)
		assert.NoError(t, m.Guardrails.Validate(), m.ID)
		assert.Equal(t, m.ID, m.Guardrails.MatrixProfile)
		got, ok := Profile(m.ID)
		require.True(t, ok, m.ID)
		assert.Equal(t, m, got)
	}
	_, ok := Profile("bold")
	assert.False(t, ok)
	// The lists are copies: a caller changing one does not change the presets.
	MatrixProfiles()[0].Name = "changed"
	assert.NotEqual(t, "changed", MatrixProfiles()[0].Name)
}
