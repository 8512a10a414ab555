package appstate

import (
	"crypto/rand"
	"encoding/base64"
)

// newToken is an unguessable share-link id.
func newToken() string {
	b := make([]byte, 18)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}
