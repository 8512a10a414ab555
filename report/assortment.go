package report

import (
	"context"
	"fmt"

	"pricelens/engine"
)

// The assortment reports' calls (docs/product.md §7: assortment/getConditionsData
// {data, tableName}, getCountOfRow {data}, getColumnsDef, getNameTooltipData);
// the definitions are engine/assortment.go's.

// AssortmentRows runs one block of an assortment report. Product rows are the
// tabular grid's (expanded offers, labels, currency); the aggregated rows get an
// id of group and competitor, and their group under the report's field.
func (s *Service) AssortmentRows(ctx context.Context, a engine.Account, c engine.Condition, kind engine.AssortmentKind) (Block, error) {
	if kind == engine.AssortmentProducts {
		return s.Rows(ctx, a, engine.AssortmentProductsCondition(a, c))
	}
	plan, err := engine.CompileAssortmentRows(a, c, kind)
	if err != nil {
		return Block{}, err
	}
	res, err := s.W.Query(ctx, plan.Statement)
	if err != nil {
		return Block{}, err
	}
	rows := res.Maps()
	keep, last := plan.LastRow(len(rows))
	rows = rows[:keep]
	for _, r := range rows {
		key := r["group_key"]
		delete(r, "group_key")
		if plan.GroupField != "" {
			r[plan.GroupField] = key
		}
		r["id"] = fmt.Sprint(key, "@", r["competitor_id"])
	}
	return Block{Rows: rows, LastRow: last}, nil
}

// AssortmentCount runs assortment/getCountOfRow.
func (s *Service) AssortmentCount(ctx context.Context, a engine.Account, c engine.Condition, kind engine.AssortmentKind) (uint64, error) {
	plan, err := engine.CompileAssortmentCount(a, c, kind)
	if err != nil {
		return 0, err
	}
	return s.W.Count(ctx, plan.Statement)
}
