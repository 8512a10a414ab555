package pricer

import (
	"context"
	"strings"

	"pricelens/engine"
)

// Reports is what the pricer's grids read through the report service, for one
// caller: the compiler's view of the caller's account (withMeta: with the
// snapshot's slots and totals), one block of the product report's rows, and the
// labels of product rows. The HTTP layer passes the report service's
// (report.Service.PricerReports), so the pricer's grids share its catalogue cache
// and its rows.
type Reports interface {
	Account(ctx context.Context, withMeta bool) (engine.Account, error)
	Rows(ctx context.Context, a engine.Account, c engine.Condition) ([]map[string]any, error)
	Labels(ctx context.Context, a engine.Account, rows []map[string]any) error
}

// Block is one block of a run grid (results or approval): product rows or group
// rows keyed by column id, LastRow the total when the block reaches the end (else
// -1), and the run they come from (nil: no complete run yet, no rows).
type Block struct {
	Rows    []map[string]any
	LastRow int
	RunID   *int64
}

// runBlock runs one block of a grid over a run's results, the results grid's or
// the approval grid's (one compiler in the engine, runGrid; one runner here): the
// product rows with their columns under their own ids, or in group mode the group
// rows with their key under the group column's id. groups says which; the caller
// adds what only its grid shows (explanations, decisions, offers, labels).
func (p *Pricer) runBlock(ctx context.Context, plan engine.Plan) (rows []map[string]any, last int, groups bool, err error) {
	res, err := p.W.Query(ctx, plan.Statement)
	if err != nil {
		return nil, 0, false, err
	}
	rows = res.Maps()
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

// runCount runs a run grid's count: its rows and its second column (the records
// waiting for a decision).
func (p *Pricer) runCount(ctx context.Context, st engine.Statement) (count, waiting uint64, err error) {
	res, err := p.W.Query(ctx, st)
	if err != nil || len(res.Rows) != 1 {
		return 0, 0, err
	}
	count, _ = res.Rows[0][0].(uint64)
	waiting, _ = res.Rows[0][1].(uint64)
	return count, waiting, nil
}
