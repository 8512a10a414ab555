package pricer

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pricelens/store"
)

// TestRefusalsAreStoreErrors: the pricer's refusals reach the API's one mapping
// of store errors (a 409 or 404 with their message, never a 500), and stay
// recognisable as the pricer's for the export job's wording.
func TestRefusalsAreStoreErrors(t *testing.T) {
	for _, tc := range []struct {
		err  error
		kind store.Kind
	}{
		{ErrNoResults, store.KindConflict},
		{errStaleRun, store.KindConflict},
		{errNoApprovals, store.KindConflict},
		{conflict("This run has no results: it is failed."), store.KindConflict},
		{notFound("The results of this run are no longer kept."), store.KindNotFound},
	} {
		var se *store.Error
		require.True(t, errors.As(tc.err, &se), tc.err.Error())
		assert.Equal(t, tc.kind, se.Kind, tc.err.Error())
		assert.Equal(t, tc.err.Error(), se.Message)
		var r *Refusal
		assert.True(t, errors.As(tc.err, &r))
	}
	var r *Refusal
	assert.False(t, errors.As(store.NotFound("This run does not exist."), &r), "the store's own errors are not the pricer's refusals")
}
