package grid

import (
	"context"

	"pricelens/api/session"
	"pricelens/engine"
	pricing "pricelens/pricer"
	"pricelens/store"
)

// pricerReports is the report service as the pricer's grids read it, for one
// caller (pricing.Reports): the caller's account, the product report's rows, the
// rows' labels. The pricer's domain cannot import api/, so it declares what it
// needs and this hands it over.
type pricerReports struct {
	s *Service
	p session.Principal
}

var _ pricing.Reports = pricerReports{}

func (r pricerReports) Account(ctx context.Context, withMeta bool) (engine.Account, error) {
	return r.s.account(ctx, r.p, withMeta)
}

func (r pricerReports) Rows(ctx context.Context, a engine.Account, c engine.Condition) ([]map[string]any, error) {
	b, err := r.s.Rows(ctx, a, c)
	return b.Rows, err
}

func (r pricerReports) Labels(ctx context.Context, a engine.Account, rows []map[string]any) error {
	return r.s.fillLabels(ctx, a, rows)
}

// pricer is the pricer's domain over the service's databases.
func (s *Service) pricer() *pricing.Pricer {
	return pricing.New(store.New(s.DB), s.W)
}
