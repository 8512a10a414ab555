package report

import (
	"context"
	"strings"

	"pricelens/engine"
)

// RunBlock runs one block of a grid over a run's results, the results grid's or
// the approval grid's (one compiler in the engine, runGrid; one runner here): the
// product rows with their columns under their own ids, or in group mode the group
// rows with their key under the group column's id. groups says which; the caller
// adds what only its grid shows (explanations, decisions, offers, labels).
func (s *Service) RunBlock(ctx context.Context, plan engine.Plan) (rows []map[string]any, last int, groups bool, err error) {
	res, err := s.W.Query(ctx, plan.Statement)
	if err != nil {
		return nil, 0, false, err
	}
	rows = toMaps(res)
	keep, last := plan.LastRow(len(rows))
	rows = rows[:keep]
	if plan.Shape == engine.ShapeGroups {
		// Group rows (group and graph modes): the key and the metrics; no product of
		// their own to detail.
		for _, r := range rows {
			r[plan.GroupField] = r["group_key"]
		}
		return rows, last, true, nil
	}
	for _, r := range rows {
		for k, v := range r {
			if strings.HasPrefix(k, engine.ResultKeyPrefix) {
				r[strings.TrimPrefix(k, engine.ResultKeyPrefix)] = v
				delete(r, k)
			}
		}
	}
	return rows, last, false, nil
}

// RunCount runs a run grid's count: its rows and its second column (the records
// waiting for a decision).
func (s *Service) RunCount(ctx context.Context, st engine.Statement) (count, waiting uint64, err error) {
	res, err := s.W.Query(ctx, st)
	if err != nil || len(res.Rows) != 1 {
		return 0, 0, err
	}
	count, _ = res.Rows[0][0].(uint64)
	waiting, _ = res.Rows[0][1].(uint64)
	return count, waiting, nil
}
