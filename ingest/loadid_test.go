package ingest

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"
)

// The segmented id is the SHA-256 of the segments' digests, whatever the number of
// cores that computed them; a file within one segment keeps the plain SHA-256 id.
func TestLoadIDSegments(t *testing.T) {
	defer func(s int64) { hashSegment = s }(hashSegment)
	hashSegment = 1000
	data := make([]byte, 4321)
	for i := range data {
		data[i] = byte(i * 7)
	}
	reference := func(kind Kind, account uint32, b []byte) string {
		h := sha256.New()
		fmt.Fprintf(h, "pricelens-ingest\x00%s\x00%d\x00", kind, account)
		if int64(len(b)) <= hashSegment {
			h.Write(b)
			return hex.EncodeToString(h.Sum(nil))
		}
		fmt.Fprintf(h, "segments\x00%d\x00%d\x00", hashSegment, len(b))
		for off := 0; off < len(b); off += int(hashSegment) {
			s := sha256.Sum256(b[off:min(off+int(hashSegment), len(b))])
			h.Write(s[:])
		}
		return hex.EncodeToString(h.Sum(nil))
	}
	id := func(kind Kind, account uint32, b []byte) string {
		got, err := LoadID(kind, account, bytes.NewReader(b), int64(len(b)))
		require.NoError(t, err)
		return got
	}

	whole := id(Scans, 0, data)
	require.Equal(t, reference(Scans, 0, data), whole)
	require.Equal(t, reference(Scans, 0, data[:999]), id(Scans, 0, data[:999]), "one segment: the plain SHA-256")
	require.Equal(t, whole, id(Scans, 0, data), "the same bytes give the same id")
	require.NotEqual(t, whole, id(Products, 0, data), "the kind is part of the id")
	require.NotEqual(t, whole, id(Scans, 7, data), "the forced account is part of the id")
	for _, at := range []int{0, 999, 1000, 4320} {
		changed := bytes.Clone(data)
		changed[at] ^= 1
		require.NotEqual(t, whole, id(Scans, 0, changed), "a byte changed at %d", at)
	}
	require.NotEqual(t, whole, id(Scans, 0, data[:4320]), "a truncated file")
}
