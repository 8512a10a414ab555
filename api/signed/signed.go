// Package signed makes and checks the server's stateless tokens: a JSON payload
// and its HMAC-SHA256 under a server secret (PRICELENS_EMBED_SECRET), as
// "payload.signature" in base64url. Nothing is stored: a token is valid while its
// signature verifies and its claims (checked by the caller: audience, expiry) hold.
// Rotation: a new secret signs at once while the previous one keeps verifying the
// tokens it signed until they expire (Keys.Previous).
package signed

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"strings"
)

// Keys are the current signing secret and, during a rotation, the previous one.
type Keys struct {
	Current  []byte
	Previous []byte // nil outside a rotation
}

// Errors of Verify; both are a 401 to a client.
var (
	ErrMalformed = errors.New("malformed token")
	ErrSignature = errors.New("token signature is invalid")
)

// Sign makes the token of a claims value.
func (k Keys) Sign(claims any) string {
	b, _ := json.Marshal(claims)
	p := base64.RawURLEncoding.EncodeToString(b)
	return p + "." + mac(k.Current, p)
}

// Verify checks the signature under the current or the previous key and decodes
// the payload into claims (a pointer).
func (k Keys) Verify(token string, claims any) error {
	p, sig, ok := strings.Cut(token, ".")
	if !ok || p == "" || sig == "" {
		return ErrMalformed
	}
	valid := false
	for _, key := range [][]byte{k.Current, k.Previous} {
		if len(key) > 0 && hmac.Equal([]byte(sig), []byte(mac(key, p))) {
			valid = true
		}
	}
	if !valid {
		return ErrSignature
	}
	b, err := base64.RawURLEncoding.DecodeString(p)
	if err != nil || json.Unmarshal(b, claims) != nil {
		return ErrMalformed
	}
	return nil
}

func mac(key []byte, payload string) string {
	m := hmac.New(sha256.New, key)
	m.Write([]byte(payload))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}
