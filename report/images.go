package report

import (
	"context"

	"pricelens/engine"
)

// ImageKnown reports whether addr is an image of the account: of its own products
// (competitor 0) or of a competitor's offers. The image proxy fetches only
// addresses this answers true for, so it can never be made to fetch an arbitrary
// address for a caller.
func (s *Service) ImageKnown(ctx context.Context, a engine.Account, competitor int64, addr string) (bool, error) {
	st, err := engine.CompileImageKnown(a, competitor, addr)
	if err != nil {
		return false, err
	}
	n, err := s.W.Count(ctx, st)
	return n > 0, err
}
