package contractfuzz

import (
	"fmt"
	"io"
	"sort"
	"strings"
)

// Write prints the summary: coverage, requests, failures by kind, answers by
// status, role and shape, and the first failure of each kind, operation and status.
func (s *Summary) Write(w io.Writer) {
	fmt.Fprintf(w, "contract fuzz, seed %d, %s\n", s.Seed, s.Elapsed.Round(100_000_000))
	fmt.Fprintf(w, "  operations: %d in the document, %d called, %d answered 2xx at least once\n", s.Operations, s.Covered, s.Reached)
	fmt.Fprintf(w, "  requests: %d (%.0f/s)\n", s.Requests, float64(s.Requests)/max(s.Elapsed.Seconds(), 1e-9))
	fmt.Fprintf(w, "  5xx: %d, schema violations: %d, no answer: %d, invariant violations: %d\n", s.Server5xx, s.Schema, s.NoAnswer, s.Invariant)
	fmt.Fprintf(w, "  by status: %s\n", counts(s.ByStatus))
	fmt.Fprintf(w, "  by role: %s\n", counts(s.ByRole))
	fmt.Fprintf(w, "  by shape: %s\n", counts(s.ByShape))
	if len(s.NotReached) > 0 {
		fmt.Fprintf(w, "  never answered 2xx (%d), with the last answer to a valid request as %s:\n", len(s.NotReached), s.FirstRole)
		for _, id := range s.NotReached {
			fmt.Fprintf(w, "    %s: %s\n", id, s.LastAnswer[id])
		}
	}
	if len(s.Unavailable) > 0 {
		fmt.Fprintf(w, "  no role calls (%d): %s\n", len(s.Unavailable), strings.Join(s.Unavailable, ", "))
	}
	for _, f := range s.Failures {
		fmt.Fprintf(w, "  FAIL %s\n", f)
	}
}

func counts[K int | string](m map[K]int) string {
	keys := make([]K, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i] < keys[j] })
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%v %d", k, m[k])
	}
	return strings.Join(parts, ", ")
}
