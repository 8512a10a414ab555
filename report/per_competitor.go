package report

import (
	"fmt"
	"sort"
	"strings"

	"pricelens/engine"
)

// The one place the report service orders rows in Go after SQL: the
// per-competitor mode (competitiveness per competitor). Its SQL answers one row
// per competitor that has comparable pairs; engine.PerCompetitorRows adds a row
// with NULL metrics for every other selected competitor, so the rows to sort and
// page exist only after that step, and there are at most as many as the account
// has competitors (tens). Sorting them in SQL would need the selected competitors
// as a constant table joined to the aggregate, written twice for the two
// ClickHouse releases, to order a few dozen rows; here it is one stable sort.
// Every other mode (product rows, groups, their per-competitor pairs) is sorted
// and paged by the plan's SQL.

// perCompetitorBlock shapes a per-competitor block: a row per selected
// competitor, sorted by the condition's sort, then the block's page of them.
func perCompetitorBlock(plan engine.Plan, rows []map[string]any, sorts []engine.SortItem) Block {
	all := engine.PerCompetitorRows(plan, rows)
	sortRows(all, sorts)
	end := min(plan.StartRow+plan.Limit, len(all))
	start := min(plan.StartRow, len(all))
	return Block{Rows: all[start:end], LastRow: len(all)}
}

// sortRows sorts the per-competitor rows: NULLs last in either direction, the
// competitor id as the tie-breaker.
func sortRows(rows []map[string]any, sorts []engine.SortItem) {
	less := func(a, b any) int {
		af, aok := a.(float64)
		bf, bok := b.(float64)
		if au, ok := a.(uint64); ok {
			af, aok = float64(au), true
		}
		if bu, ok := b.(uint64); ok {
			bf, bok = float64(bu), true
		}
		switch {
		case aok && bok:
			if af < bf {
				return -1
			} else if af > bf {
				return 1
			}
			return 0
		case aok:
			return -2
		case bok:
			return 2
		}
		as, bs := fmt.Sprint(a), fmt.Sprint(b)
		return strings.Compare(as, bs)
	}
	sort.SliceStable(rows, func(i, j int) bool {
		for _, s := range sorts {
			c := less(rows[i][s.ColID], rows[j][s.ColID])
			if c == 2 || c == -2 { // NULLs last either way
				return c < 0
			}
			if s.Sort == engine.SortDesc {
				c = -c
			}
			if c != 0 {
				return c < 0
			}
		}
		return rows[i]["id"].(int64) < rows[j]["id"].(int64)
	})
}
