package access

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"math/big"
	"net/url"
)

// randomToken returns n random bytes, base64url without padding.
func randomToken(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

// tokenHash is the stored form of a bearer token: hex SHA-256.
func tokenHash(token string) string {
	h := sha256.Sum256([]byte(token))
	return hex.EncodeToString(h[:])
}

const passwordAlphabet = "abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789!@$*-_"

// generatePassword returns a random 14-character password (no look-alike characters).
func generatePassword() string {
	out := make([]byte, 14)
	max := big.NewInt(int64(len(passwordAlphabet)))
	for i := range out {
		n, _ := rand.Int(rand.Reader, max)
		out[i] = passwordAlphabet[n.Int64()]
	}
	return string(out)
}

// setPasswordLink is the absolute link of a password reset or invitation mail: the
// webapp's page that takes the token and a new password. It is built from the
// configured public address (PRICELENS_PUBLIC_URL), never from the request, so a
// forged Host header cannot send a user's token to another site.
func (s *Service) setPasswordLink(token string) string {
	return s.Settings.PublicURL + "/login/reset?token=" + url.QueryEscape(token)
}
