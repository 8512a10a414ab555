package widgets

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// The embed list is absolute on a configured public address and paths without one (the
// webapp then puts the address the browser opened it at in front).
func TestList(t *testing.T) {
	for _, tc := range []struct {
		name, base, want string
	}{
		{"public URL set", "https://pricelens.example.com", "https://pricelens.example.com/api/widgets/insights_panel.js"},
		{"no public URL", "", "/api/widgets/insights_panel.js"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l := List(tc.base)
			assert.Len(t, l, len(Keys))
			assert.Equal(t, Embed{Key: "insights_panel", URL: tc.want}, l[0])
		})
	}
}
