package grid

import (
	"context"

	"pricelens/api/session"
	"pricelens/engine"
	pricing "pricelens/pricer"
	"pricelens/report"
	"pricelens/store"
)

// pricerReports is the report service as the pricer's grids read it, for one
// caller (pricing.Reports): the caller's account, the product report's rows, the
// rows' labels. The pricer's domain cannot import api/, so it declares what it
// needs and this hands it over.
type pricerReports struct {
	s *report.Service
	p session.Principal
}

var _ pricing.Reports = pricerReports{}

func (r pricerReports) Account(ctx context.Context, withMeta bool) (engine.Account, error) {
	if withMeta {
		return r.s.Account(ctx, r.p)
	}
	return r.s.AccountPlain(ctx, r.p)
}

func (r pricerReports) Rows(ctx context.Context, a engine.Account, c engine.Condition) ([]map[string]any, error) {
	b, err := r.s.Rows(ctx, a, c)
	return b.Rows, err
}

func (r pricerReports) Labels(ctx context.Context, a engine.Account, rows []map[string]any) error {
	return r.s.FillLabels(ctx, a, rows)
}

// pricerOf is the pricer's domain over the report service's databases.
func pricerOf(s *report.Service) *pricing.Pricer {
	return pricing.New(store.New(s.DB), s.W)
}
