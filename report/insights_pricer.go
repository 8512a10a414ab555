package report

import (
	"context"

	"pricelens/engine"
	"pricelens/store"
	"pricelens/store/authz"
)

// The results screen's filters of the pricing insights' candidates: the products
// the latest real run proposes to raise (change % above 0) and to reduce (below 0).
const (
	candidatesUp   = `{"filters":{"change_pct":{"filterType":"number","type":"greaterThan","filter":0}}}`
	candidatesDown = `{"filters":{"change_pct":{"filterType":"number","type":"lessThan","filter":0}}}`
	// ResultsPage is the results screen; ?change=up|down opens it with those filters.
	ResultsPage = "/new/repricing/results"
)

// LatestRunCandidates is the insights panel's PricerCandidates over the account's
// latest complete real run: its proposed raises and reductions within the caller's
// categories, counted with the results grid's own condition (engine.CompileResultCount)
// so that the number and the screen it links to always agree. No run: ok false.
func LatestRunCandidates(s *Service) PricerCandidates {
	return func(ctx context.Context, p authz.Principal) (Candidates, bool, error) {
		run, found, err := store.New(s.DB).LatestCompleteRun(ctx, p.AccountID, false)
		if err != nil || !found || run.ResultID == 0 {
			return Candidates{}, false, err
		}
		a, err := s.account(ctx, p, false)
		if err != nil {
			return Candidates{}, false, err
		}
		var n [2]uint64
		for i, js := range []string{candidatesUp, candidatesDown} {
			c, err := engine.ParseCondition([]byte(js))
			if err != nil {
				return Candidates{}, false, err
			}
			st, err := engine.CompileResultCount(a, c, uint64(run.ResultID), false, engine.ApprovalDecided{}) // change_pct only: decisions do not matter
			if err != nil {
				return Candidates{}, false, err
			}
			res, err := s.W.Query(ctx, st)
			if err != nil {
				return Candidates{}, false, err
			}
			if len(res.Rows) == 1 {
				n[i], _ = res.Rows[0][0].(uint64)
			}
		}
		return Candidates{Up: n[0], Down: n[1], UpLink: ResultsPage + "?change=up", DownLink: ResultsPage + "?change=down"}, true, nil
	}
}
