package warehouse

// SetSnapshotChunkForTest sets the products per rebuild chunk and returns the
// restore function, so that a small test account spans several chunks.
func SetSnapshotChunkForTest(n int) (restore func()) {
	old := snapshotChunk
	snapshotChunk = n
	return func() { snapshotChunk = old }
}

// SetAfterDeltaBuildForTest runs f between a delta refresh's build and its swap.
func SetAfterDeltaBuildForTest(f func()) (restore func()) {
	old := afterDeltaBuild
	afterDeltaBuild = f
	return func() { afterDeltaBuild = old }
}
