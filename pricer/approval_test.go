package pricer

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestDecidedMessage: the sentence the approval screen shows after a decision
// counts the records changed and those of the selection left as they were.
func TestDecidedMessage(t *testing.T) {
	for _, tc := range []struct {
		changed, selected int
		decision, want    string
	}{
		{2, 2, "approved", "2 records approved"},
		{1, 1, "rejected", "1 record rejected"},
		{0, 3, "approved", "0 records approved; 3 records no longer Pending left as they were"},
		{1, 2, "rejected", "1 record rejected; 1 record no longer Pending left as they were"},
		{1200, 1200, "approved", "1200 records approved"},
	} {
		assert.Equal(t, tc.want, decidedMessage(tc.changed, tc.selected, tc.decision))
	}
}
