package signed

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type claims struct {
	User int64 `json:"usr"`
}

// A token verifies under the key that signed it, also as the previous key of a
// rotation; a changed payload or signature, another key, or garbage does not.
func TestSignVerify(t *testing.T) {
	old := Keys{Current: []byte("the old secret, 16+ bytes")}
	tok := old.Sign(claims{User: 42})
	var c claims
	require.NoError(t, old.Verify(tok, &c))
	assert.Equal(t, int64(42), c.User)

	rotated := Keys{Current: []byte("the new secret, 16+ bytes"), Previous: old.Current}
	c = claims{}
	require.NoError(t, rotated.Verify(tok, &c), "the previous key still verifies during a rotation")
	assert.Equal(t, int64(42), c.User)
	require.NoError(t, rotated.Verify(rotated.Sign(claims{User: 1}), &c))
	assert.ErrorIs(t, Keys{Current: rotated.Current}.Verify(tok, &c), ErrSignature, "after the rotation the old tokens stop")

	forged := old.Sign(claims{User: 43})
	p, _, _ := strings.Cut(forged, ".")
	_, sig, _ := strings.Cut(tok, ".")
	assert.ErrorIs(t, old.Verify(p+"."+sig, &c), ErrSignature, "another payload under a copied signature")
	assert.ErrorIs(t, old.Verify(tok[:len(tok)-2]+"xx", &c), ErrSignature)
	assert.ErrorIs(t, old.Verify("no-dot", &c), ErrMalformed)
	assert.ErrorIs(t, old.Verify("", &c), ErrMalformed)
}
